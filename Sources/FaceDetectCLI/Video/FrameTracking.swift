import FaceDetectRecords
import FaceDetection

/// The in-order stage that videos and image sequences share: the tracker, the per-track
/// summaries for `--tracks`, and the hiding buffer that holds frames (`Frame`) back before they
/// are written.
struct FrameTracking<Frame: HeldFrame> {
    /// The tracker of this stream.
    private(set) var tracker = FaceTracker()
    /// Frames held back before they are written (only when there is an output).
    private var hiding: HidingBuffer<Frame>
    /// Whether frames are held for an output at all.
    private let holdsFrames: Bool
    /// Each track's summary so far.
    private var summaries: [Int: TrackSummary] = [:]
    /// Track identifiers in the order they began.
    private var trackOrder: [Int] = []
    /// Each track's face cut from its best frame so far, where `track` was given a cut (`--best-frames`).
    private(set) var bestFaces: [Int: RGBImage] = [:]
    /// What the summaries name as their file.
    private let file: String

    /// The most bytes of frames held back (a gap longer than this holds is hidden at the track's
    /// last box instead of an interpolated one).
    static var heldBytes: Int { 256 << 20 }

    /// A stage for the stream `file` where faces are detected on every `every`-th frame, hidden
    /// boxes grow by `margin`, and frames of `frameBytes` bytes are held for an output when
    /// `holdsFrames`.
    init(file: String, every: Int, margin: Float, holdsFrames: Bool, frameBytes: Int) {
        self.file = file
        self.holdsFrames = holdsFrames
        // Hold back enough frames to cover a track's allowed misses (in frames, with --every),
        // within `heldBytes`.
        let wanted = (FaceTracker.Options().maxMissedFrames + 1) * every
        hiding = HidingBuffer(delay: max(1, min(wanted, Self.heldBytes / max(frameBytes, 1))), margin: margin)
    }

    /// Tracks the faces detected on analysed frame `frame` (at `time` seconds) and counts them in
    /// the summaries; returns them with their identifiers. With `cut`, a face on its track's best
    /// frame so far is cut from the frame by its box (``bestFaces``).
    mutating func track(
        _ faces: [Face], frame: Int, time: Double, cut: ((Rect) -> RGBImage?)? = nil
    ) -> [TrackedFace] {
        let detected = tracker.update(faces, time: time)
        for tracked in detected {
            let score = tracked.face.score
            if summaries[tracked.trackingId] == nil {
                trackOrder.append(tracked.trackingId)
                summaries[tracked.trackingId] = TrackSummary(
                    file: file, trackingId: tracked.trackingId, frame: frame, score: score,
                    quality: tracked.face.captureQuality)
            } else {
                summaries[tracked.trackingId]?.add(frame: frame, score: score, quality: tracked.face.captureQuality)
            }
            if let cut, summaries[tracked.trackingId]?.bestFrame == frame {
                bestFaces[tracked.trackingId] = cut(tracked.face.bounds)
            }
        }
        return detected
    }

    /// The JSON Lines record of analysed frame `frame` of the stream's `file` (at `time` seconds,
    /// when known): its size, detection time and tracked faces with their identifiers.
    func record(
        file: String, frame: Int, time: Double?, width: Int, height: Int, seconds: Double, detected: [TrackedFace]
    ) -> PredictionRecord {
        var record = PredictionRecord(file: file)
        record.frame = frame
        record.time = time
        record.width = width
        record.height = height
        record.seconds = seconds
        record.faces = detected.map(\.face)
        record.trackingIds = detected.map(\.trackingId)
        return record
    }

    /// Holds frame `frame` (with its tracked faces, empty when not analysed, and every box the
    /// detector gave on it) and returns the frames now due for the output.
    mutating func hold(frame: Int, image: Frame, detected: [TrackedFace], detectorBoxes: [Rect])
        -> [HidingBuffer<Frame>.Entry]
    {
        guard holdsFrames else { return [] }
        return hiding.add(
            frame: frame, image: image, detected: detected, live: tracker.liveTracks, otherBoxes: detectorBoxes)
    }

    /// The frames still held, at the end of the stream.
    mutating func flush() -> [HidingBuffer<Frame>.Entry] { hiding.flush() }

    /// The summaries, in the order the tracks began.
    var tracks: [TrackSummary] { trackOrder.compactMap { summaries[$0] } }
}
