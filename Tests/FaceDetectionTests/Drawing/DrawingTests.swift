import Testing

@testable import FaceDetection

private let white = RGB(255, 255, 255)
private let black = RGB(0, 0, 0)

@Test func rectangleOutlineIsPixelExact() {
    var image = RGBImage(width: 8, height: 6)
    image.drawRectangle(Rect(x: 1, y: 1, width: 5, height: 4), color: white, thickness: 1)
    #expect(
        mask(image, white) == [
            "........",
            ".#####..",
            ".#...#..",
            ".#...#..",
            ".#####..",
            "........",
        ])
    // Edges round to the nearest pixel boundary; a 2 px stroke grows inwards.
    var thick = RGBImage(width: 9, height: 8)
    thick.drawRectangle(Rect(x: 0.6, y: 0.4, width: 7.8, height: 6.2), color: white, thickness: 2)
    // Columns round(0.6) = 1 ..< round(8.4) = 8, rows round(0.4) = 0 ..< round(6.6) = 7.
    #expect(
        mask(thick, white) == [
            ".#######.",
            ".#######.",
            ".##...##.",
            ".##...##.",
            ".##...##.",
            ".#######.",
            ".#######.",
            ".........",
        ])
}

@Test func rectangleClipsAtTheBordersAndSurvivesAnySize() {
    let blank = RGBImage(width: 8, height: 8)
    var image = blank
    image.drawRectangle(Rect(x: -5, y: -5, width: 10, height: 10), color: white, thickness: 1)
    #expect(changedPixels(blank, image).count == 9)  // column 4 and row 4 of rows/columns 0…4
    #expect(image[4, 0] == white && image[0, 4] == white && image[4, 4] == white && image[3, 3] == black)

    for rect in [
        Rect(x: 20, y: 2, width: 5, height: 5), Rect(x: -30, y: -30, width: 10, height: 10),
        Rect(x: 2, y: 2, width: 0, height: 5), Rect(x: 2, y: 2, width: 0, height: 0),
        Rect(x: 2, y: 2, width: -4, height: 3), Rect(x: .nan, y: 1, width: 3, height: 3),
        Rect(x: 1, y: 1, width: .infinity, height: 3),
    ] {
        var untouched = blank
        untouched.drawRectangle(rect, color: white, thickness: 3)
        #expect(untouched == blank, "\(rect)")
    }
    var filled = blank
    filled.drawRectangle(Rect(x: 2, y: 1, width: 4, height: 3), color: white, thickness: .max)
    #expect(changedPixels(blank, filled).count == 12)
    var huge = blank
    huge.drawRectangle(Rect(x: -1e30, y: -1e30, width: 3e30, height: 3e30), color: white, thickness: 2)
    #expect(huge == blank)  // the outline lies far outside
    huge.drawRectangle(Rect(x: -1e30, y: -1e30, width: 3e30, height: 3e30), color: white, thickness: .max)
    #expect(changedPixels(blank, huge).count == 64)  // a stroke that deep covers the image
    var zeroThickness = blank
    var oneThickness = blank
    zeroThickness.drawRectangle(Rect(x: 1, y: 1, width: 5, height: 5), color: white, thickness: 0)
    oneThickness.drawRectangle(Rect(x: 1, y: 1, width: 5, height: 5), color: white, thickness: 1)
    #expect(zeroThickness == oneThickness)
}

@Test func ringAndDiscArePixelExact() {
    var ring = RGBImage(width: 9, height: 9)
    ring.drawCircle(center: Point(x: 4.5, y: 4.5), radius: 3, color: white, thickness: 1)
    // Pixel centres at distance d with 2 < d <= 3 (integer offsets dx, dy: 4 < dx² + dy² <= 9).
    #expect(
        mask(ring, white) == [
            ".........",
            "....#....",
            "..##.##..",
            "..#...#..",
            ".#.....#.",
            "..#...#..",
            "..##.##..",
            "....#....",
            ".........",
        ])
    var disc = RGBImage(width: 5, height: 5)
    disc.drawCircle(center: Point(x: 2.5, y: 2.5), radius: 1.5, color: white, thickness: nil)
    #expect(mask(disc, white) == [".....", ".###.", ".###.", ".###.", "....."])
    var dot = RGBImage(width: 5, height: 5)  // centre on a pixel corner: no pixel centre within 0.3
    dot.drawCircle(center: Point(x: 2, y: 2), radius: 0.3, color: white, thickness: nil)
    #expect(mask(dot, white) == [".....", ".....", "..#..", ".....", "....."])
}

/// The painted pixels form one 8-connected shape.
private func isConnected(_ image: RGBImage, _ color: RGB) -> Bool {
    var todo: [(Int, Int)] = []
    var seen = Set<Int>()
    var total = 0
    for y in 0..<image.height {
        for x in 0..<image.width where image[x, y] == color {
            total += 1
            if todo.isEmpty && seen.isEmpty {
                todo.append((x, y))
                seen.insert(y * image.width + x)
            }
        }
    }
    while let (x, y) = todo.popLast() {
        for ny in max(0, y - 1)...min(image.height - 1, y + 1) {
            for nx in max(0, x - 1)...min(image.width - 1, x + 1)
            where image[nx, ny] == color && seen.insert(ny * image.width + nx).inserted {
                todo.append((nx, ny))
            }
        }
    }
    return seen.count == total
}

