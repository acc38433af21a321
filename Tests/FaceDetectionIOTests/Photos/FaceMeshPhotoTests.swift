import FaceDetection
import FaceDetectionIO
import Foundation
import Testing

/// The mesh stage on the two fixture photos: MediaPipe's points for the eyes, nose tip and mouth
/// corners must land near the detector's own five points (YuNet_n boxes, O-Net's points). (The detector's
/// own contours come from face mesh v2: `detectWithMeshesGivesTheMeshBehindEachFace`.) The detections
/// are `FaceContourPhotoTests`'s.
@Suite struct FaceMeshPhotoTests {
    /// (mesh indices averaged, the detector landmark they should lie near), named for the subject:
    /// the right eye's corners 33 and 133, the left eye's 263 and 362, nose tip 1, mouth corners 61
    /// (right) and 291 (left).
    static let pairs: [([Int], LandmarkType)] = [
        ([33, 133], .rightEye), ([263, 362], .leftEye), ([1], .noseTip), ([61], .mouthRight), ([291], .mouthLeft),
    ]

    @Test(arguments: ["astronaut.png", "grace_hopper.jpg"])
    func meshPointsLieNearTheDetectorsPoints(photo: String) throws {
        let (face, image) = try (photo == "astronaut.png" ? astronautWithContours : graceHopperWithContours).get()
        let mesh = try #require(try FaceMeshEstimator().mesh(for: face, in: image))
        #expect(mesh.points.count == 468 && mesh.presence > 0.9, "presence \(mesh.presence)")
        let right = try #require(face.landmark(.rightEye)).position
        let left = try #require(face.landmark(.leftEye)).position
        let eyeDistance = hypot(left.x - right.x, left.y - right.y)
        for (indices, type) in Self.pairs {
            let expected = try #require(face.landmark(type)).position
            let x = indices.map { mesh.position($0).x }.reduce(0, +) / Float(indices.count)
            let y = indices.map { mesh.position($0).y }.reduce(0, +) / Float(indices.count)
            let error = hypot(x - expected.x, y - expected.y) / eyeDistance
            #expect(
                error < 0.15,
                "\(photo) \(type): mesh (\(x), \(y)) vs detector \(expected): \(error) of the eye distance")
        }
    }
}
