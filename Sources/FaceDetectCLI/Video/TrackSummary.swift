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
    /// The frame where its detection scored best.
    var bestFrame: Int
    /// That score.
    var bestScore: Float
    /// The person the track is of: tracks of one video whose appearances match
    /// (`FaceDescriptor.samePersonDistance`) share it, counting from 1 in the order the people
    /// first appear (`nil` for a track without an appearance: no descriptor was taken of it).
    var person: Int?
    /// Whether the track was confirmed as a face (`TrackedFace.isConfirmed`); only hidden videos
    /// (`--blur`, `--pixelate`) report unconfirmed tracks.
    var isConfirmed = true

    /// A track first seen on `frame` with `score`.
    init(file: String, trackingId: Int, frame: Int, score: Float) {
        self.file = file
        self.trackingId = trackingId
        firstFrame = frame
        lastFrame = frame
        framesSeen = 1
        bestFrame = frame
        bestScore = score
    }

    /// Counts a detection on `frame` with `score`.
    mutating func add(frame: Int, score: Float) {
        lastFrame = frame
        framesSeen += 1
        if score > bestScore {
            bestScore = score
            bestFrame = frame
        }
    }

    /// Counts the detections of `other`, a later part of the same track.
    mutating func join(_ other: TrackSummary) {
        firstFrame = min(firstFrame, other.firstFrame)
        lastFrame = max(lastFrame, other.lastFrame)
        framesSeen += other.framesSeen
        if other.bestScore > bestScore {
            bestScore = other.bestScore
            bestFrame = other.bestFrame
        }
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
        case file, trackingId, person, confirmed, firstFrame, lastFrame, framesSeen, bestFrame, bestScore
    }

    /// Encodes every key, `bestScore` with up to 4 decimals (as a face's `score`), `person` when
    /// known and `confirmed` only when false.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(file, forKey: .file)
        try container.encode(trackingId, forKey: .trackingId)
        try container.encodeIfPresent(person, forKey: .person)
        if !isConfirmed { try container.encode(false, forKey: .confirmed) }
        try container.encode(firstFrame, forKey: .firstFrame)
        try container.encode(lastFrame, forKey: .lastFrame)
        try container.encode(framesSeen, forKey: .framesSeen)
        try container.encode(bestFrame, forKey: .bestFrame)
        try container.encode(FixedDecimal(bestScore, places: 4), forKey: .bestScore)
    }
}
