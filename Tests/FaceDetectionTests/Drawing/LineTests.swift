import Testing

@testable import FaceDetection

private let white = RGB(255, 255, 255)

/// `drawLine`: the pixels whose centres lie within half the thickness of the segment.
@Suite struct LineTests {
    @Test func horizontalAndDiagonalLinesArePixelExact() {
        var image = RGBImage(width: 8, height: 5)
        image.drawLine(from: Point(x: 1.5, y: 1.5), to: Point(x: 6.5, y: 1.5), color: white, thickness: 1)
        image.drawLine(from: Point(x: 1.5, y: 2.5), to: Point(x: 3.5, y: 4.5), color: white, thickness: 1)
        #expect(
            mask(image, white) == [
                "........",
                ".######.",
                ".#......",
                "..#.....",
                "...#....",
            ])
    }

    /// A shallow one-pixel line has exactly one painted pixel per column (no gaps, no doubling
    /// off the exact half-pixel case), and a thick one is wider.
    @Test func shallowLinesHaveNoGaps() {
        var image = RGBImage(width: 40, height: 20)
        image.drawLine(from: Point(x: 0.5, y: 2.2), to: Point(x: 39.5, y: 15.3), color: white, thickness: 1)
        let rows = mask(image, white)
        for x in 0..<40 {
            let painted = rows.filter { Array($0)[x] == "#" }.count
            #expect(painted >= 1 && painted <= 2, "column \(x): \(painted)")
        }
        var thick = RGBImage(width: 40, height: 20)
        thick.drawLine(from: Point(x: 0.5, y: 2.2), to: Point(x: 39.5, y: 15.3), color: white, thickness: 4)
        #expect(mask(thick, white).joined().filter { $0 == "#" }.count > 3 * rows.joined().filter { $0 == "#" }.count)
    }

    @Test func linesClipAndIgnoreNonFiniteEnds() {
        let blank = RGBImage(width: 6, height: 6)
        var image = blank
        image.drawLine(from: Point(x: -10, y: 3), to: Point(x: 20, y: 3), color: white, thickness: 1)
        #expect(mask(image, white)[2] == "######" && mask(image, white)[3] == "######")
        var untouched = blank
        untouched.drawLine(from: Point(x: .nan, y: 1), to: Point(x: 3, y: 3), color: white, thickness: 1)
        untouched.drawLine(from: Point(x: -9, y: -9), to: Point(x: -2, y: -1), color: white, thickness: 3)
        #expect(untouched == blank)
    }

    /// `draw(_:style:)` draws a face's contours in the contour colour: a closed ring joins its ends,
    /// an open line does not.
    @Test func annotationDrawsContours() {
        let blank = RGBImage(width: 30, height: 30)
        let ring = FaceContour(
            kind: .leftEye, points: [Point(x: 5.5, y: 5.5), Point(x: 15.5, y: 5.5), Point(x: 15.5, y: 15.5)])
        let open = FaceContour(kind: .noseBridge, points: [Point(x: 20.5, y: 20.5), Point(x: 25.5, y: 20.5)])
        var face = Face(bounds: Rect(x: 0, y: 0, width: 30, height: 30), score: 1)
        var withoutContours = blank
        withoutContours.draw([face])
        face.contours = [ring, open]
        var canvas = blank
        canvas.draw([face])
        let style = AnnotationStyle.default(for: blank)
        #expect(canvas != withoutContours)
        #expect(canvas[10, 5] == style.contourColor && canvas[15, 10] == style.contourColor)
        #expect(canvas[10, 10] == style.contourColor)  // the closing edge, (15.5, 15.5) → (5.5, 5.5)
        #expect(canvas[22, 20] == style.contourColor && canvas[22, 22] == blank[22, 22])
        #expect(style.contourColor != style.boxColor && style.contourColor != style.landmarkColor)
    }

    /// The lips' top and bottom edges are drawn as rings: the outer one closes from the lower
    /// lip's last point back to the right mouth corner, where the upper lip starts.
    @Test func lipEdgesAreJoinedIntoRings() {
        var face = Face(bounds: Rect(x: 0, y: 0, width: 40, height: 40), score: 1)
        face.contours = [
            FaceContour(kind: .upperLipTop, points: [Point(x: 5.5, y: 20.5), Point(x: 35.5, y: 20.5)]),
            FaceContour(kind: .lowerLipBottom, points: [Point(x: 10.5, y: 30.5), Point(x: 30.5, y: 30.5)]),
            FaceContour(kind: .noseBridge, points: [Point(x: 20.5, y: 5.5), Point(x: 20.5, y: 10.5)]),
        ]
        let lines = RGBImage.contourLines(face)
        #expect(lines.count == 2)
        #expect(lines[0].closed && lines[0].points.count == 4 && lines[0].points[2] == Point(x: 30.5, y: 30.5))
        #expect(!lines[1].closed && lines[1].points.count == 2)
        var canvas = RGBImage(width: 40, height: 40)
        canvas.draw([face])
        let color = AnnotationStyle.default(for: canvas).contourColor
        #expect(canvas[8, 25] == color)  // on the closing edge (10.5, 30.5) → (5.5, 20.5)
        #expect(canvas[33, 25] == color)  // on (35.5, 20.5) → (30.5, 30.5)
    }
}
