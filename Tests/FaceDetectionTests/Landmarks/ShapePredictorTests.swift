import Foundation
import Testing

@testable import FaceDetection

/// The bytes of `Models/shape5.fdm` in the working tree.
private func shapeModelBytes() throws -> [UInt8] {
    Array(try Data(contentsOf: repositoryRoot.appendingPathComponent("Models/shape5.fdm")))
}

/// The predictor, loaded once for all tests (a failed load fails each test that needs it).
private let loaded = Result { try ShapePredictor(model: ModelFile(bytes: shapeModelBytes())) }
private func shapePredictor() throws -> ShapePredictor { try loaded.get() }

/// A binary PPM (P6, RGB) or PGM (P5, grey) fixture of `Fixtures/shape5-golden/`, as RGB.
private func fixtureImage(_ name: String) throws -> RGBImage {
    let bytes = Array(try Data(contentsOf: repositoryRoot.appendingPathComponent("Fixtures/shape5-golden/\(name)")))
    // Header: magic, width, height, maxval, separated by single whitespace characters.
    var fields: [String] = []
    var field = ""
    var index = 0
    while fields.count < 4 {
        let c = bytes[index]
        index += 1
        if c == 0x20 || c == 0x0A {
            fields.append(field)
            field = ""
        } else {
            field.append(Character(UnicodeScalar(c)))
        }
    }
    let (width, height) = (Int(fields[1])!, Int(fields[2])!)
    let body = Array(bytes[index...])
    if fields[0] == "P6" { return RGBImage(width: width, height: height, pixels: body) }
    return RGBImage(width: width, height: height, pixels: body.flatMap { [$0, $0, $0] })
}

/// dlib's answers: per fixture image, boxes (dlib's inclusive rectangles) and dlib's integer points.
private struct Golden: Decodable {
    struct Face: Decodable {
        let box: [Int]
        let points: [[Int]]
    }
    struct Picture: Decodable {
        let file: String
        let faces: [Face]
    }
    let images: [Picture]
}

private func golden() throws -> Golden {
    try JSONDecoder().decode(
        Golden.self, from: Data(contentsOf: repositoryRoot.appendingPathComponent("Fixtures/shape5-golden/golden.json"))
    )
}

/// dlib's inclusive rectangle (left, top, right, bottom) as the project's Rect.
private func rect(_ box: [Int]) -> Rect {
    Rect(x: Float(box[0]), y: Float(box[1]), width: Float(box[2] - box[0] + 1), height: Float(box[3] - box[1] + 1))
}

/// The bytes of a model file in the project's container format (as tools/models/modelfile.py writes it).
private func modelBytes(kind: String, _ tensors: [(name: String, dtype: ModelFile.DType, shape: [Int], data: [UInt8])])
    -> [UInt8]
{
    func u32(_ v: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: v >> (8 * $0)) } }
    var out = Array("FDMODEL".utf8) + [0] + u32(1) + Array(kind.utf8) + u32(tensors.count)
    for t in tensors {
        out += [UInt8(t.name.utf8.count), 0] + Array(t.name.utf8) + [t.dtype.rawValue, UInt8(t.shape.count)]
        for d in t.shape { out += u32(d) }
        out += [UInt8](repeating: 0, count: (4 - out.count % 4) % 4) + t.data
    }
    return out + u32(Int(CRC32.checksum(out[...])))
}

private func f32(_ values: [Float]) -> [UInt8] {
    values.flatMap { v in (0..<4).map { UInt8(truncatingIfNeeded: v.bitPattern >> (8 * $0)) } }
}
private func i32(_ values: [Int]) -> [UInt8] {
    values.flatMap { v in (0..<4).map { UInt8(truncatingIfNeeded: v >> (8 * $0)) } }
}

