import FaceDetection
import FaceDetectionIO
import Foundation
import Testing

/// The faces the detector finds, with everything computed, through `JSONEncoder` and back.
@Test func detectedFacesRoundTripThroughJSON() throws {
    let image = try RGBImage(contentsOf: FixturePaths.photo("grace_hopper.jpg"))
    let detector = FaceDetector(
        options: .init(mode: .accurate, landmarks: .all, classification: .all, contours: .all))
    let faces = detector.detect(in: image)
    let face = try #require(faces.first)
    #expect(face.eulerY != nil && face.smilingProbability != nil && !face.contours.isEmpty)
    #expect(try JSONDecoder().decode([Face].self, from: JSONEncoder().encode(faces)) == faces)
}
