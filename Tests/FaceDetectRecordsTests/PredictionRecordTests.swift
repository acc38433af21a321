import FaceDetection
import Foundation
import Testing

@testable import FaceDetectRecords

/// The records of `--json` as `JSONLineEncoder` writes them: the committed record byte for byte,
/// every key in its place, and faces that decode back through `Face`'s `Codable`.
@Suite("JSON Lines records")
struct PredictionRecordTests {
    /// The committed line of `Fixtures/json/astronaut-record.jsonl`.
    static func astronautLine() throws -> String {
        let url = RecordFixtures.root.appendingPathComponent("json/astronaut-record.jsonl")
        let text = try String(contentsOf: url, encoding: .utf8)
        return String(text.dropLast(text.hasSuffix("\n") ? 1 : 0))
    }

    /// The committed astronaut record, its faces decoded through `Face`'s `Codable`, is written again
    /// byte for byte.
    @Test func theCommittedAstronautRecordIsWrittenAgain() throws {
        let line = try Self.astronautLine()
        struct Fields: Decodable {
            var file: String
            var width: Int
            var height: Int
            var seconds: Double
            var decodeSeconds: Double
            var faces: [Face]
        }
        let fields = try JSONDecoder().decode(Fields.self, from: Data(line.utf8))
        #expect(fields.faces.count == 1 && fields.faces[0].contours.count == FaceContour.Kind.allCases.count)
        var record = PredictionRecord(file: fields.file)
        record.width = fields.width
        record.height = fields.height
        record.seconds = fields.seconds
        record.decodeSeconds = fields.decodeSeconds
        record.faces = fields.faces
        #expect(record.jsonLine == line)
    }

    /// A face with values that need rounding, a video frame's identifiers, warnings and an error.
    @Test func everyKeyInItsPlace() {
        var face = Face(
            bounds: Rect(x: 410.47998, y: -0.004, width: 96.000_01, height: 95.3), score: 0.973_100_1,
            landmarks: [Landmark(type: .rightEye, position: Point(x: -0.006, y: 1e-7))])
        face.contours = [FaceContour(kind: .noseBridge, points: [Point(x: 1, y: 2), Point(x: 3.333, y: 4.5)])]
        face.smilingProbability = 0.000_04
        face.rightEyeOpenProbability = 1
        face.eulerX = -12.345
        face.eulerZ = .nan
        var record = PredictionRecord(file: "clip \"1\".mp4")
        record.frame = 3
        record.time = 0.1
        record.width = 640
        record.height = 480
        record.seconds = 0.012
        record.faces = [face, Face(bounds: Rect(x: 0, y: 0, width: 1, height: 1), score: 0.5)]
        record.trackingIds = [7, 8]
        record.warnings = ["cut\tshort"]
        record.error = "é"
        #expect(
            record.jsonLine
                == #"{"file": "clip \"1\".mp4", "frame": 3, "time": 0.1, "width": 640, "height": 480, "#
                + #""seconds": 0.012000, "faces": [{"trackingId": 7, "box": [410.48, 0.0, 96.0, 95.3], "score": 0.9731, "#
                + #""landmarks": {"rightEye": [-0.01, 0.0]}, "contours": {"noseBridge": [[1.0, 2.0], [3.33, 4.5]]}, "#
                + #""smilingProbability": 0.0, "rightEyeOpenProbability": 1.0, "eulerX": -12.35, "eulerZ": null}, "#
                + #"{"trackingId": 8, "box": [0.0, 0.0, 1.0, 1.0], "score": 0.5}], "warnings": ["cut\tshort"], "#
                + #""error": "é"}"#)
    }

    @Test func aFailedImageHasNoSizeAndAnEmptyFaceList() {
        var record = PredictionRecord(file: "empty.jpg")
        record.error = "empty file"
        #expect(record.jsonLine == #"{"file": "empty.jpg", "faces": [], "error": "empty file"}"#)
    }

    /// A record's faces decode back through `Face`'s `Codable` within the rounding.
    @Test func facesRoundTripThroughTheEncoderWithinRounding() throws {
        var face = Face(
            bounds: Rect(x: 410.47998, y: 120.25, width: 96.000_01, height: 95.3), score: 0.973_100_1,
            landmarks: [
                Landmark(type: .leftEye, position: Point(x: 450.1, y: 150.7)),
                Landmark(type: .noseBase, position: Point(x: 430.126, y: 170.004)),
            ])
        face.eulerY = 33.333_332
        face.leftEyeOpenProbability = 0.123_456
        face.contours = [FaceContour(kind: .face, points: [Point(x: 1.001, y: 2.009)])]
        let decoded = try JSONDecoder().decode(Face.self, from: Data(JSONLineEncoder.line(face).utf8))
        let pixels = [face.bounds.x, face.bounds.y, face.bounds.width, face.bounds.height]
        let decodedPixels = [decoded.bounds.x, decoded.bounds.y, decoded.bounds.width, decoded.bounds.height]
        for (a, b) in zip(pixels, decodedPixels) { #expect(abs(a - b) <= 0.005) }
        #expect(abs(decoded.score - face.score) <= 0.000_05)
        #expect(decoded.landmarks.map(\.type) == face.landmarks.map(\.type))
        for (a, b) in zip(face.landmarks, decoded.landmarks) {
            #expect(abs(a.position.x - b.position.x) <= 0.005 && abs(a.position.y - b.position.y) <= 0.005)
        }
        #expect(decoded.contours.map(\.kind) == [.face] && decoded.contours[0].points.count == 1)
        #expect(abs((decoded.eulerY ?? 0) - 33.33) < 1e-4)
        #expect(abs((decoded.leftEyeOpenProbability ?? 0) - 0.1235) < 1e-6)
        #expect(decoded.eulerX == nil && decoded.smilingProbability == nil)
    }

    /// A descriptor is written last, as an array with 4 decimals, and decodes back to a unit vector
    /// within that rounding; a face without one has no `descriptor` key.
    @Test func theDescriptorIsWrittenLastWithFourDecimals() throws {
        var face = Face(bounds: Rect(x: 1, y: 2, width: 3, height: 4), score: 0.5)
        #expect(try !JSONLineEncoder.line(face).contains("descriptor"))
        face.smilingProbability = 0.25
        face.descriptor = FaceDescriptor([3, -4, 0.000_012])
        let line = try JSONLineEncoder.line(face)
        #expect(line.hasSuffix(#""smilingProbability": 0.25, "descriptor": [0.6, -0.8, 0.0]}"#))
        let decoded = try JSONDecoder().decode(Face.self, from: Data(line.utf8))
        let values = try #require(decoded.descriptor?.values)
        #expect(values.count == 3 && abs(values[0] - 0.6) < 1e-6 && abs(values[1] + 0.8) < 1e-6 && values[2] == 0)
        let zero = #"{"box": [1, 2, 3, 4], "score": 0.5, "descriptor": [0.0, 0.0]}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Face.self, from: Data(zero.utf8)) }
    }
}