/// A one-level, one-tree predictor for two points, written by hand: its one split compares the
/// pixel under point 0 (feature 0) with the pixel 0.5 box widths right of point 1 (feature 1)
/// and moves point 0 right by a tenth of the box when the first is brighter by more than 10.
private func tinyModel(
    kind: String = "ERT5", anchors: [Int] = [0, 1], splitPixels: [Int] = [0, 1],
    mean: [Float] = [0.25, 0.5, 0.75, 0.5], meanDims: [Int] = [2, 2], dropping: String? = nil
) -> [UInt8] {
    let tensors: [(name: String, dtype: ModelFile.DType, shape: [Int], data: [UInt8])] = [
        ("meanShape", .float32, meanDims, f32(mean)),
        ("anchors", .int32, [1, 2], i32(anchors)),
        ("offsets", .float32, [1, 2, 2], f32([0, 0, 0.5, 0])),
        ("splitPixels", .int32, [1, 1, 1, 2], i32(splitPixels)),
        ("thresholds", .float32, [1, 1, 1], f32([10])),
        ("leaves", .float32, [1, 1, 2, 4], f32([0.1, 0, 0, 0, 0, 0, 0, 0])),  // the left leaf, then the right
    ]
    return modelBytes(kind: kind, tensors.filter { $0.name != dropping })
}

@Test func tinyHandMadeTreeFollowsDlibsRule() throws {
    let tiny = try ShapePredictor(model: ModelFile(bytes: tinyModel()))
    // Box 101 px wide from x = 0: box unit u sits at pixel u * 100; point 0 at pixel 25, point 1
    // at 75, feature 1 at 75 + 50 = 125, outside the 120 px image (reads 0).
    let box = Rect(x: 0, y: 0, width: 101, height: 101)
    var image = GrayImage(width: 120, height: 101, fill: 10)
    #expect(tiny.predict(in: image, box: box)[0] == Point(x: 25.5, y: 50.5))  // 10 - 0 > 10 fails: right leaf, no move
    image[25, 50] = 11
    #expect(tiny.predict(in: image, box: box)[0] == Point(x: 35.5, y: 50.5))  // 11 - 0 > 10: left leaf, +0.1 box
    #expect(tiny.predict(in: image, box: box)[1] == Point(x: 75.5, y: 50.5))
}

@Test func shapeModelRejectsBadData() throws {
    let bytes = try shapeModelBytes()
    var damaged = bytes
    damaged[bytes.count / 2] ^= 0x10
    #expect(throws: ModelFile.Error.checksumMismatch) { try ShapePredictor(model: ModelFile(bytes: damaged)) }
    #expect(throws: ModelFile.Error.self) { try ShapePredictor(model: ModelFile(bytes: Array(bytes.prefix(1000)))) }

    func load(_ b: [UInt8]) throws { _ = try ShapePredictor(model: ModelFile(bytes: b)) }
    #expect(throws: ModelFile.Error.wrongKind(expected: "ERT5", found: "HAAR")) { try load(tinyModel(kind: "HAAR")) }
    #expect(throws: ModelFile.Error.badTensor("anchors", reason: "anchor outside 0..<2")) {
        try load(tinyModel(anchors: [0, 2]))
    }
    #expect(throws: ModelFile.Error.badTensor("splitPixels", reason: "feature pixel outside 0..<2")) {
        try load(tinyModel(splitPixels: [0, 5]))
    }
    #expect(throws: ModelFile.Error.badTensor("splitPixels", reason: "feature pixel outside 0..<2")) {
        try load(tinyModel(splitPixels: [-1, 0]))
    }
    #expect(throws: ModelFile.Error.badTensor("meanShape", reason: "not finite")) {
        try load(tinyModel(mean: [0, .nan, 1, 1]))
    }
    #expect(throws: ModelFile.Error.badTensor("meanShape", reason: "shape [5], expected [-1, 2]")) {
        try load(tinyModel(mean: [0, 0, 1, 1, 1], meanDims: [5]))
    }
    for name in ["meanShape", "anchors", "offsets", "splitPixels", "thresholds", "leaves"] {
        #expect(throws: ModelFile.Error.missingTensor(name)) { try load(tinyModel(dropping: name)) }
    }
}

