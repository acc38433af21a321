/// MediaPipe's 468-point face mesh of one face, in image coordinates.
///
/// Point indices are MediaPipe's (`face_mesh` canonical model), named for the subject: e.g. 1 nose
/// tip, 33 and 133 outer and inner corner of the subject's right eye (the image-left eye in a
/// frontal photo), 263 and 362 outer and inner corner of the left eye, 61 and 291 the right and
/// left mouth corners, 13 and 14 the inner upper and lower lip.
public struct FaceMesh: Sendable, Equatable {
    /// Number of points.
    public static let pointCount = 468

    /// The points: x, y in image pixels (origin top-left, continuous coordinates); z relative depth
    /// in the same pixel scale as x, smaller nearer the camera (MediaPipe's convention: z scaled
    /// like x).
    public var points: [SIMD3<Float>]
    /// The network's face-presence probability, 0…1 (the sigmoid of its logit; MediaPipe drops a
    /// mesh below 0.5).
    public var presence: Float
    /// The network's own description of the face: the 6×6×128 feature map its two heads read
    /// (channel-last, 4608 floats) on a second look through the region this mesh places
    /// (``FaceMeshEstimator/withFeatures(_:in:)``), or empty (a mesh from one look, or made from
    /// points). The smile model reads it beside the mesh's shape.
    public var features: [Float]

    /// A mesh of `points` (468 of them) with face-presence probability `presence` and the network's
    /// `features` (4608 of them, or none).
    public init(points: [SIMD3<Float>], presence: Float, features: [Float] = []) {
        precondition(points.count == Self.pointCount, "FaceMesh: \(points.count) points, not 468")
        precondition(
            features.isEmpty || features.count == FaceMeshNetwork.trunkCount,
            "FaceMesh: \(features.count) features, not \(FaceMeshNetwork.trunkCount)")
        self.points = points
        self.presence = presence
        self.features = features
    }

    /// Point `index` (0..<468) in the image plane.
    public func position(_ index: Int) -> Point { Point(x: points[index].x, y: points[index].y) }
}
