import Testing

@testable import FaceDetection

/// What the mesh measures for the report: its landmarks joined to O-Net's, and the refined box.
@Suite struct FaceMeshMeasurementTests {
    /// A mesh whose point k sits at (k, 2k).
    static let indexMesh = FaceMesh(
        points: (0..<FaceMesh.pointCount).map { SIMD3(Float($0), 2 * Float($0), 0) }, presence: 1)

    /// The mesh's own landmark points are the documented indices; ears and the nose tip are not its.
    @Test func landmarkPositionsAreTheDocumentedPoints() throws {
        let mesh = Self.indexMesh
        let expected: [(LandmarkType, Int)] = [
            (.mouthLeft, 291), (.mouthRight, 61), (.noseBase, 2), (.mouthBottom, 17), (.leftCheek, 425),
            (.rightCheek, 205),
        ]
        for (type, index) in expected {
            #expect(mesh.landmarkPosition(type) == Point(x: Float(index), y: Float(2 * index)), "\(type)")
        }
        let left = FaceContour.Kind.leftEye.meshIndices
        let meanLeft = Float(left.reduce(0, +)) / Float(left.count)
        let leftEye = try #require(mesh.landmarkPosition(.leftEye))
        #expect(abs(leftEye.x - meanLeft) < 1e-3 && abs(leftEye.y - 2 * meanLeft) < 1e-3)
        for type in [LandmarkType.leftEar, .rightEar, .leftEarTip, .rightEarTip, .noseTip] {
            #expect(mesh.landmarkPosition(type) == nil, "\(type)")
        }
    }

    /// Points both measure are averaged; the nose tip stays the model's, the nose base is the mesh's
    /// even where a model measured one, and the mesh adds what only it measures.
    @Test func measuredLandmarksJoinTheTwoModels() {
        let mesh = Self.indexMesh
        let onet: [Landmark] = [
            Landmark(type: .mouthLeft, position: Point(x: 0, y: 0)),
            Landmark(type: .noseTip, position: Point(x: 7, y: 9)),
            Landmark(type: .noseBase, position: Point(x: 100, y: 100)),
        ]
        let joined = Dictionary(
            uniqueKeysWithValues: mesh.measuredLandmarks(refining: onet).map { ($0.type, $0.position) })
        #expect(joined[.mouthLeft] == Point(x: 145.5, y: 291))
        #expect(joined[.noseTip] == Point(x: 7, y: 9))
        #expect(joined[.noseBase] == Point(x: 2, y: 4))
        #expect(joined[.mouthBottom] == Point(x: 17, y: 34))
        #expect(joined[.leftEar] == nil)
        #expect(
            Set(joined.keys) == [
                .leftEye, .rightEye, .noseBase, .noseTip, .leftCheek, .rightCheek, .mouthLeft, .mouthRight,
                .mouthBottom,
            ])
    }

    /// The refined box is the mean of the detector's box and the oval's box with its top lowered by a
    /// tenth of its height.
    @Test func refinedBoundsBlendTheDetectorsAndTheOvalsBoxes() {
        // An oval filling x 10…110, y 20…220: every oval point on that box's edges.
        var points = [SIMD3<Float>](repeating: SIMD3(60, 120, 0), count: FaceMesh.pointCount)
        let oval = FaceContour.Kind.face.meshIndices
        points[oval[0]] = SIMD3(60, 20, 0)
        points[oval[9]] = SIMD3(110, 120, 0)
        points[oval[18]] = SIMD3(60, 220, 0)
        points[oval[27]] = SIMD3(10, 120, 0)
        let mesh = FaceMesh(points: points, presence: 1)
        #expect(mesh.ovalBounds == Rect(x: 10, y: 20, width: 100, height: 200))
        let refined = mesh.refinedBounds(Rect(x: 0, y: 0, width: 120, height: 240))
        // oval box with its top lowered by 30: (10, 50, 100, 170); 0.2 of it and 0.8 of (0, 0, 120, 240)
        let expected = Rect(x: 2, y: 10, width: 116, height: 226)
        #expect(
            abs(refined.x - expected.x) < 1e-4 && abs(refined.y - expected.y) < 1e-4
                && abs(refined.width - expected.width) < 1e-4 && abs(refined.height - expected.height) < 1e-4,
            "\(refined)")
    }
}