/// Swift against the real dlib on 22 boxes of two photos: floor(point) is dlib's integer point.
@Test func shapePredictorMatchesDlib() throws {
    let predictor = try shapePredictor()
    var exact = 0
    var total = 0
    var worst: Float = 0
    for picture in try golden().images {
        let image = try fixtureImage(picture.file)
        let gray = ShapePredictor.dlibGrayImage(image)
        for face in picture.faces {
            let points = predictor.predict(in: UprightImage(image), box: rect(face.box))
            #expect(predictor.predict(in: gray, box: rect(face.box)) == points)
            for (p, want) in zip(points, face.points) {
                let dx = abs(p.x.rounded(.down) - Float(want[0]))
                let dy = abs(p.y.rounded(.down) - Float(want[1]))
                worst = max(worst, dx, dy)
                exact += dx == 0 && dy == 0 ? 1 : 0
                total += 1
            }
        }
    }
    print("shape predictor vs dlib: \(exact)/\(total) points identical, largest difference \(worst) px")
    #expect(total == 110)
    #expect(worst <= 1)
    #expect(exact >= total * 95 / 100)
}

/// Swift against the real dlib on every dlib HOG face of landmarks5-dev (pictures not
/// redistributable, so opt-in): `tools/models/shape5_check.py dump RUNS FILE`, then
/// `FACEDETECT_SHAPE_DEV=FILE swift test --filter shapePredictorMatchesDlibOnDevSet`.
@Test(
    .enabled(
        if: ProcessInfo.processInfo.environment["FACEDETECT_SHAPE_DEV"] != nil,
        "opt-in: FACEDETECT_SHAPE_DEV names the dump of landmarks5-dev (not redistributable)"))
func shapePredictorMatchesDlibOnDevSet() throws {
    let predictor = try shapePredictor()
    let path = ProcessInfo.processInfo.environment["FACEDETECT_SHAPE_DEV"]!
    let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    var at = 0
    var exact = 0
    var total = 0
    var faces = 0
    var worst: Float = 0
    func int32() -> Int {
        defer { at += 4 }
        return Int(
            Int32(
                bitPattern: UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(
                    bytes[at + 3]) << 24))
    }
    while at < bytes.count {
        let (width, height) = (int32(), int32())
        let box = [int32(), int32(), int32(), int32()]
        let want = (0..<10).map { _ in int32() }
        let gray = GrayImage(width: width, height: height, pixels: Array(bytes[at..<(at + width * height)]))
        at += width * height
        let points = predictor.predict(in: gray, box: rect(box))
        for (i, p) in points.enumerated() {
            let dx = abs(p.x.rounded(.down) - Float(want[2 * i]))
            let dy = abs(p.y.rounded(.down) - Float(want[2 * i + 1]))
            worst = max(worst, dx, dy)
            exact += dx == 0 && dy == 0 ? 1 : 0
            total += 1
        }
        faces += 1
    }
    print(
        "shape predictor vs dlib on \(faces) dev faces: \(exact)/\(total) points identical, largest difference \(worst) px"
    )
    #expect(faces > 0 && worst <= 1)
}

@Test func dlibGrayRule() {
    let image = RGBImage(width: 3, height: 1, pixels: [255, 255, 255, 1, 1, 0, 10, 20, 31])
    #expect(ShapePredictor.dlibGrayImage(image).pixels == [255, 0, 20])
}

