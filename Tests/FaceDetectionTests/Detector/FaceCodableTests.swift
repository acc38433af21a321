import FaceDetection
import Foundation
import Testing

/// `Face` and its parts through `JSONEncoder` and `JSONDecoder`: the keys of the command-line tool's
/// JSON Lines, every value back equal, values that were not computed `nil` and their keys left out.
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
        face.captureQuality = 0.712_345_6
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

    /// The keys are the tool's (`box`, `score`, `landmarks` by name, …), with `JSONEncoder`'s exact
    /// numbers (in `JSONEncoder`'s own key order: `.sortedKeys` here).
    @Test func keysAreTheTools() throws {
        var face = Face(
            bounds: Rect(x: 410.47998, y: 2, width: 3, height: 4), score: 0.5,
            landmarks: [Landmark(type: .mouthLeft, position: Point(x: 1.5, y: 2))])
        face.contours = [FaceContour(kind: .noseBridge, points: [Point(x: 1, y: 2)])]
        face.eulerZ = -3
        face.smilingProbability = 0.25
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(
            String(decoding: try encoder.encode(face), as: UTF8.self)
                == #"{"box":[410.47998,2,3,4],"contours":{"noseBridge":[[1,2]]},"eulerZ":-3,"#
                + #""landmarks":{"mouthLeft":[1.5,2]},"score":0.5,"smilingProbability":0.25}"#)
        let landmark = Landmark(type: .mouthLeft, position: Point(x: 1.5, y: 2))
        #expect(
            String(decoding: try encoder.encode(landmark), as: UTF8.self) == #"{"position":[1.5,2],"type":"mouthLeft"}"#
        )
    }

    /// Landmarks decode in ``LandmarkType`` order whatever the order of the keys; an unknown name,
    /// or a point with a third number, is an error.
    @Test func decodingIsStrictAndOrdered() throws {
        let json =
            #"{"box": [1, 2, 3, 4], "score": 0.5, "trackingId": 3, "landmarks": {"mouthLeft": [1, 2], "leftEye": [3, 4]}}"#
        let face = try JSONDecoder().decode(Face.self, from: Data(json.utf8))
        #expect(face.landmarks.map(\.type) == [.leftEye, .mouthLeft])
        #expect(face.bounds == Rect(x: 1, y: 2, width: 3, height: 4) && face.eulerX == nil)
        for bad in [
            #"{"box": [1, 2, 3, 4], "score": 0.5, "landmarks": {"thirdEye": [1, 2]}}"#,
            #"{"box": [1, 2, 3, 4], "score": 0.5, "landmarks": {"leftEye": [1, 2, 3]}}"#,
            #"{"box": [1, 2, 3], "score": 0.5}"#,
            #"{"box": [1, 2, 3, 4], "score": 0.5, "contours": {"chin": [[1, 2]]}}"#,
        ] {
            #expect(throws: DecodingError.self) { try JSONDecoder().decode(Face.self, from: Data(bad.utf8)) }
        }
    }
}
