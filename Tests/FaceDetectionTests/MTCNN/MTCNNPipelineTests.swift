import Foundation
import Testing

@testable import FaceDetection

/// scikit-image's astronaut (public domain) at 256×256, written by tools/models/convert_mtcnn.py.
func loadAstronaut() throws -> RGBImage {
    try readPPM(repositoryRoot.appendingPathComponent("Fixtures/mtcnn-golden/astronaut-256.ppm").path)
}

@Test func mtcnnFindsTheAstronautWithPlausibleLandmarks() throws {
    let detector = try MTCNN(model: try loadMTCNNModel())
    let image = try loadAstronaut()
    let faces = detector.detect(in: image, minFaceSize: 32)
    #expect(faces.count == 1)
    let face = try #require(faces.first)
    #expect(face.score > 0.99)
    // Her face lies in the upper middle of the picture (about x 85…130, y 25…90 at this size).
    #expect(face.bounds.center.x > 90 && face.bounds.center.x < 130)
    #expect(face.bounds.center.y > 40 && face.bounds.center.y < 80)
    #expect(face.bounds.width > 30 && face.bounds.width < 70)
    let p = { (t: LandmarkType) throws -> Point in try #require(face.landmark(t)).position }
    let (leftEye, rightEye, nose) = (try p(.leftEye), try p(.rightEye), try p(.noseTip))
    let (mouthLeft, mouthRight) = (try p(.mouthLeft), try p(.mouthRight))
    #expect(face.landmarks.count == 5)
    // The subject's left eye and mouth corner are on the image's right.
    #expect(leftEye.x > rightEye.x + 8 && mouthLeft.x > mouthRight.x + 8)
    // Eyes above the nose tip above the mouth; the nose between the eyes.
    #expect(max(leftEye.y, rightEye.y) < nose.y && nose.y < min(mouthLeft.y, mouthRight.y))
    #expect(nose.x > rightEye.x && nose.x < leftEye.x)
    for l in face.landmarks {
        #expect(l.position.x > face.bounds.x && l.position.x < face.bounds.maxX)
        #expect(l.position.y > face.bounds.y && l.position.y < face.bounds.maxY)
    }
    // Spreading the work over threads changes nothing.
    #expect(detector.detect(in: image, minFaceSize: 32, threads: 3) == faces)
}

@Test func mtcnnFindsNothingInFlatOrTinyImages() throws {
    let detector = try MTCNN(model: try loadMTCNNModel())
    #expect(detector.detect(in: RGBImage(width: 120, height: 90, fill: RGB(128, 128, 128))).isEmpty)
    #expect(detector.detect(in: RGBImage(width: 11, height: 40)).isEmpty)
    // A face smaller than the minimum size is not looked for.
    #expect(detector.detect(in: try loadAstronaut(), minFaceSize: 120).isEmpty)
}

@Test func mtcnnPyramidFollowsTheReference() throws {
    let detector = try MTCNN(model: try loadMTCNNModel())
    // 12/20 = 0.6, then × 0.709 while the short side × scale stays ≥ 12 px.
    let scales = detector.scales(width: 250, height: 250, minFaceSize: 20)
    #expect(scales.count == 8)  // 150 px × 0.709^k ≥ 12 for k = 0…7
    #expect(abs(scales[0] - 0.6) < 1e-12 && abs(scales[1] - 0.6 * 0.709) < 1e-9)
    #expect(250 * scales.last! >= 12 && 250 * scales.last! * 0.709 < 12)
}

@Test func nonMaximumSuppressionKeepsTheBestOfOverlappingBoxes() {
    let a = MTCNNCandidate(x1: 0, y1: 0, x2: 9, y2: 9, score: 0.9)
    let b = MTCNNCandidate(x1: 1, y1: 1, x2: 10, y2: 10, score: 0.95)  // IoU 81/119 with a
    let c = MTCNNCandidate(x1: 20, y1: 20, x2: 29, y2: 29, score: 0.5)  // apart
    let d = MTCNNCandidate(x1: 2, y1: 2, x2: 5, y2: 5, score: 0.8)  // inside a: IoU 0.16, min 1
    let union = NonMaximumSuppression.apply([a, b, c, d], threshold: 0.5, overlap: .union)
    #expect(union.map(\.score) == [0.95, 0.8, 0.5])
    let minimum = NonMaximumSuppression.apply([a, b, c, d], threshold: 0.7, overlap: .minimum)
    #expect(minimum.map(\.score) == [0.95, 0.5])
    let corners = [a, b, c, d].map { NonMaximumSuppression.Corners(x1: $0.x1, y1: $0.y1, x2: $0.x2, y2: $0.y2) }
    #expect(
        NonMaximumSuppression.keptIndices(
            corners, scores: [0.9, 0.95, 0.5, 0.8], threshold: 0.7,
            overlap: .minimum, inclusive: true) == [1, 2])
}

@Test func areaResamplerAveragesAndNormalises() {
    // A 4×2 image of two colours, halved: each output pixel is the mean of a 2×2 block.
    var image = RGBImage(width: 4, height: 2)
    for y in 0..<2 { for x in 0..<4 { image[x, y] = x < 2 ? RGB(0, 100, 255) : RGB(UInt8(40 * x), 10, 20) } }
    var resampler = AreaResampler()
    var map = FeatureMap()
    resampler.resample(image, left: 0, top: 0, width: 4, height: 2, outputWidth: 2, outputHeight: 1, into: &map)
    let norm = { (v: Float) in (v - 127.5) * 0.0078125 }
    #expect(map.width == 2 && map.height == 1 && map.pixelStride == 3)
    #expect(map[0, 0, 0] == norm(0) && map[0, 0, 1] == norm(100) && map[0, 0, 2] == norm(255))
    #expect(abs(map[0, 1, 0] - norm(100)) < 1e-6 && abs(map[0, 1, 1] - norm(10)) < 1e-6)
    // A crop hanging over the top-left corner sees black there: 1 of 4 source pixels is inside.
    resampler.resample(image, left: -1, top: -1, width: 2, height: 2, outputWidth: 1, outputHeight: 1, into: &map)
    #expect(abs(map[0, 0, 2] - norm(255 / 4)) < 1e-6)
    // Enlarging 1 → 3 repeats the pixel.
    resampler.resample(image, left: 3, top: 1, width: 1, height: 1, outputWidth: 3, outputHeight: 3, into: &map)
    #expect((0..<3).allSatisfy { abs(map[$0, 2 - $0, 0] - norm(120)) < 1e-6 })
}
