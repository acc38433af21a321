import Testing

@testable import FaceDetection

/// ML Kit's contour types, mapped to MediaPipe's mesh indices.
@Suite struct FaceContourTableTests {
    /// ML Kit's point count per contour type.
    static let mlKitCounts: [FaceContour.Kind: Int] = [
        .face: 36, .leftEyebrowTop: 5, .leftEyebrowBottom: 5, .rightEyebrowTop: 5, .rightEyebrowBottom: 5,
        .leftEye: 16, .rightEye: 16, .upperLipTop: 11, .upperLipBottom: 9, .lowerLipTop: 9, .lowerLipBottom: 9,
        .noseBridge: 2, .noseBottom: 3, .leftCheek: 1, .rightCheek: 1,
    ]

    @Test func tablesHaveMLKitsCounts() {
        #expect(FaceContour.Kind.allCases.count == 15)
        for kind in FaceContour.Kind.allCases {
            #expect(kind.meshIndices.count == Self.mlKitCounts[kind], "\(kind)")
        }
        #expect(FaceContour.Kind.allCases.map(\.meshIndices.count).reduce(0, +) == 133)
    }

    @Test func indicesAreDistinctMeshPoints() {
        for kind in FaceContour.Kind.allCases {
            let indices = kind.meshIndices
            #expect(indices.allSatisfy { (0..<FaceMesh.pointCount).contains($0) }, "\(kind)")
            #expect(Set(indices).count == indices.count, "\(kind) repeats a point")
        }
        // Different contours share no point either (ML Kit's 133 points are 133 places).
        let all = FaceContour.Kind.allCases.flatMap(\.meshIndices)
        #expect(Set(all).count == all.count)
    }

    /// The left tables are the right ones mirrored, by MediaPipe's own left/right eye corners:
    /// the subject's left eye is 263 (outer) and 362 (inner), as `FaceMesh` documents.
    @Test func leftIsTheSubjectsLeft() {
        #expect(FaceContour.Kind.leftEye.meshIndices.first == 263 && FaceContour.Kind.leftEye.meshIndices[8] == 362)
        #expect(FaceContour.Kind.rightEye.meshIndices.first == 33 && FaceContour.Kind.rightEye.meshIndices[8] == 133)
        #expect(
            FaceContour.Kind.upperLipTop.meshIndices.first == 61 && FaceContour.Kind.upperLipTop.meshIndices.last == 291
        )
    }

    /// `contours(of:)` picks the mesh's points by the tables, in `Kind.allCases` order.
    @Test func contoursTakeTheMeshPoints() {
        let mesh = FaceMesh(points: (0..<FaceMesh.pointCount).map { SIMD3(Float($0), -Float($0), 0) }, presence: 1)
        let contours = FaceContour.contours(of: mesh)
        #expect(contours.map(\.kind) == FaceContour.Kind.allCases)
        for contour in contours {
            #expect(contour.points == contour.kind.meshIndices.map { Point(x: Float($0), y: -Float($0)) })
        }
        var face = Face(bounds: Rect(x: 0, y: 0, width: 1, height: 1), score: 1)
        #expect(face.contour(.noseBridge) == nil)
        face.contours = contours
        #expect(face.contour(.noseBridge) == [Point(x: 168, y: -168), Point(x: 1, y: -1)])
    }
}
