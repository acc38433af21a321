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

    /// A mesh of `points` (468 of them) with face-presence probability `presence`.
    public init(points: [SIMD3<Float>], presence: Float) {
        precondition(points.count == Self.pointCount, "FaceMesh: \(points.count) points, not 468")
        self.points = points
        self.presence = presence
    }

    /// Point `index` (0..<468) in the image plane.
    public func position(_ index: Int) -> Point { Point(x: points[index].x, y: points[index].y) }
}
