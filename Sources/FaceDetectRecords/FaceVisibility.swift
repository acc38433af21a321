import FaceDetection

/// Whether `--keep` or `--hide-only` left a face visible in the output, and why. Written in a
/// record's face as `"visibility": {"shown": true, "reason": "match", "person": "ref.jpg",
/// "distance": 0.6123}`; in a video, a track's vote is added: `"votes": 3, "of": 5` (the described
/// frames of the track that matched the person, among the last ones counted).
public struct FaceVisibility: Sendable, Equatable {
    /// Why a face is shown or hidden.
    public enum Reason: String, Sendable, Equatable {
        /// The face (in a video: its track) is one of the reference people.
        case match
        /// The face has a descriptor that is none of the reference people.
        case noMatch = "no match"
        /// The face is too small or lacks the points for a descriptor: it cannot be told, and is
        /// hidden.
        case noDescriptor = "no descriptor"
        /// A video's track has not yet been described often enough to decide: it is hidden.
        case undecided
    }

    /// Whether the face is left as it is in the output.
    public var shown: Bool
    /// Why.
    public var reason: Reason
    /// The reference person, for a match.
    public var match: FaceMatch?
    /// In a video: the track's described frames that matched the person (or, undecided, matched
    /// any), among the last `described`.
    public var votes: Int?
    /// In a video: the track's described frames the vote counted.
    public var described: Int?

    /// A face shown or hidden for `reason`, by `match` when there is one, with a track's vote.
    public init(shown: Bool, reason: Reason, match: FaceMatch? = nil, votes: Int? = nil, described: Int? = nil) {
        self.shown = shown
        self.reason = reason
        self.match = match
        self.votes = votes
        self.described = described
    }
}

extension FaceVisibility: Encodable {
    /// The keys of a visibility, in the order they are written.
    private enum CodingKeys: String, CodingKey { case shown, reason, person, id, distance, votes, of }

    /// Decimals of the distance.
    private static let distancePlaces = 4

    /// Encodes `shown` and `reason`, the match's `person`, `id` and `distance` when there is one,
    /// and a track's `votes` `of` its described frames.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(shown, forKey: .shown)
        try container.encode(reason.rawValue, forKey: .reason)
        if let match {
            try container.encode(match.person, forKey: .person)
            try container.encodeIfPresent(match.id, forKey: .id)
            try container.encode(FixedDecimal(match.distance, places: Self.distancePlaces), forKey: .distance)
        }
        try container.encodeIfPresent(votes, forKey: .votes)
        try container.encodeIfPresent(described, forKey: .of)
    }
}
