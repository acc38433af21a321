import FaceDetection

/// What was found in one image, as one line of JSON Lines: the prediction format of the evaluation
/// schema (docs/usage.md, "JSON Lines format"), written exactly as the command-line tool writes it
/// (keys in a fixed order, `box` with 2 decimals, `score` with 4, times with 6).
///
/// The command-line tool and the benchmark harnesses write their records through this type. Its
/// public part is the schema's prediction (`file`, `width`, `height`, `seconds`, `faces`); the
/// tool's additions (decode time, warnings, the error, a video frame's number, time and tracking
/// identifiers) are set by the tool only.
///
/// ```
/// var record = PredictionRecord(file: "photo.jpg")
/// record.width = image.width
/// record.height = image.height
/// record.faces = faces
/// print(record.jsonLine)  // {"file": "photo.jpg", "width": 640, "height": 480, "faces": [...]}
/// ```
public struct PredictionRecord: Sendable {
    /// The image's path as given (a directory argument joined with the relative path).
    public var file: String
    /// Width of the upright image in pixels (`nil` when it could not be decoded).
    public var width: Int?
    /// Height of the upright image in pixels.
    public var height: Int?
    /// Wall time of the detection call alone, in seconds (decode excluded).
    public var seconds: Double?
    /// The faces found, in image pixels.
    public var faces: [Face] = []
    /// Wall time of reading and decoding the file, in seconds.
    package var decodeSeconds: Double?
    /// Decoder warnings (e.g. a truncated JPEG that decoded partly).
    package var warnings: [String] = []
    /// Why the image failed, when it did.
    package var error: String?
    /// For a video frame: its number, counting from 0.
    package var frame: Int?
    /// For a video frame: its time in seconds from the start.
    package var time: Double?
    /// For a video frame: each face's `trackingId`, in the order of `faces` (empty for a photo).
    package var trackingIds: [Int] = []
    /// For a video frame: whether each face's track is confirmed (`TrackedFace.isConfirmed`), in
    /// the order of `faces` (empty when all are; an unconfirmed face is written with
    /// `"confirmed": false`).
    package var confirmed: [Bool] = []
    /// With `--match`: each face's person, in the order of `faces` (`nil` for a face that matches
    /// none; empty without `--match`).
    package var matches: [FaceMatch?] = []
    /// With `--keep` or `--hide-only`: whether each face is shown and why, in the order of `faces`
    /// (empty without them).
    package var visibilities: [FaceVisibility?] = []

    /// A record for `file` with nothing found yet.
    public init(file: String) { self.file = file }

    /// The record as one line of JSON, without the trailing newline.
    public var jsonLine: String {
        // Nothing here throws: `encode(to:)` and `Face`'s only call the encoder's containers, which
        // never do.
        try! JSONLineEncoder.line(self)
    }
}

extension PredictionRecord: Encodable {
    /// The keys of a record, in the order they are written.
    private enum CodingKeys: String, CodingKey {
        case file, frame, time, width, height, seconds, decodeSeconds, faces, warnings, error
    }

    /// Decimals of the times in seconds.
    private static let secondsPlaces = 6

    /// Encodes the record in the published form: `file` first, a video frame's `frame` and `time`,
    /// the size and times when known, `faces` always, `warnings` and `error` only when there are
    /// some; `time` with its trailing zeros trimmed, `seconds` and `decodeSeconds` with all 6 decimals.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(file, forKey: .file)
        try container.encodeIfPresent(frame, forKey: .frame)
        try container.encodeIfPresent(time.map { FixedDecimal($0, places: Self.secondsPlaces) }, forKey: .time)
        if let width, let height {
            try container.encode(width, forKey: .width)
            try container.encode(height, forKey: .height)
        }
        for (key, value) in [(CodingKeys.seconds, seconds), (.decodeSeconds, decodeSeconds)] {
            try container.encodeIfPresent(
                value.map { FixedDecimal($0, places: Self.secondsPlaces, trailingZeros: .kept) }, forKey: key)
        }
        let entries = faces.indices.map { index in
            FaceEntry(
                trackingId: index < trackingIds.count ? trackingIds[index] : nil,
                confirmed: index < confirmed.count ? confirmed[index] : true, face: faces[index],
                match: index < matches.count ? matches[index] : nil,
                visibility: index < visibilities.count ? visibilities[index] : nil)
        }
        try container.encode(entries, forKey: .faces)
        if !warnings.isEmpty { try container.encode(warnings, forKey: .warnings) }
        try container.encodeIfPresent(error, forKey: .error)
    }

    /// One face of a record: a video frame's `trackingId` first (and `"confirmed": false` for a
    /// face of an unconfirmed track), then the face's own keys (`Face`'s `Codable` form) in the same
    /// object, then `--match`'s `match`, then `--keep`'s `visibility`.
    private struct FaceEntry: Encodable {
        /// The keys of the identifier, the confirmation, the match and the visibility.
        private enum CodingKeys: String, CodingKey { case trackingId, confirmed, match, visibility }

        /// The face's track, for a video frame.
        var trackingId: Int?
        /// Whether the face's track is confirmed.
        var confirmed: Bool
        /// The face.
        var face: Face
        /// The face's person, with `--match`.
        var match: FaceMatch?
        /// Whether the face is shown, with `--keep` or `--hide-only`.
        var visibility: FaceVisibility?

        /// Encodes `trackingId`, then the face's keys into the same object, then `match` and `visibility`.
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeIfPresent(trackingId, forKey: .trackingId)
            if !confirmed { try container.encode(false, forKey: .confirmed) }
            try face.encode(to: encoder)
            try container.encodeIfPresent(match, forKey: .match)
            try container.encodeIfPresent(visibility, forKey: .visibility)
        }
    }
}
