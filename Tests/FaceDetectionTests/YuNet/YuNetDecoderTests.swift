import Foundation
import Testing

@testable import FaceDetection

/// YuNet_n's raw outputs (onnxruntime) on a 250×180 collage of the fixture photos, and the faces
/// `cv2.FaceDetectorYN` finds there (tools/fixtures/make_yunet_decode_golden.py).
func loadYuNetDecodeGolden() throws -> (outputs: YuNetOutputs, golden: ModelFile) {
    let golden = try ModelFile(
        bytes: Array(Data(contentsOf: repositoryRoot.appendingPathComponent("Fixtures/yunet-golden/decode.fdm"))))
    let size = try golden.ints("size").map(Int.init)
    let paddedWidth = ((size[0] - 1) / 32 + 1) * 32
    let paddedHeight = ((size[1] - 1) / 32 + 1) * 32
    let levels = try [8, 16, 32].map { s in
        YuNetOutputs.Level(
            stride: s, columns: paddedWidth / s, rows: paddedHeight / s,
            cls: try golden.floats("cls_\(s)"), obj: try golden.floats("obj_\(s)"),
            bbox: try golden.floats("bbox_\(s)"), kps: try golden.floats("kps_\(s)"))
    }
    return (YuNetOutputs(levels: levels), golden)
}

/// cv2's rows (x, y, w, h, five points image-left eye first, score) as faces.
func opencvFaces(_ golden: ModelFile, _ name: String) throws -> [Face] {
    let rows = try golden.floats(name)
    return stride(from: 0, to: rows.count, by: 15).map { o in
        Face(
            bounds: Rect(x: rows[o], y: rows[o + 1], width: rows[o + 2], height: rows[o + 3]), score: rows[o + 14],
            landmarks: YuNetDecoder.landmarkTypes.indices.map { k in
                Landmark(
                    type: YuNetDecoder.landmarkTypes[k], position: Point(x: rows[o + 4 + 2 * k], y: rows[o + 5 + 2 * k])
                )
            })
    }
}

@Test(arguments: [Float(0.02), 0.3])
func yunetDecoderMatchesOpenCV(threshold: Float) throws {
    let (outputs, golden) = try loadYuNetDecodeGolden()
    let expected = try opencvFaces(golden, "faces.\(threshold)")
    let decoded = YuNetDecoder(scoreThreshold: threshold).decode(outputs)
    #expect(decoded.count == expected.count)
    #expect(zip(decoded, decoded.dropFirst()).allSatisfy { $0.score >= $1.score })
    // Every OpenCV face has a decoded twin: the same box, points and score (OpenCV ran its own
    // copy of the network, so allow float noise).
    for face in expected {
        let twin = try #require(decoded.max { $0.bounds.iou(face.bounds) < $1.bounds.iou(face.bounds) })
        #expect(abs(twin.bounds.x - face.bounds.x) < 0.05 && abs(twin.bounds.y - face.bounds.y) < 0.05)
        #expect(
            abs(twin.bounds.width - face.bounds.width) < 0.05 && abs(twin.bounds.height - face.bounds.height) < 0.05)
        #expect(abs(twin.score - face.score) < 1e-3)
        for (a, b) in zip(twin.landmarks, face.landmarks) {
            #expect(
                a.type == b.type && abs(a.position.x - b.position.x) < 0.05 && abs(a.position.y - b.position.y) < 0.05)
        }
    }
    if threshold == 0.3 {
        // The three faces of the collage: both astronauts and Grace Hopper.
        #expect(decoded.count == 3 && decoded.allSatisfy { $0.score > 0.7 })
    }
}

@Test func yunetDecoderTopKKeepsTheBest() throws {
    let (outputs, _) = try loadYuNetDecodeGolden()
    let all = YuNetDecoder(scoreThreshold: 0.02).decode(outputs)
    let few = YuNetDecoder(scoreThreshold: 0.02, topK: 3).decode(outputs)
    #expect(few.count <= 3 && few.map(\.bounds) == Array(all.prefix(few.count)).map(\.bounds))
}

@Test func nonMaximumSuppressionWorksOnIndices() {
    typealias C = NonMaximumSuppression.Corners
    let boxes = [
        C(x1: 0, y1: 0, x2: 10, y2: 10), C(x1: 1, y1: 0, x2: 11, y2: 10), C(x1: 30, y1: 30, x2: 40, y2: 40),
        C(x1: 5, y1: 0, x2: 15, y2: 10),
    ]
    // IoU(0, 1) = 90/110 > 0.45; IoU(1, 3) = 60/140 < 0.45 (exclusive widths); box 2 stands apart.
    let kept = NonMaximumSuppression.keptIndices(
        boxes, scores: [0.5, 0.9, 0.3, 0.7], threshold: 0.45,
        overlap: .union, inclusive: false)
    #expect(kept == [1, 3, 2])
    // Counted inclusively (MTCNN's way) boxes 1 and 3 overlap by 66/154 — still kept apart — and
    // by the smaller area by 66/121 > 0.45.
    #expect(
        NonMaximumSuppression.keptIndices(
            boxes, scores: [0.5, 0.9, 0.3, 0.7], threshold: 0.45,
            overlap: .minimum, inclusive: true) == [1, 2])
}

@Test func yunetNetworkAndDecoderFindTheAstronaut() throws {
    // astronaut-256.ppm (astronaut.png halved): one face; cv2.FaceDetectorYN (YuNet_n) on the full
    // 512×512 photo finds it at (178.1, 65.0, 91.4, 111.4), score 0.936: halved (89, 32.5, 45.7, 55.7).
    let faces = YuNetDecoder(scoreThreshold: 0.5).decode(try BuiltinModels.yunetN.get().run(on: try loadAstronaut()))
    #expect(faces.count == 1)
    let face = try #require(faces.first)
    #expect(face.bounds.iou(Rect(x: 89, y: 32.5, width: 45.7, height: 55.7)) > 0.8 && face.score > 0.8, "\(face)")
}
