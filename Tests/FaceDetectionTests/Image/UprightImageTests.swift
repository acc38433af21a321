import Testing

@testable import FaceDetection

/// A picture read upright in place gives, pixel for pixel, the turned copy `applying` makes.
@Test(arguments: ImageOrientation.allCases)
func uprightPixelsAreTheTurnedCopys(_ orientation: ImageOrientation) {
    let stored = randomImage(width: 7, height: 5, seed: 4)
    let copy = stored.applying(orientation)
    let view = UprightImage(stored, orientation: orientation)
    #expect((view.width, view.height) == (copy.width, copy.height))
    for y in 0..<copy.height {
        for x in 0..<copy.width {
            let i = view.storedPixel(x, y) * 3
            #expect(RGB(stored.pixels[i], stored.pixels[i + 1], stored.pixels[i + 2]) == copy[x, y], "\(x) \(y)")
        }
    }
}

/// Every crop of a picture read upright in place is the crop of its turned copy, bit for bit: bilinear
/// (8 lanes and the scalar twin, both borders, turned and level rectangles reaching past the edges)
/// and area (inside, across an edge, outside).
@Test(arguments: ImageOrientation.allCases)
func cropsOfAnUprightPictureAreThoseOfTheTurnedCopy(_ orientation: ImageOrientation) {
    let stored = randomImage(width: 37, height: 23, seed: 9)
    let copy = stored.applying(orientation)
    let (view, plain) = (UprightImage(stored, orientation: orientation), UprightImage(copy))
    let rectangles: [(Point, Float, Float, Float)] = [
        (Point(x: 11, y: 15), 30, 24, 0.4), (Point(x: 10, y: 9), 14, 20, 0), (Point(x: 22, y: 36), 20, 30, -2.5),
        (Point(x: 0.5, y: 0.5), 1, 1, 1), (Point(x: 12, y: 18), 23, 37, 0),
    ]
    for (center, width, height, angle) in rectangles {
        for border in [ImageCrop.Border.zero, .replicate] {
            for (outputWidth, outputHeight, padding) in [(7, 9, 0), (16, 16, 1), (20, 13, 0)] {
                let crop = ImageCrop(
                    center: center, width: width, height: height, angle: angle, outputWidth: outputWidth,
                    outputHeight: outputHeight, border: border, values: .unit)
                var (turned, expected): ([Float], [Float]) = ([], [])
                crop.sample(view, into: &turned, padding: padding)
                crop.sample(plain, into: &expected, padding: padding)
                #expect(turned == expected, "\(orientation) \(center) \(angle) \(border)")
                #expect(crop.bilinearScalar(view) == crop.bilinearScalar(plain))
            }
        }
    }
    for (left, top, width, height) in [(2, 3, 15, 30), (-6, -3, 20, 20), (18, 30, 20, 15), (40, 40, 5, 5)] {
        let crop = ImageCrop(
            left: left, top: top, width: width, height: height, outputWidth: 13, outputHeight: 11, values: .centred)
        var (turned, expected): ([Float], [Float]) = ([], [])
        crop.sample(view, into: &turned, padding: 1)
        crop.sample(plain, into: &expected, padding: 1)
        #expect(turned == expected, "\(orientation) \(left) \(top)")
    }
}

/// The stages on a face found in a quarter-turned photo, measured in its upright picture read in
/// place, give what they give on the turned copy of the photo, mapped back: points, mesh, box,
/// pose and probabilities, bit for bit (the astronaut on a taller canvas, so that the turn changes
/// the picture's shape); and dlib's predictor on the face's box, which the stages run only where
/// the mesh does not.
@Test(arguments: [ImageOrientation.right, .down, .left])
func stagesOnATurnedFaceMeasureAsOnTheTurnedCopy(_ orientation: ImageOrientation) throws {
    let astronaut = try loadAstronaut()
    var canvas = RGBImage(width: astronaut.width, height: astronaut.height + 64)
    for y in 0..<astronaut.height { for x in 0..<astronaut.width { canvas[x, y] = astronaut[x, y] } }
    // The photo as stored: turned so that `orientation` makes it upright (the canvas).
    let inverse: ImageOrientation = orientation == .right ? .left : orientation == .left ? .right : orientation
    let photo = canvas.applying(inverse)
    #expect(photo.applying(orientation) == canvas)
    let (width, height) = (photo.width, photo.height)
    let found = FaceDetector(options: .init(landmarks: .none, classification: .none)).detect(in: canvas)
    #expect(!found.isEmpty)
    let stored = found.map {
        Face(bounds: $0.bounds, score: $0.score).stored(orientation, width: width, height: height)
    }
    for options in [
        FaceDetector.Options(contours: .all, blendshapes: .all), FaceDetector.Options(),
    ] {
        let stages = FaceStages(options: options)
        let measured = stages.run(
            stored, orientations: stored.map { _ in orientation }, in: photo, threads: 1, afterStage: { _ in })
        let expected = stages.run(
            stored.map { $0.upright(orientation, width: width, height: height) },
            orientations: stored.map { _ in .up }, in: canvas, threads: 1, afterStage: { _ in }
        ).map { $0.stored(orientation, width: width, height: height) }
        #expect(measured.map(\.face) == expected.map(\.face))
        #expect(measured.map(\.landmarker) == expected.map(\.landmarker))
        #expect(measured.contains { $0.landmarker != nil })
    }
    // dlib's predictor alone, on a box of the face: the same points through the upright picture.
    let predictor = BuiltinModels.parsed(BuiltinModels.shapePredictor, "shape5.fdm")
    let box = try #require(found.first).bounds
    #expect(
        predictor.predict(in: UprightImage(photo, orientation: orientation), box: box)
            == predictor.predict(in: UprightImage(canvas), box: box))
}
