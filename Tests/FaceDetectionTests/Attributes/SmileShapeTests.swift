import Testing

@testable import FaceDetection

/// The synthetic faces of `tools/fit_smile_shape.py --reference` (`synthetic_faces`): MediaPipe's
/// canonical face in a 250 × 250 image, mesh point i at (125 + 8 x, 110 − 8 y); `smiling` moves
/// the lower lip 6 px down and the mouth corners (61, 291) 4 px up and 3 px outwards.
private func syntheticMesh(smiling: Bool) -> FaceMesh {
    var points = CanonicalFaceModel.vertices.map { SIMD3<Float>(125 + 8 * $0.x, 110 - 8 * $0.y, 0) }
    if smiling {
        for index in FaceContour.Kind.lowerLipTop.meshIndices + FaceContour.Kind.lowerLipBottom.meshIndices {
            points[index].y += 6
        }
        for index in [61, 291] {
            points[index].x += points[index].x > 125 ? 3 : -3
            points[index].y -= 4
        }
    }
    return FaceMesh(points: points, presence: 1)
}

/// The reference test's image: R = (3 x + 5 y) mod 256, G = (7 x + 2 y) mod 256, B = x y mod 256
/// at column x, row y (as `synthetic_faces`), or its mirror image.
private func syntheticImage(mirrored: Bool = false) -> RGBImage {
    var image = RGBImage(width: 250, height: 250)
    for y in 0..<250 {
        for x in 0..<250 {
            image[mirrored ? 249 - x : x, y] = RGB(
                UInt8((3 * x + 5 * y) % 256), UInt8((7 * x + 2 * y) % 256), UInt8((x * y) % 256))
        }
    }
    return image
}

/// What `tools/fit_smile_shape.py --reference` printed for the synthetic faces from the written
/// coefficients: the mouth interior's brightness and the probability.
private let references: [(smiling: Bool, brightness: Float, probability: Float)] = [
    (false, 0.995502, 0.603284),
    (true, 1.076080, 0.520010),
]

/// The mirror image of `mesh` in an image `width` wide: each mesh point moves to its mirror
/// point's place (found on MediaPipe's canonical face, which is mirror-symmetric in x).
private func mirrored(_ mesh: FaceMesh, width: Float) -> FaceMesh {
    let v = CanonicalFaceModel.vertices
    var out = mesh
    for i in v.indices {
        let target = SIMD3(-v[i].x, v[i].y, v[i].z)
        let j = v.indices.min { squaredLength(v[$0] - target) < squaredLength(v[$1] - target) }!
        out.points[i] = SIMD3(width - mesh.points[j].x, mesh.points[j].y, mesh.points[j].z)
    }
    return out
}

/// The squared length of `v`.
private func squaredLength(_ v: SIMD3<Float>) -> Float { (v * v).sum() }

@Test func smileShapeMatchesTheFittingToolOnReferenceFaces() {
    let classifier = SmileShapeClassifier()
    #expect(classifier.model.weights.count == 2 * SmileShapeClassifier.meshIndices.count + 1)
    let image = syntheticImage()
    for (smiling, brightness, expected) in references {
        let mesh = syntheticMesh(smiling: smiling)
        let b = MouthInteriorBrightness.value(mesh, in: image)
        #expect(abs(b - brightness) < 1e-5, "brightness \(b) vs the tool's \(brightness)")
        let p = classifier.probability(mesh, in: image)
        #expect(abs(p - expected) < 1e-4, "\(p) vs the tool's \(expected)")
    }
}

@Test func smileShapeIsTheSameOnAMirroredFace() {
    let classifier = SmileShapeClassifier()
    let (image, mirroredImage) = (syntheticImage(), syntheticImage(mirrored: true))
    for smiling in [false, true] {
        let face = syntheticMesh(smiling: smiling)
        let flipped = mirrored(face, width: 250)
        let b = MouthInteriorBrightness.value(face, in: image)
        #expect(abs(b - MouthInteriorBrightness.value(flipped, in: mirroredImage)) < 1e-5)
        let p = classifier.probability(face, in: image)
        let q = classifier.probability(flipped, in: mirroredImage)
        #expect(abs(p - q) < 1e-3, "\(p) vs mirrored \(q)")
    }
}

@Test func smileShapeIgnoresPositionScaleAndRoll() {
    let face = syntheticMesh(smiling: true)
    var moved = face
    let (c, s): (Float, Float) = (0.8, 0.6)  // 36.9° of roll
    for i in moved.points.indices {
        let p = face.points[i]
        moved.points[i] = SIMD3(3 * (c * p.x - s * p.y) + 40, 3 * (s * p.x + c * p.y) - 17, 0)
    }
    let a = SmileShapeClassifier.alignedShape(SmileShapeClassifier.meshIndices.map(face.position))
    let b = SmileShapeClassifier.alignedShape(SmileShapeClassifier.meshIndices.map(moved.position))
    #expect(zip(a, b).allSatisfy { abs($0 - $1) < 1e-4 })
}

@Test func mouthInteriorBrightnessComparesTheMouthWithTheLips() {
    // A grey image with a white band where the open synthetic mouth's interior is: brighter than the lips.
    let mesh = syntheticMesh(smiling: true)
    let upper = mesh.position(13).y
    let lower = mesh.position(14).y
    var image = RGBImage(width: 250, height: 250, fill: RGB(100, 100, 100))
    for y in Int(upper + 1)..<Int(lower) { for x in 0..<250 { image[x, y] = RGB(250, 250, 250) } }
    #expect(MouthInteriorBrightness.value(mesh, in: image) > 1.5)
    // A flat image: interior and lips alike; an empty image: no division by zero.
    let flat = RGBImage(width: 250, height: 250, fill: RGB(80, 80, 80))
    #expect(abs(MouthInteriorBrightness.value(mesh, in: flat) - 1) < 1e-5)
    #expect(MouthInteriorBrightness.value(mesh, in: RGBImage(width: 0, height: 0)).isFinite)
}
