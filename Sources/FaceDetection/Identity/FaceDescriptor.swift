/// What a face looks like as a person, as a point on the unit sphere: two photos of one person give
/// descriptors close together, photos of two people far apart (a face recognition network's output,
/// scaled to length 1).
///
/// Compare two descriptors by ``distance(to:)``, the Euclidean distance between the unit vectors
/// (0 for the same direction, √2 for perpendicular ones, 2 for opposite ones); it is a function of
/// the cosine similarity that face recognition models are usually compared by:
/// `distance² = 2 − 2 · cosine`.
public struct FaceDescriptor: Sendable, Hashable {
    /// The components, of length 1 as a vector.
    public let values: [Float]

    /// `values` scaled to length 1, or nil when they are empty, not all finite or all zero.
    public init?(_ values: [Float]) {
        var squares: Float = 0
        for v in values {
            guard v.isFinite else { return nil }
            squares += v * v
        }
        let length = squares.squareRoot()
        guard length > 0, length.isFinite else { return nil }
        self.values = values.map { $0 / length }
    }

    /// The number of components.
    public var count: Int { values.count }

    /// The cosine of the angle between the two descriptors, −1…1 (1 for the same direction); 0 when
    /// they differ in length.
    public func cosineSimilarity(to other: FaceDescriptor) -> Float {
        guard values.count == other.values.count else { return 0 }
        var dot: Float = 0
        for i in values.indices { dot += values[i] * other.values[i] }
        return min(1, max(-1, dot))
    }

    /// The Euclidean distance between the two unit vectors, 0…2 (√(2 − 2 · cosine)); √2 when they
    /// differ in length.
    public func distance(to other: FaceDescriptor) -> Float {
        (2 - 2 * cosineSimilarity(to: other)).squareRoot()
    }
}
