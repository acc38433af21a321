import FaceDetectionIO
import Testing

@testable import FaceDetection

/// The smile from the mesh's shape and mouth (``SmileShapeClassifier``) on the fixture photos, with the
/// detector's contours (`FaceContourPhotoTests`'s detections): the astronaut smiles broadly, Grace
/// Hopper at most faintly (measured 2026-12-04 in a release build: 0.9997 and 0.245).
@Test func smileFromTheMeshOnTheFixturePhotos() throws {
    let (astronaut, image) = try astronautWithContours.get()
    let hopper = try graceHopperWithContours.get().face
    let smiling = try #require(astronaut.smilingProbability)
    let faint = try #require(hopper.smilingProbability)
    #expect(smiling > 0.9, "astronaut \(smiling)")
    #expect(faint > 0.05 && faint < 0.7, "Grace Hopper \(faint)")
    // The reported probability is the model's on the reported contours.
    var mesh = FaceMesh(points: Array(repeating: .zero, count: FaceMesh.pointCount), presence: 1)
    for contour in astronaut.contours {
        for (index, p) in zip(contour.kind.meshIndices, contour.points) { mesh.points[index] = SIMD3(p.x, p.y, 0) }
    }
    #expect(abs(SmileShapeClassifier().probability(mesh, in: image) - smiling) < 1e-5)
}

/// The mirrored photo gives nearly the same smile (the model is mirror-symmetric; the mesh on the
/// mirrored photo is not exactly the mirrored mesh).
@Test func mirroredAstronautSmilesAlike() throws {
    let a = try #require(try astronautWithContours.get().face.smilingProbability)
    let b = try #require(try mirroredAstronaut.get().face.smilingProbability)
    #expect(abs(a - b) < 0.05, "\(a) vs mirrored \(b)")
}
