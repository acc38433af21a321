import Testing

@testable import FaceDetection

/// A mesh whose points are the canonical face seen with `pose` (depth as MediaPipe's: scaled like
/// x, smaller nearer the camera).
private func mesh(seenWith pose: HeadPose) -> FaceMesh {
    let points = CanonicalFaceModel.vertices.map { p -> SIMD3<Float> in
        let image = pose.project(p)
        return SIMD3(image.x, image.y, -pose.scale * pose.rotate(p).z)
    }
    return FaceMesh(points: points, presence: 1)
}

@Test func canonicalModelHas468MirrorSymmetricVertices() {
    let vertices = CanonicalFaceModel.vertices
    #expect(vertices.count == FaceMesh.pointCount)
    // The cited vertices: nose tip 1, the left mouth corner 291 (x towards the subject's left).
    #expect(vertices[1] == SIMD3(0, -1.126865, 7.475604))
    #expect(vertices[291] == GenericFaceModel.point(.mouthLeft))
    for v in vertices {
        let mirrored = SIMD3(-v.x, v.y, v.z)
        #expect(vertices.contains { ($0 - mirrored).max() < 1e-5 && (mirrored - $0).max() < 1e-5 }, "\(v)")
    }
}

@Test(arguments: [Float(-20), 0, 15], [Float(-50), -25, 0, 30])
func meshPoseFitRecoversKnownAngles(pitch: Float, yaw: Float) throws {
    for roll: Float in [-25, 0, 10] {
        let truth = HeadPose(eulerX: pitch, eulerY: yaw, eulerZ: roll, scale: 5, translation: Point(x: 300, y: 200))
        let fitted = try #require(MeshPoseEstimator().estimate(mesh(seenWith: truth)))
        #expect(abs(fitted.eulerX - pitch) < 0.5, "pitch \(fitted.eulerX) for \(pitch)")
        #expect(abs(fitted.eulerY - yaw) < 0.5, "yaw \(fitted.eulerY) for \(yaw)")
        #expect(abs(fitted.eulerZ - roll) < 0.5, "roll \(fitted.eulerZ) for \(roll)")
        #expect(abs(fitted.scale - 5) < 0.05 && abs(fitted.translation.x - 300) < 0.5)
    }
}

@Test func meshPoseFitRejectsACollapsedMesh() {
    let flat = FaceMesh(points: Array(repeating: SIMD3(10, 10, 0), count: FaceMesh.pointCount), presence: 1)
    #expect(MeshPoseEstimator().estimate(flat) == nil)
}
