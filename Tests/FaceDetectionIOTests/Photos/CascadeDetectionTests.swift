import FaceDetectionIO
import Testing

@testable import FaceDetection

/// Expected face boxes (OpenCV 4.14 detectMultiScale with alt2, see Fixtures/README.md).
let astronautFace = Rect(x: 178, y: 69, width: 92, height: 92)
let graceHopperFace = Rect(x: 149, y: 102, width: 229, height: 229)

@Test func findsTheFaceInFixturePhotos() throws {
    // minimum sizes well under the faces keep the debug-build test short
    for (name, face, minFace) in [("astronaut.png", astronautFace, 48), ("grace_hopper.jpg", graceHopperFace, 100)] {
        let detector = FaceDetector(options: .init(minFaceSize: .pixels(minFace), detector: .cascade))
        let faces = try detector.detect(in: RGBImage(contentsOf: FixturePaths.photo(name)))
        let best = try #require(faces.first, "\(name): no face")
        #expect(best.bounds.iou(face) > 0.7, "\(name): \(best.bounds)")
        #expect(best.score > 0.75, "\(name): score \(best.score)")
        #expect(faces.dropFirst().allSatisfy { $0.score < 0.5 }, "\(name): a second confident face")
        #expect(faces.map(\.score) == faces.map(\.score).sorted(by: >))
    }
}

@Test func noConfidentFaceInThePhotoWithoutFaces() throws {
    let detector = FaceDetector(options: .init(minFaceSize: .pixels(40), detector: .cascade))
    let faces = try detector.detect(in: RGBImage(contentsOf: FixturePaths.photo("camera.png")))
    #expect(faces.allSatisfy { $0.score < 0.5 })
}

/// `image`'s region `rect` (grown by 30 %) scaled to `side` × `side`, RGB channel by channel.
func faceCrop(_ image: RGBImage, _ rect: Rect, side: Int) -> RGBImage {
    let grow = rect.width * 0.3
    let x0 = max(0, Int(rect.x - grow / 2))
    let y0 = max(0, Int(rect.y - grow / 2))
    let w = min(image.width - x0, Int(rect.width + grow))
    let h = min(image.height - y0, Int(rect.height + grow))
    var out = RGBImage(width: side, height: side)
    for c in 0..<3 {
        var plane = GrayImage(width: w, height: h)
        for y in 0..<h { for x in 0..<w { plane[x, y] = image.pixels[((y0 + y) * image.width + x0 + x) * 3 + c] } }
        let scaled = plane.resized(width: side, height: side)
        for i in 0..<(side * side) { out.pixels[i * 3 + c] = scaled.pixels[i] }
    }
    return out
}

/// A canvas with fixture faces pasted at several sizes, and where they are (the face box
/// inside each pasted crop: the crop is the box grown by 30 %).
func multiFaceCanvas() throws -> (RGBImage, [Rect]) {
    let astronaut = try RGBImage(contentsOf: FixturePaths.photo("astronaut.png"))
    let hopper = try RGBImage(contentsOf: FixturePaths.photo("grace_hopper.jpg"))
    var canvas = RGBImage(width: 400, height: 300, fill: RGB(140, 150, 160))
    var faces: [Rect] = []
    for (source, box, side, x, y) in [
        (astronaut, astronautFace, 40, 10, 20), (astronaut, astronautFace, 100, 70, 160),
        (hopper, graceHopperFace, 70, 200, 20), (hopper, graceHopperFace, 140, 250, 150),
    ] {
        let crop = faceCrop(source, box, side: side)
        for yy in 0..<side { for xx in 0..<side { canvas[x + xx, y + yy] = crop[xx, yy] } }
        let inner = Float(side) / 1.3
        faces.append(
            Rect(
                x: Float(x) + (Float(side) - inner) / 2, y: Float(y) + (Float(side) - inner) / 2, width: inner,
                height: inner))
    }
    return (canvas, faces)
}

@Test func findsEveryFaceOnAMultiFaceCanvas() throws {
    let (canvas, expected) = try multiFaceCanvas()
    let detector = FaceDetector(options: .init(minFaceSize: .pixels(24), detector: .cascade))
    let faces = detector.detect(in: canvas)
    for face in expected {
        #expect(faces.contains { $0.bounds.iou(face) > 0.5 && $0.score > 0.5 }, "missed \(face)")
    }
    #expect(faces.filter { $0.score > 0.5 }.count == expected.count)
}

@Test func threadsAndProminentFaceOption() throws {
    let (canvas, expected) = try multiFaceCanvas()
    let one = FaceDetector(options: .init(minFaceSize: .pixels(40), threads: 1, detector: .cascade)).detect(
        in: canvas)
    let three = FaceDetector(options: .init(minFaceSize: .pixels(40), threads: 3, detector: .cascade)).detect(
        in: canvas)
    #expect(one == three)
    #expect(one.count >= 3)
    let prominent = FaceDetector(
        options: .init(minFaceSize: .pixels(40), prominentFaceOnly: true, detector: .cascade)
    ).detect(
        in: canvas)
    #expect(prominent.count == 1)
    #expect(try #require(prominent.first).bounds.iou(expected[3]) > 0.5)
    // minimum face size 70 px: the largest face (108 px) is still found, the two small ones
    // (31 and 54 px) cannot be
    let large = FaceDetector(options: .init(minFaceSize: .pixels(70), detector: .cascade)).detect(in: canvas)
    #expect(large.allSatisfy { $0.bounds.width >= 70 })
    #expect(large.contains { $0.bounds.iou(expected[3]) > 0.5 && $0.score > 0.5 })
    #expect(!large.contains { $0.bounds.iou(expected[0]) > 0.3 || $0.bounds.iou(expected[2]) > 0.3 })
}

/// One detector called from four tasks at once gives each the answer it gives alone: the cascade,
/// and YuNet (whose calls share a pool of workspaces).
@Test(arguments: [FaceDetector.Detector.cascade, .yunetSmall])
func oneDetectorSharedByConcurrentCallers(detector name: FaceDetector.Detector) async throws {
    let (canvas, _) = try multiFaceCanvas()
    let detector = FaceDetector(options: .init(minFaceSize: .pixels(40), detector: name))
    #expect(!detector.detect(in: canvas).isEmpty)
    let alone = detector.detect(in: canvas)
    let results = try await withThrowingTaskGroup(of: [Face].self) { group in
        for _ in 0..<4 { group.addTask { detector.detect(in: canvas) } }
        return try await group.reduce(into: [[Face]]()) { $0.append($1) }
    }
    #expect(results.count == 4)
    #expect(results.allSatisfy { $0 == alone })
}
