import FaceDetection
import Foundation
import Testing

/// `Face` and its parts through `JSONEncoder` and `JSONDecoder`: every value comes back equal,
/// values that were not computed stay `nil` and leave their keys out.
struct FaceCodableTests {
    /// A face with every part set, with values that need all of a `Float`'s digits.
    static var fullFace: Face {
        var face = Face(
            bounds: Rect(x: 410.47998, y: 120.25, width: 96.000_01, height: 95.3),
            score: 0.973_100_1,
            landmarks: [
                Landmark(type: .leftEye, position: Point(x: 450.1, y: 150.7)),
                Landmark(type: .noseBase, position: Point(x: -0.0, y: 1e-7)),
            ])
        face.eulerX = -12.5
        face.eulerY = 33.333_332
        face.eulerZ = 0
        face.smilingProbability = 0.25
        face.leftEyeOpenProbability = 1
        face.rightEyeOpenProbability = 0.000_1
        face.contours = FaceContour.Kind.allCases.map { kind in
            FaceContour(
                kind: kind, points: kind.meshIndices.map { Point(x: Float($0) / 3, y: Float($0) * 1.7) })
        }
        return face
    }

    /// Decodes what `value` encodes to.
    static func roundTrip<T: Codable>(_ value: T) throws -> T {
        try JSONDecoder().decode(T.self, from: JSONEncoder().encode(value))
    }

    @Test func everyPartRoundTrips() throws {
        let face = Self.fullFace
        #expect(try Self.roundTrip(face) == face)
        #expect(try Self.roundTrip(face.bounds) == face.bounds)
        #expect(try Self.roundTrip(face.landmarks) == face.landmarks)
        #expect(try Self.roundTrip(face.contours) == face.contours)
        #expect(try Self.roundTrip(LandmarkType.allCases) == LandmarkType.allCases)
        #expect(try Self.roundTrip(FaceContour.Kind.allCases) == FaceContour.Kind.allCases)
    }

    /// A face with only a box and a score: the optional keys are absent and decode to `nil`.
    @Test func uncomputedValuesStayAbsent() throws {
        let face = Face(bounds: Rect(x: 1, y: 2, width: 3, height: 4), score: 0.5)
        let data = try JSONEncoder().encode(face)
        let text = try #require(String(data: data, encoding: .utf8))
        #expect(!text.contains("euler") && !text.contains("Probability"))
        #expect(try Self.roundTrip(face) == face)
    }

    /// The keys are the property names, and enums encode as their names.
    @Test func keysAreThePropertyNames() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let landmark = Landmark(type: .mouthLeft, position: Point(x: 1.5, y: 2))
        #expect(
            String(decoding: try encoder.encode(landmark), as: UTF8.self)
                == #"{"position":{"x":1.5,"y":2},"type":"mouthLeft"}"#)
        let rect = Rect(x: 1, y: 2, width: 3, height: 4)
        #expect(String(decoding: try encoder.encode(rect), as: UTF8.self) == #"{"height":4,"width":3,"x":1,"y":2}"#)
    }
}
