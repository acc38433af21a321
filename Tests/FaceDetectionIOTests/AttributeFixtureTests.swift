import Foundation
import Testing
import FaceDetection
import FaceDetectionIO

/// MTCNN from the repository's Models folder, for tests that need measured landmarks.
private func mtcnn() throws -> MTCNN {
    try MTCNN(model: ModelFile(bytes: Array(Data(contentsOf: URL(fileURLWithPath: FixturePaths.root + "/../Models/mtcnn.fdm")))))
}

/// The largest face MTCNN finds in `image`, annotated with every attribute.
private func annotatedLargestFace(_ image: Image, detector: MTCNN) throws -> Face {
    var face = try #require(detector.detect(in: image, minFaceSize: 100).max { $0.bounds.area < $1.bounds.area })
    FaceAttributes().annotate(&face, in: image)
    return face
}

/// astronaut.png (Eileen Collins, public domain): frontal, smiling, both eyes open.
@Test func astronautSmilesWithOpenEyesFacingTheCamera() throws {
    let image = try Image(contentsOf: FixturePaths.photo("astronaut.png"))
    let face = try annotatedLargestFace(image, detector: try mtcnn())
    let yaw = try #require(face.eulerY), smile = try #require(face.smilingProbability)
    let left = try #require(face.leftEyeOpenProbability), right = try #require(face.rightEyeOpenProbability)
    print("astronaut: euler \(face.eulerX!) \(yaw) \(face.eulerZ!), smile \(smile), eyes \(left) \(right)")
    #expect(abs(yaw) < 12)
    #expect(smile > 0.5)
    #expect(left > 0.5 && right > 0.5)
    // Frontal: Android's frontal set plus the measured nose tip.
    #expect(Set(face.landmarks.map(\.type)) == [.rightEye, .leftEye, .noseBase, .leftCheek, .rightCheek,
                                                 .mouthLeft, .mouthRight, .mouthBottom, .noseTip])
    let l = try #require(face.landmark(.leftEye)), r = try #require(face.landmark(.rightEye))
    #expect(l.position.x > r.position.x)  // the subject's left eye is on the image's right
}

/// The mirror image: yaw and roll change sign, left and right landmarks swap sides.
@Test func mirroredAstronautMirrorsPoseAndLandmarks() throws {
    let image = try Image(contentsOf: FixturePaths.photo("astronaut.png"))
    let mirror = image.applying(.upMirrored)
    let detector = try mtcnn()
    let a = try annotatedLargestFace(image, detector: detector), b = try annotatedLargestFace(mirror, detector: detector)
    print("mirror: yaw \(a.eulerY!) / \(b.eulerY!), roll \(a.eulerZ!) / \(b.eulerZ!)")
    #expect(abs(a.eulerY! + b.eulerY!) < 3 && abs(a.eulerZ! + b.eulerZ!) < 2 && abs(a.eulerX! - b.eulerX!) < 4)
    let w = Float(image.width)
    for (type, swapped) in [(LandmarkType.leftEye, LandmarkType.rightEye), (.mouthLeft, .mouthRight), (.leftCheek, .rightCheek)] {
        let p = try #require(a.landmark(type)).position, q = try #require(b.landmark(swapped)).position
        #expect(abs(p.x - (w - q.x)) < 4 && abs(p.y - q.y) < 4, "\(type): \(p) vs mirrored \(q)")
    }
    #expect(abs(a.smilingProbability! - b.smilingProbability!) < 0.15)
}

/// Every probability is a probability, on every fixture photo with a face.
@Test(arguments: ["astronaut.png", "grace_hopper.jpg", "camera.png"])
func attributeOutputsAreProbabilities(_ name: String) throws {
    let image = try Image(contentsOf: FixturePaths.photo(name))
    for var face in try mtcnn().detect(in: image, minFaceSize: 40) {
        FaceAttributes().annotate(&face, in: image)
        for p in [face.smilingProbability, face.leftEyeOpenProbability, face.rightEyeOpenProbability] {
            let value = try #require(p)
            #expect(value >= 0 && value <= 1)
        }
        #expect(face.eulerY.map { abs($0) <= 90 } == true)
    }
}
