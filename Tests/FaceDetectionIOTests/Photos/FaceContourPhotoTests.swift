import FaceDetection
import FaceDetectionIO
import Foundation
import Testing

/// The detector with contours (and landmarks, to compare with, and classification) on fixture photo `name`, or on its
/// mirror image: its largest face, and the image.
private func largestFaceWithContours(_ name: String, mirrored: Bool = false) throws -> (face: Face, image: RGBImage) {
    var image = try RGBImage(contentsOf: FixturePaths.photo(name))
    if mirrored { image = image.applying(.upMirrored) }
    let detector = FaceDetector(
        options: .init(
            mode: .accurate, landmarks: .all, classification: .all, contours: .all, minFaceSize: .pixels(40),
            detector: .yunet))
    let faces = detector.detect(in: image)
    return (try #require(faces.max { $0.bounds.area < $1.bounds.area }), image)
}

/// The detections, made once per picture and shared by the tests here and `FaceMeshPhotoTests`
/// (YuNet_n, O-Net's points, landmarks and contours; the mesh is slow in debug builds).
let astronautWithContours = Result { try largestFaceWithContours("astronaut.png") }
/// The same on the mirrored astronaut.
let mirroredAstronaut = Result { try largestFaceWithContours("astronaut.png", mirrored: true) }
/// The same on Grace Hopper.
let graceHopperWithContours = Result { try largestFaceWithContours("grace_hopper.jpg") }

/// The distance between the detector's two eyes.
private func eyeDistance(_ face: Face) throws -> Float {
    let left = try #require(face.landmark(.leftEye)).position
    let right = try #require(face.landmark(.rightEye)).position
    return hypot(left.x - right.x, left.y - right.y)
}

/// Contours on the fixture photos: all fifteen, every point inside the face box grown by 25 %,
/// and each eye contour around the detector's eye of the same side.
@Test(arguments: ["astronaut.png", "grace_hopper.jpg"])
func contoursLieOnTheFace(photo: String) throws {
    let face = try (photo == "astronaut.png" ? astronautWithContours : graceHopperWithContours).get().face
    #expect(face.contours.map(\.kind) == FaceContour.Kind.allCases)
    let box = face.bounds
    let (grownX, grownY) = (box.width * 0.125, box.height * 0.125)
    for contour in face.contours {
        #expect(contour.points.count == contour.kind.meshIndices.count)
        for p in contour.points {
            #expect(
                p.x >= box.x - grownX && p.x <= box.x + box.width + grownX && p.y >= box.y - grownY
                    && p.y <= box.y + box.height + grownY,
                "\(photo) \(contour.kind): \(p) outside \(box) grown by 25 %")
        }
    }
    let distance = try eyeDistance(face)
    for (kind, eye) in [(FaceContour.Kind.leftEye, LandmarkType.leftEye), (.rightEye, .rightEye)] {
        let points = try #require(face.contour(kind))
        let x = points.map(\.x).reduce(0, +) / Float(points.count)
        let y = points.map(\.y).reduce(0, +) / Float(points.count)
        let expected = try #require(face.landmark(eye)).position
        let error = hypot(x - expected.x, y - expected.y) / distance
        #expect(error < 0.15, "\(photo) \(kind) centroid (\(x), \(y)) vs \(expected): \(error) of the eye distance")
    }
    // Upright faces: the eyebrows' top edges above their bottom edges, the upper lip above the lower.
    let meanY = { (kind: FaceContour.Kind) in face.contour(kind).map { $0.map(\.y).reduce(0, +) / Float($0.count) } }
    #expect(try #require(meanY(.leftEyebrowTop)) < #require(meanY(.leftEyebrowBottom)))
    #expect(try #require(meanY(.rightEyebrowTop)) < #require(meanY(.rightEyebrowBottom)))
    #expect(try #require(meanY(.upperLipTop)) < #require(meanY(.lowerLipBottom)))
}

/// A mirrored photo swaps left and right: the mirror image's left-eye (and left-eyebrow, left-cheek)
/// contour, point by point, is the original's right one mirrored, within 8 % of the eye distance
/// (measured: at most 1.5 % on the eyes, 1.8 % on the eyebrows, 1.3 % on the cheeks; a contour that
/// did not swap sides would be off by about the whole eye distance).
@Test func mirroredAstronautSwapsLeftAndRightContours() throws {
    let (original, image) = try astronautWithContours.get()
    let mirrored = try mirroredAstronaut.get().face
    let tolerance = 0.08 * (try eyeDistance(original))
    let pairs: [(FaceContour.Kind, FaceContour.Kind)] = [
        (.leftEye, .rightEye), (.rightEye, .leftEye), (.leftEyebrowTop, .rightEyebrowTop),
        (.leftCheek, .rightCheek),
    ]
    for (mirroredKind, originalKind) in pairs {
        let a = try #require(mirrored.contour(mirroredKind))
        let b = try #require(original.contour(originalKind))
        #expect(a.count == b.count)
        for (p, q) in zip(a, b) {
            let error = hypot(p.x - (Float(image.width) - q.x), p.y - q.y)
            #expect(error < tolerance, "mirrored \(mirroredKind) \(p) vs \(originalKind) \(q) mirrored: \(error) px")
        }
    }
}