/// The first golden box of the astronaut (a frontal face), and the same image and box mirrored.
@Test func landmarkNamesFollowTheSubject() throws {
    let predictor = try shapePredictor()
    let image = try fixtureImage("astronaut-face.ppm")
    let box = rect(try golden().images[0].faces[0].box)
    let marks = ShapePredictor.landmarks(predictor.predict(in: UprightImage(image), box: box))
    #expect(marks.map(\.type) == [.leftEye, .rightEye, .noseBase])
    let (left, right, nose) = (marks[0].position, marks[1].position, marks[2].position)
    // The subject's left eye is on the image's right; the nose base is below both eyes, between them.
    #expect(left.x > right.x + 20)
    #expect(nose.y > max(left.y, right.y) + 15 && nose.x > right.x && nose.x < left.x)

    var mirrored = image
    for y in 0..<image.height { for x in 0..<image.width { mirrored[x, y] = image[image.width - 1 - x, y] } }
    let mirroredBox = Rect(x: Float(image.width) - box.maxX, y: box.y, width: box.width, height: box.height)
    let m = ShapePredictor.landmarks(predictor.predict(in: UprightImage(mirrored), box: mirroredBox))
    func flipped(_ p: Point) -> Point { Point(x: Float(image.width) - p.x, y: p.y) }
    // The mirrored face's left eye is the original's right eye, flipped (to within 2 px).
    for (a, b) in [(m[0].position, flipped(right)), (m[1].position, flipped(left)), (m[2].position, flipped(nose))] {
        #expect(abs(a.x - b.x) <= 2 && abs(a.y - b.y) <= 2, "\(a) vs \(b)")
    }
    #expect(ShapePredictor.landmarks([left, right]).isEmpty)
}

@Test func shapePredictorSurvivesOddBoxes() throws {
    let predictor = try shapePredictor()
    let image = try fixtureImage("camera-face.pgm")
    let gray = ShapePredictor.dlibGrayImage(image)
    let boxes = [
        Rect(x: -100, y: -80, width: 160, height: 150),  // partly outside
        Rect(x: 250, y: 250, width: 100, height: 100),  // mostly outside
        Rect(x: 100, y: 100, width: 2, height: 2),  // tiny
        Rect(x: 100, y: 100, width: 0, height: 0),  // empty
        Rect(x: 100, y: 100, width: -30, height: -30),  // negative size
        Rect(x: -5000, y: -5000, width: 20000, height: 20000),  // huge
        Rect(x: 1e30, y: -1e30, width: 1e30, height: 1e30),  // absurd
        Rect(x: .nan, y: 0, width: .infinity, height: 10),  // not numbers
    ]
    for box in boxes {
        let points = predictor.predict(in: gray, box: box)
        #expect(points.count == 5)
        if box.x.isFinite && abs(box.x) < 1e6 && box.width.isFinite {
            #expect(points.allSatisfy { $0.x.isFinite && $0.y.isFinite })
        }
    }
    #expect(
        predictor.predict(in: GrayImage(width: 0, height: 0), box: Rect(x: 0, y: 0, width: 50, height: 50)).count == 5)
}

/// The box mappings keep the face's centre and give a square of plausible size.
@Test func dlibStyleBoxes() {
    let mtcnn = Rect(x: 100, y: 80, width: 90, height: 112)
    let mapped = ShapePredictor.dlibStyleBox(fromMTCNN: mtcnn)
    #expect(mapped.width == mapped.height)
    #expect(abs(mapped.width - 0.966 * (90 * 112 as Float).squareRoot()) < 1e-3)
    #expect(abs(mapped.center.x - mtcnn.center.x) < 1e-3 && mapped.center.y > mtcnn.center.y)
    let five = ShapePredictor.dlibStyleBox(
        leftEye: Point(x: 160, y: 100), rightEye: Point(x: 120, y: 100),
        mouthLeft: Point(x: 155, y: 150), mouthRight: Point(x: 125, y: 150))
    #expect(abs(five.width - 2.29 * 50) < 1e-3 && five.width == five.height)
    #expect(abs(five.center.x - 140) < 1e-3 && abs(five.center.y - 123) < 1e-3)
}
