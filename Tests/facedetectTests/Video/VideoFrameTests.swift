import FaceDetection
import Testing

@testable import FaceDetectCLI

/// `VideoFrame`: frames kept in the decoder's 4:2:0 YCbCr, converted to RGB for the detector and
/// only where they are hidden or drawn on.
struct VideoFrameTests {
    /// A smooth `width` × `height` picture (gradients in every channel), where 4:2:0 loses little.
    static func gradient(width: Int, height: Int) -> RGBImage {
        var image = RGBImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                image[x, y] = RGB(UInt8(40 + 3 * x % 170), UInt8(30 + 2 * y % 190), UInt8(200 - (x + y) % 150))
            }
        }
        return image
    }

    /// The largest difference of one channel between two pictures of one size.
    static func largestDifference(_ a: RGBImage, _ b: RGBImage) -> Int {
        zip(a.pixels, b.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
    }

    /// Y, Cb and Cr of pixel (`x`, `y`).
    static func sample(_ frame: VideoFrame, x: Int, y: Int) -> [UInt8] {
        let chromaWidth = (frame.width + 1) / 2
        let chromaSize = chromaWidth * ((frame.height + 1) / 2)
        let chroma = frame.width * frame.height + (y / 2) * chromaWidth + x / 2
        return [frame.bytes[y * frame.width + x], frame.bytes[chroma], frame.bytes[chroma + chromaSize]]
    }

    @Test func sizesOfOddFramesRoundTheChromaPlanesUp() {
        #expect(VideoFrame.byteCount(width: 4, height: 2) == 8 + 2 * 2)
        #expect(VideoFrame.byteCount(width: 5, height: 3) == 15 + 2 * 3 * 2)
    }

    @Test(arguments: [(32, 18), (33, 17)])
    func rgbThroughYCbCrAndBackStaysClose(width: Int, height: Int) {
        let image = Self.gradient(width: width, height: height)
        let frame = VideoFrame(image)
        #expect(frame.rgbImage.width == width && frame.rgbImage.height == height)
        // BT.601 both ways: luma rounding, plus the 2 × 2 chroma mean on a gradient.
        #expect(Self.largestDifference(frame.rgbImage, image) <= 4)
    }

    @Test func editsThatChangeNothingLeaveTheBytesAlone() {
        let frame = VideoFrame(Self.gradient(width: 33, height: 17))
        var edited = frame
        edited.draw([])
        edited.blur(Rect(x: 40, y: 2, width: 10, height: 10))
        edited.pixelate(Rect(x: -20, y: -20, width: 10, height: 10))
        edited.blur(Rect(x: .nan, y: 2, width: 10, height: 10))
        #expect(edited == frame)
    }

    @Test(arguments: [false, true])
    func hidingChangesOnlyThePixelsTheBoxTouches(pixelate: Bool) {
        let frame = VideoFrame(Self.gradient(width: 48, height: 30))
        let box = Rect(x: 9.5, y: 7.2, width: 20, height: 15)  // touches columns 9...29, rows 7...22
        var hidden = frame
        var expected = frame.rgbImage
        if pixelate {
            hidden.pixelate(box)
            expected.pixelate(box)
        } else {
            hidden.blur(box)
            expected.blur(box)
        }
        #expect(hidden != frame)
        for y in 0..<frame.height {
            for x in 0..<frame.width {
                let inside = (9..<30).contains(x) && (7..<23).contains(y)
                // Chroma samples are shared by 2 × 2 blocks: those with a hidden pixel change.
                let blockTouched = (8..<30).contains(x) && (6..<24).contains(y)
                let before = Self.sample(frame, x: x, y: y)
                let after = Self.sample(hidden, x: x, y: y)
                if !inside { #expect(after[0] == before[0], "luma at \(x), \(y)") }
                if !blockTouched { #expect(after[1...] == before[1...], "chroma at \(x), \(y)") }
            }
        }
        // Inside, the picture is what hiding the RGB picture gives, up to 4:2:0's chroma.
        let inner = (10..<29).flatMap { x in (8..<22).map { y in (x, y) } }
        let got = hidden.rgbImage
        let worst =
            inner.map { x, y in
                let (a, b) = (got[x, y], expected[x, y])
                return max(abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b)))
            }.max() ?? 0
        #expect(worst <= 8, "\(worst)")
    }

    @Test func drawnFacesChangeTheLumaOfTheDrawnPixelsOnly() {
        let frame = VideoFrame(Self.gradient(width: 64, height: 48))
        let face = Face(bounds: Rect(x: 10, y: 8, width: 30, height: 30), score: 0.9)
        var drawn = frame
        drawn.draw([face])
        var expected = frame.rgbImage
        expected.draw([face])
        let original = frame.rgbImage
        var changed = 0
        for y in 0..<frame.height {
            for x in 0..<frame.width {
                let luma = Self.sample(drawn, x: x, y: y)[0]
                if expected[x, y] == original[x, y] {
                    #expect(luma == Self.sample(frame, x: x, y: y)[0], "at \(x), \(y)")
                } else {
                    changed += 1
                    let colour = expected[x, y]
                    #expect(luma == frame.colors.luma(Float(colour.r), Float(colour.g), Float(colour.b)))
                }
            }
        }
        #expect(changed > 100)
    }
}
