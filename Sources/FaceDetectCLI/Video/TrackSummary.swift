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

    /// Counts a detection on `frame` with `score` and `quality`: a measured quality beats none.
    mutating func add(frame: Int, score: Float, quality: Float? = nil) {
        lastFrame = frame
        framesSeen += 1
        let better = quality.map { $0 > (bestQuality ?? -1) } ?? (bestQuality == nil && score > bestScore)
        if better {
            bestScore = score
            bestQuality = quality
            bestFrame = frame
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
        case file, trackingId, firstFrame, lastFrame, framesSeen, bestFrame, bestScore, bestQuality
    }

    /// Encodes every key, `bestScore` and `bestQuality` (where measured) with up to 4 decimals (as a
    /// face's `score` and `captureQuality`).
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(file, forKey: .file)
        try container.encode(trackingId, forKey: .trackingId)
        try container.encode(firstFrame, forKey: .firstFrame)
        try container.encode(lastFrame, forKey: .lastFrame)
        try container.encode(framesSeen, forKey: .framesSeen)
        try container.encode(bestFrame, forKey: .bestFrame)
        try container.encode(FixedDecimal(bestScore, places: 4), forKey: .bestScore)
        try container.encodeIfPresent(bestQuality.map { FixedDecimal($0, places: 4) }, forKey: .bestQuality)
    }
}
