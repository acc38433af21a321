import FaceDetection

/// The person of `--match` a face is: the reference's label, its id in a people file, and the
/// distance between the face's descriptor and the reference's nearest one. Written in a record's
/// face as `"match": {"person": "Grace", "id": 3, "distance": 0.6123}`.
public struct FaceMatch: Sendable, Equatable {
    /// The person's label: a people file's name (or `Person ID` while none was written), or the
    /// reference photo's path.
    public var person: String
    /// The person's id in the people file it came from (`nil` for a reference photo).
    public var id: Int?
    /// The Euclidean distance between the unit descriptors (``FaceDescriptor/distance(to:)``).
    public var distance: Float

    /// A match with `person` at `distance`.
    public init(person: String, id: Int? = nil, distance: Float) {
        self.person = person
        self.id = id
        self.distance = distance
    }
}

extension FaceMatch: Encodable {
    /// The keys of a match, in the order they are written.
    private enum CodingKeys: String, CodingKey { case person, id, distance }

    /// Decimals of the distance.
    private static let distancePlaces = 4

    /// Encodes `person`, `id` when there is one, and `distance` with 4 decimals.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(person, forKey: .person)
        try container.encodeIfPresent(id, forKey: .id)
        try container.encode(FixedDecimal(distance, places: Self.distancePlaces), forKey: .distance)
    }
}
