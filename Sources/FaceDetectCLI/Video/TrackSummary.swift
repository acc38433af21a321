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

    /// The record as one line of JSON.
    var jsonLine: String {
        var json = JSONText()
        json.beginObject()
        json.key("file")
        json.string(file)
        for (key, value) in [
            ("trackingId", trackingId), ("firstFrame", firstFrame), ("lastFrame", lastFrame),
            ("framesSeen", framesSeen), ("bestFrame", bestFrame),
        ] {
            json.key(key)
            json.integer(value)
        }
        json.key("bestScore")
        json.number(Double(bestScore), decimals: 4, trimmed: true)
        json.endObject()
        return json.text
    }
}
