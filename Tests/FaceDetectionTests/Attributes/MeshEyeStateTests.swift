import Testing

@testable import FaceDetection

/// The canonical face seen frontally (8 px per centimetre), as a mesh.
private func frontalMesh() -> FaceMesh {
    let pose = HeadPose(eulerX: 0, eulerY: 0, eulerZ: 0, scale: 8, translation: Point(x: 200, y: 200))
    return FaceMesh(
        points: CanonicalFaceModel.vertices.map { p in SIMD3(pose.project(p).x, pose.project(p).y, 0) }, presence: 1)
}

/// `mesh` with one eye's upper lid points moved onto its lower lid points (a closed eye).
private func closing(_ mesh: FaceMesh, eye: (corners: (Int, Int), lids: [(Int, Int)])) -> FaceMesh {
    var closed = mesh
    for (lower, upper) in eye.lids { closed.points[upper] = closed.points[lower] }
    return closed
}

@Test func leftEyePointsMirrorTheRightEyes() {
    let v = CanonicalFaceModel.vertices
    let mirrored = { (i: Int) in SIMD3(-v[i].x, v[i].y, v[i].z) }
    let (right, left) = (MeshEyeStateClassifier.rightEye, MeshEyeStateClassifier.leftEye)
    #expect(v[left.corners.0] == mirrored(right.corners.0) && v[left.corners.1] == mirrored(right.corners.1))
    for (l, r) in zip(left.lids, right.lids) {
        #expect(v[l.0] == mirrored(r.0) && v[l.1] == mirrored(r.1), "\(l) vs \(r)")
        #expect(v[r.1].y > v[r.0].y, "upper lid \(r.1) above lower lid \(r.0)")
    }
}

@Test func closingAnEyeLowersItsProbabilityAndMirroringSwapsThem() {
    let classifier = MeshEyeStateClassifier()
    let pixel = (left: Float(0.5), right: Float(0.5))
    let open = classifier.probabilities(frontalMesh(), pixel: pixel)
    #expect(abs(open.left - open.right) < 1e-4, "a symmetric face: \(open)")
    let leftClosed = classifier.probabilities(closing(frontalMesh(), eye: MeshEyeStateClassifier.leftEye), pixel: pixel)
    let rightClosed = classifier.probabilities(
        closing(frontalMesh(), eye: MeshEyeStateClassifier.rightEye), pixel: pixel)
    #expect(leftClosed.left < open.left - 0.1 && leftClosed.left < leftClosed.right, "\(open) → \(leftClosed)")
    #expect(abs(leftClosed.left - rightClosed.right) < 1e-4 && abs(leftClosed.right - rightClosed.left) < 1e-4)
    // The pixel model's vote still counts.
    let pixelSaysOpen = classifier.probabilities(frontalMesh(), pixel: (left: 0.95, right: 0.05))
    #expect(pixelSaysOpen.left > pixelSaysOpen.right)
}
