import Testing

@testable import FaceDetection

private let ink = RGB(255, 255, 255)
private let paper = RGB(0, 0, 128)

@Test func letterARendersItsGlyphAtScaleOneAndTwo() {
    var one = RGBImage(width: 7, height: 10)
    one.drawText("A", at: Point(x: 0, y: 0), color: ink, background: nil, scale: 1)
    #expect(
        mask(one, ink) == [
            ".......",
            "..###..",
            ".#...#.",
            ".#...#.",
            ".#####.",
            ".#...#.",
            ".#...#.",
            ".#...#.",
            ".......",
            ".......",
        ])
    var two = RGBImage(width: 14, height: 20)
    two.drawText("A", at: Point(x: 0, y: 0), color: ink, background: nil, scale: 2)
    // Every font pixel becomes a 2 × 2 square.
    let doubled = mask(one, ink).flatMap { row in
        let wide = String(row.flatMap { [$0, $0] })
        return [wide, wide]
    }
    #expect(mask(two, ink) == doubled)
}

@Test func fontCoversPrintableASCIIWithDistinctGlyphs() {
    #expect(BitmapFont.glyphs.count == 95 * BitmapFont.glyphHeight)
    #expect(BitmapFont.glyphs.allSatisfy { $0 < 32 })  // 5 bits per row
    let printable = (33...126).map { Character(Unicode.Scalar(UInt8($0))) }
    let shapes = printable.map { Array(BitmapFont.rows(of: $0)) }
    #expect(Set(shapes).count == printable.count)  // no glyph drawn twice
    #expect(shapes.allSatisfy { $0.contains { $0 != 0 } })  // none left blank
    #expect(BitmapFont.rows(of: " ").allSatisfy { $0 == 0 })
    #expect(BitmapFont.rows(of: "é") == BitmapFont.rows(of: "?"))
    #expect(BitmapFont.rows(of: "\t") == BitmapFont.rows(of: "?"))
}

@Test func textBackgroundFillsExactlyTheTextBox() {
    let size = BitmapFont.size(of: "Hi 42\nx", scale: 3)
    #expect(size.width == (5 * 6 + 1) * 3 && size.height == 2 * 10 * 3)
    let blank = RGBImage(width: 200, height: 100, fill: RGB(9, 9, 9))
    var image = blank
    image.drawText("Hi 42", at: Point(x: 10.4, y: 20.6), color: ink, background: paper, scale: 3)
    let changed = changedPixels(blank, image)
    #expect(changed.count == size.width * 30)
    #expect(changed.allSatisfy { $0[0] >= 10 && $0[0] < 10 + size.width && $0[1] >= 21 && $0[1] < 51 })
    #expect(mask(image, ink).joined().filter { $0 == "#" }.count % 9 == 0)  // whole 3 × 3 squares
}

@Test func textClipsAtTheBorders() {
    let text = "Face 1: 87%"
    let whole = BitmapFont.size(of: text, scale: 2)
    var reference = RGBImage(width: whole.width, height: whole.height)
    reference.drawText(text, at: Point(x: 0, y: 0), color: ink, background: paper, scale: 2)
    // The same text drawn 7 px left of and 5 px above a small image shows the matching part.
    var clipped = RGBImage(width: 40, height: 12)
    clipped.drawText(text, at: Point(x: -7, y: -5), color: ink, background: paper, scale: 2)
    for y in 0..<12 { for x in 0..<40 { #expect(clipped[x, y] == reference[x + 7, y + 5]) } }

    let blank = RGBImage(width: 16, height: 16)
    for (origin, scale) in [
        (Point(x: 100, y: 0), 1), (Point(x: 0, y: -200), 5), (Point(x: -1e9, y: 3), 1),
        (Point(x: .nan, y: 0), 1), (Point(x: 3, y: .infinity), 2),
    ] {
        var image = blank
        image.drawText(text, at: origin, color: ink, background: paper, scale: scale)
        #expect(image == blank, "\(origin)")
    }
    var huge = blank
    huge.drawText("#", at: Point(x: -1e6, y: -1e6), color: ink, background: paper, scale: .max)
    #expect(huge == blank)
    var zero = blank
    var one = blank
    zero.drawText("ok", at: Point(x: 1, y: 1), color: ink, background: nil, scale: 0)
    one.drawText("ok", at: Point(x: 1, y: 1), color: ink, background: nil, scale: 1)
    #expect(zero == one && zero != blank)
}

@Test func labelsSitAboveTheBoxOrInsideAtTheTop() {
    let style = AnnotationStyle(
        boxColor: RGB(0, 255, 0), landmarkColor: RGB(255, 0, 0),
        lineThickness: 2, landmarkRadius: 3, labelScale: 2)
    let blank = RGBImage(width: 200, height: 120, fill: RGB(50, 50, 50))
    let size = BitmapFont.size(of: "id 3", scale: 2)  // 50 × 20
    var above = blank
    above.drawLabel("id 3", above: Rect(x: 40, y: 60, width: 50, height: 50), style: style)
    let changed = changedPixels(blank, above)
    #expect(changed.count == size.width * size.height)
    #expect(changed.allSatisfy { $0[0] >= 40 && $0[0] < 40 + size.width && $0[1] >= 40 && $0[1] < 60 })
    #expect(above[40, 40] == style.boxColor && mask(above, RGB(0, 0, 0)).joined().contains("#"))
    // No room above: inside the top edge. Too far right: moved left to stay readable.
    var inside = blank
    inside.drawLabel("id 3", above: Rect(x: 180, y: 5, width: 30, height: 30), style: style)
    #expect(changedPixels(blank, inside).allSatisfy { $0[0] >= 150 && $0[1] >= 5 && $0[1] < 25 })
    #expect(changedPixels(blank, inside).count == size.width * size.height)
    var nothing = blank
    nothing.drawLabel("", above: Rect(x: 10, y: 50, width: 30, height: 30), style: style)
    nothing.drawLabel("x", above: Rect(x: .nan, y: 50, width: 30, height: 30), style: style)
    #expect(nothing == blank)
    #expect(AnnotationStyle.default(for: RGBImage(width: 4000, height: 3000)).labelScale == 5)
}
