import Testing

@testable import FaceDetection

/// `RGBImage.hide(_:style:)`: the box is the blur, mosaic or fill of every pixel the rectangle
/// touches; the ellipse is the same inside the inscribed ellipse and the original outside it.
@Suite("Hiding styles")
struct HidingTests {
    static let image = randomImage(width: 40, height: 30, seed: 7)
    static let rect = Rect(x: 5.5, y: 4.2, width: 24, height: 18)

    /// The pixel at (`x`, `y`).
    static func pixel(_ image: RGBImage, _ x: Int, _ y: Int) -> [UInt8] {
        Array(image.pixels[((y * image.width + x) * 3)..<((y * image.width + x) * 3 + 3)])
    }

    @Test func aBoxIsTheBlurOrTheMosaicOfTheRectangle() {
        var blurred = Self.image
        var expected = Self.image
        blurred.hide(Self.rect, style: HidingStyle(method: .blur))
        expected.blur(Self.rect)
        #expect(blurred == expected)
        var mosaic = Self.image
        expected = Self.image
        mosaic.hide(Self.rect, style: HidingStyle(method: .pixelate))
        expected.pixelate(Self.rect)
        #expect(mosaic == expected)
    }

    @Test func aFillPaintsEveryPixelTheRectangleTouchesAndNothingElse() {
        var filled = Self.image
        filled.hide(Self.rect, style: HidingStyle(method: .fill(RGB(1, 2, 3))))
        for y in 0..<30 {
            for x in 0..<40 {
                let inside = x >= 5 && x < 30 && y >= 4 && y < 23
                #expect(Self.pixel(filled, x, y) == (inside ? [1, 2, 3] : Self.pixel(Self.image, x, y)), "\(x) \(y)")
            }
        }
    }

    @Test func anEllipseHidesItsInsideAndLeavesTheCorners() {
        for method in [HidingStyle.Method.blur, .pixelate, .fill(RGB(0, 0, 0))] {
            var ellipse = Self.image
            var box = Self.image
            ellipse.hide(Self.rect, style: HidingStyle(method: method, shape: .ellipse))
            box.hide(Self.rect, style: HidingStyle(method: method, shape: .box))
            // The centre row and column are as the box hides them; the corners are the original's.
            for x in 6..<29 { #expect(Self.pixel(ellipse, x, 13) == Self.pixel(box, x, 13)) }
            for y in 5..<22 { #expect(Self.pixel(ellipse, 17, y) == Self.pixel(box, 17, y)) }
            for (x, y) in [(5, 4), (29, 4), (5, 22), (29, 22), (7, 5)] {
                #expect(Self.pixel(ellipse, x, y) == Self.pixel(Self.image, x, y))
            }
            // Outside the rectangle nothing changes.
            #expect(Self.pixel(ellipse, 0, 0) == Self.pixel(Self.image, 0, 0))
            #expect(Self.pixel(ellipse, 35, 25) == Self.pixel(Self.image, 35, 25))
        }
    }

    @Test func aThinEllipseStillCoversItsAxisAndAnOutsideRectangleChangesNothing() {
        var thin = Self.image
        thin.hide(
            Rect(x: 10, y: 10, width: 20, height: 0.5), style: HidingStyle(method: .fill(RGB(9, 9, 9)), shape: .ellipse)
        )
        #expect((12..<28).allSatisfy { Self.pixel(thin, $0, 10) == [9, 9, 9] })
        var outside = Self.image
        outside.hide(Rect(x: 50, y: 40, width: 10, height: 10), style: HidingStyle(method: .blur, shape: .ellipse))
        #expect(outside == Self.image)
    }
}
