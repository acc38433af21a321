import FaceDetectRecords
import FaceDetection

/// What `--tracks FILE` says about one track of a video: one JSON Lines record each, in the order
/// the tracks began.
struct TrackSummary: Sendable, Equatable {
    /// The video.
    var file: String
    /// The track's `trackingId`.
    var trackingId: Int
    /// The first frame where the face was detected (0-based).
    var firstFrame: Int
    /// The last frame where it was detected.
    var lastFrame: Int
    /// In how many analysed frames it was detected.
    var framesSeen: Int
    /// The frame where the face had the highest capture quality (``Face/captureQuality``), or,
    /// while it had none, where its detection scored best.
    var bestFrame: Int
    /// The detection's score on that frame.
    var bestScore: Float
    /// The face's capture quality on that frame, where it was measured.
    var bestQuality: Float?
    /// The person the track is of: tracks of one video whose appearances match
    /// (`FaceDescriptor.samePersonDistance`) share it, counting from 1 in the order the people
    /// first appear (`nil` for a track without an appearance: no descriptor was taken of it).
    var person: Int?
    /// Whether the track was confirmed as a face (`TrackedFace.isConfirmed`); only hidden videos
    /// (`--blur`, `--pixelate`) report unconfirmed tracks.
    var isConfirmed = true
    /// With `--keep` or `--hide-only`: in how many of the analysed frames reported the face was left visible.
    var framesShown: Int?
    /// With `--match`: in how many analysed frames each reference person (by label) was the track's match.
    var matchedFrames: [String: Int] = [:]

    /// A track first seen on `frame` with `score` and `quality`.
    init(file: String, trackingId: Int, frame: Int, score: Float, quality: Float? = nil) {
        self.file = file
        self.trackingId = trackingId
        firstFrame = frame
        lastFrame = frame
        framesSeen = 1
        bestFrame = frame
        bestScore = score
        bestQuality = quality
    }

    /// Counts a detection on `frame` with `score` and `quality`.
    mutating func add(frame: Int, score: Float, quality: Float? = nil) {
        lastFrame = frame
        framesSeen += 1
        if Self.isBetter(quality: quality, score: score, than: bestQuality, bestScore) {
            bestScore = score
            bestQuality = quality
            bestFrame = frame
        }
    }

    /// Counts the detections of `other`, a later part of the same track.
    mutating func join(_ other: TrackSummary) {
        firstFrame = min(firstFrame, other.firstFrame)
        lastFrame = max(lastFrame, other.lastFrame)
        framesSeen += other.framesSeen
        if let shown = other.framesShown { framesShown = (framesShown ?? 0) + shown }
        matchedFrames.merge(other.matchedFrames, uniquingKeysWith: +)
        if Self.isBetter(quality: other.bestQuality, score: other.bestScore, than: bestQuality, bestScore) {
            bestScore = other.bestScore
            bestQuality = other.bestQuality
            bestFrame = other.bestFrame
        }
    }

    /// Counts the `--match` label and the `--keep`/`--hide-only` visibility of one of its faces, where given.
    mutating func count(match: FaceMatch?, visibility: FaceVisibility?) {
        if let match { matchedFrames[match.person, default: 0] += 1 }
        if let visibility { framesShown = (framesShown ?? 0) + (visibility.shown ? 1 : 0) }
    }

    /// The reference person the track matched on the most frames (ties: the alphabetically first), with `--match`.
    var match: String? {
        matchedFrames.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key
    }

    /// Whether a face of `quality` and `score` makes a better best frame than one of `bestQuality`
    /// and `bestScore`: the higher measured quality, a measured quality over none, else the higher score.
    static func isBetter(quality: Float?, score: Float, than bestQuality: Float?, _ bestScore: Float) -> Bool {
        quality.map { $0 > (bestQuality ?? -1) } ?? (bestQuality == nil && score > bestScore)
    }

    /// The record as one line of JSON (`JSONLineEncoder`).
    var jsonLine: String {
        // Nothing here throws: `encode(to:)` only calls the encoder's containers, which never do.
        try! JSONLineEncoder.line(self)
    }
}

extension TrackSummary: Encodable {
    /// The keys of a track's record, in the order they are written.
    private enum CodingKeys: String, CodingKey {
        case file, trackingId, person, confirmed, firstFrame, lastFrame, framesSeen, framesShown, match, bestFrame
        case bestScore, bestQuality
    }

    /// Encodes every key, `bestScore` and `bestQuality` (where measured) with up to 4 decimals (as a
    /// face's `score` and `captureQuality`), `person` when known, `confirmed` only when false, `framesShown` and
    /// `match` (the person matched on the most frames) when `--keep`/`--hide-only` or `--match` gave them.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(file, forKey: .file)
        try container.encode(trackingId, forKey: .trackingId)
        try container.encodeIfPresent(person, forKey: .person)
        if !isConfirmed { try container.encode(false, forKey: .confirmed) }
        try container.encode(firstFrame, forKey: .firstFrame)
        try container.encode(lastFrame, forKey: .lastFrame)
        try container.encode(framesSeen, forKey: .framesSeen)
        try container.encodeIfPresent(framesShown, forKey: .framesShown)
        try container.encodeIfPresent(match, forKey: .match)
        try container.encode(bestFrame, forKey: .bestFrame)
        try container.encode(FixedDecimal(bestScore, places: 4), forKey: .bestScore)
        try container.encodeIfPresent(bestQuality.map { FixedDecimal($0, places: 4) }, forKey: .bestQuality)
    }
}
