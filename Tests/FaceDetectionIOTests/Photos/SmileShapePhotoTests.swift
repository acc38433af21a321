import FaceDetectionIO
import Testing

@testable import FaceDetection

/// The smile from the mesh's shape and mouth (``SmileShapeClassifier``) on the fixture photos, with the
/// detector's contours (`FaceContourPhotoTests`'s detections): the astronaut smiles broadly, Grace
/// Hopper at most faintly (measured 2026-12-04 in a release build: 0.9998 and 0.381).
@Test func smileFromTheMeshOnTheFixturePhotos() throws {
    let astronaut = try astronautWithContours.get().face
    let hopper = try graceHopperWithContours.get().face
    let smiling = try #require(astronaut.smilingProbability)
    let faint = try #require(hopper.smilingProbability)
    #expect(smiling > 0.9, "astronaut \(smiling)")
    #expect(faint > 0.05 && faint < 0.7, "Grace Hopper \(faint)")
}

/// `detectWithMeshes` gives the faces `detect` gives, each with the mesh it was measured with: the
/// contours are the mesh's, and no second look runs (the smile comes from face mesh v2's blendshapes,
/// `BlendshapeProbabilities`), so the mesh carries no features. With blendshapes asked for, the face
/// carries the coefficients the smile was read from. Without landmarks, classification or contours no
/// mesh runs.
@Test func detectWithMeshesGivesTheMeshBehindEachFace() throws {
    let image = try RGBImage(contentsOf: FixturePaths.photo("astronaut.png"))
    let options = FaceDetector.Options(
        mode: .accurate, landmarks: .all, classification: .all, contours: .all, blendshapes: .all,
        minFaceSize: .pixels(40))
    let detector = FaceDetector(options: options)
    let found = detector.detectWithMeshes(in: image)
    #expect(found.map(\.face) == detector.detect(in: image))
    let largest = try #require(found.max { $0.face.bounds.area < $1.face.bounds.area })
    let (face, measured) = (largest.face, try #require(largest.mesh))
    #expect(measured.features.isEmpty)
    #expect(face.contours == FaceContour.contours(of: measured))
    let smiling = try #require(face.smilingProbability)
    let shapes = try #require(face.blendshapes)
    #expect(abs(BlendshapeProbabilities.smiling(shapes) - smiling) < 1e-6 && smiling > 0.9, "smile \(smiling)")
    let open = BlendshapeProbabilities.eyesOpen(shapes)
    #expect(face.leftEyeOpenProbability == open.left && face.rightEyeOpenProbability == open.right)
    var boxesOnly = options
    (boxesOnly.landmarks, boxesOnly.classification, boxesOnly.contours, boxesOnly.blendshapes) = (
        .none, .none, .none, .none
    )
    #expect(FaceDetector(options: boxesOnly).detectWithMeshes(in: image).allSatisfy { $0.mesh == nil })
}

/// The mirrored photo gives nearly the same smile (the model is mirror-symmetric; the mesh on the
/// mirrored photo is not exactly the mirrored mesh).
@Test func mirroredAstronautSmilesAlike() throws {
    let a = try #require(try astronautWithContours.get().face.smilingProbability)
    let b = try #require(try mirroredAstronaut.get().face.smilingProbability)
    #expect(abs(a - b) < 0.05, "\(a) vs mirrored \(b)")
}