@Test func ringsHaveNoGapsAtAnyRadius() {
    var radius: Float = 0.5
    while radius < 40 {
        for thickness in [1, 2] {
            var image = RGBImage(width: 90, height: 90)
            let center = Point(x: 45 + radius.truncatingRemainder(dividingBy: 1), y: 44.3)
            image.drawCircle(center: center, radius: radius, color: white, thickness: thickness)
            #expect(isConnected(image, white), "radius \(radius) thickness \(thickness)")
            #expect(image.pixels.contains(255))
        }
        radius += 0.37
    }
}

@Test func circlesClipAtTheBordersAndSurviveAnySize() {
    let blank = RGBImage(width: 10, height: 10)
    var corner = blank
    corner.drawCircle(center: Point(x: 0, y: 0), radius: 4, color: white, thickness: nil)
    // A quarter disc: pixel centres (x + 0.5, y + 0.5) within 4 of the corner.
    var expected = 0
    for y in 0..<10 {
        for x in 0..<10 where (Float(x) + 0.5) * (Float(x) + 0.5) + (Float(y) + 0.5) * (Float(y) + 0.5) <= 16 {
            expected += 1
        }
    }
    #expect(changedPixels(blank, corner).count == expected)

    for (center, radius, thickness) in [
        (Point(x: 50, y: 50), Float(5), Int?.none),
        (Point(x: -20, y: 5), 8, 3), (Point(x: 5, y: 5), 1e30, 1),
        (Point(x: 5, y: 5), -3, nil), (Point(x: .nan, y: 5), 3, nil),
        (Point(x: 5, y: 5), .infinity, nil), (Point(x: 5, y: 5), 30, 2),
    ] {
        var image = blank
        image.drawCircle(center: center, radius: radius, color: white, thickness: thickness)
        #expect(image == blank, "\(center) \(radius)")
    }
    var everything = blank
    everything.drawCircle(center: Point(x: 5, y: 5), radius: 1e30, color: white, thickness: nil)
    #expect(changedPixels(blank, everything).count == 100)
    var deep = blank
    var full = blank
    deep.drawCircle(center: Point(x: 5, y: 5), radius: 4, color: white, thickness: .max)
    full.drawCircle(center: Point(x: 5, y: 5), radius: 4, color: white, thickness: nil)
    #expect(deep == full)
    var thin = blank
    var one = blank
    thin.drawCircle(center: Point(x: 5, y: 5), radius: 4, color: white, thickness: -2)
    one.drawCircle(center: Point(x: 5, y: 5), radius: 4, color: white, thickness: 1)
    #expect(thin == one && thin != full)
}

@Test func drawingFacesChangesOnlyTheShapes() {
    // Background channels stay below 250, so every painted pixel differs from what was there.
    let photo = randomImage(width: 120, height: 90, seed: 7, range: 0...249)
    let faces = [
        Face(
            bounds: Rect(x: 10.2, y: 8.7, width: 40.5, height: 44), score: 0.9,
            landmarks: [
                Landmark(type: .leftEye, position: Point(x: 38, y: 25)),
                Landmark(type: .rightEye, position: Point(x: 22.4, y: 25.2)),
                Landmark(type: .noseBase, position: Point(x: 30, y: 38)),
            ]),
        Face(
            bounds: Rect(x: 95, y: 60, width: 50, height: 50), score: 0.5,
            landmarks: [
                Landmark(type: .mouthLeft, position: Point(x: 119, y: 89.5))
            ]),
    ]
    let style = AnnotationStyle(
        boxColor: RGB(0, 255, 0), landmarkColor: RGB(255, 0, 255),
        lineThickness: 3, landmarkRadius: 2.5)
    var canvas = photo
    canvas.draw(faces, style: style)

    var onBox = 0
    var onDot = 0
    for y in 0..<photo.height {
        for x in 0..<photo.width {
            let px = Float(x) + 0.5
            let py = Float(y) + 0.5
            let dot = faces.flatMap(\.landmarks).contains {
                let dx = px - $0.position.x
                let dy = py - $0.position.y
                return dx * dx + dy * dy <= style.landmarkRadius * style.landmarkRadius
            }
            let box = faces.contains {
                let x0 = Int($0.bounds.x.rounded())
                let x1 = Int($0.bounds.maxX.rounded())
                let y0 = Int($0.bounds.y.rounded())
                let y1 = Int($0.bounds.maxY.rounded())
                let t = style.lineThickness
                return x >= x0 && x < x1 && y >= y0 && y < y1
                    && (x < x0 + t || x >= x1 - t || y < y0 + t || y >= y1 - t)
            }
            let expected = dot ? style.landmarkColor : box ? style.boxColor : photo[x, y]
            #expect(canvas[x, y] == expected, "pixel \(x), \(y)")
            if dot { onDot += 1 } else if box { onBox += 1 }
        }
    }
    #expect(changedPixels(photo, canvas).count == onBox + onDot)
    // First box 41 × 44 (x 10…50, y 9…52) with a 3 px stroke: 41·44 − 35·38 = 474 pixels.
    #expect(onBox + onDot > 474 && onDot >= 3 * 16)  // a 2.5 px dot on a pixel corner covers 4 × 4 pixels
}

@Test func defaultStyleScalesWithTheImage() {
    #expect(AnnotationStyle.default(for: RGBImage(width: 640, height: 480)).lineThickness == 2)
    #expect(AnnotationStyle.default(for: RGBImage(width: 4000, height: 3000)).lineThickness == 10)
    var canvas = RGBImage(width: 64, height: 48)
    canvas.draw([Face(bounds: Rect(x: 8, y: 8, width: 20, height: 20), score: 1)])
    #expect(canvas[8, 8] == RGB(0, 255, 0) && canvas[9, 9] == RGB(0, 255, 0) && canvas[10, 10] == black)
}
