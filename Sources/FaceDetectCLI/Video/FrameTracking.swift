import FaceDetectRecords
import FaceDetection

/// The in-order stage that videos and image sequences share: the tracker, the records held until
/// their tracks are confirmed, the per-track summaries for `--tracks`, and the hiding buffer that
/// holds frames (`Frame`) back before they are written.
///
/// Confirmation: a face is reported once its track is confirmed (`TrackedFace.isConfirmed`), with
/// its earlier frames: each analysed frame's record is held back until the tracker has seen
/// `confirmationDetections − 1` analysed frames after it, time for a track detected in every
/// frame to be confirmed. When faces are hidden (`reportsUnconfirmed`), every face is reported and
/// hidden, an unconfirmed one marked `"confirmed": false`.
struct FrameTracking<Frame: HeldFrame> {
    /// An analysed frame's record waiting for its tracks' confirmation.
    private struct PendingRecord {
        /// The record, with every tracked face.
        var record: PredictionRecord
        /// The faces' tracks, in the order of the record's faces.
        var trackingIds: [Int]
        /// The frame's number.
        var frame: Int
        /// The faces cut from the frame, in the order of the record's faces (`--best-frames`; else empty).
        var cuts: [RGBImage?]
    }

    /// The tracker of this stream.
    private(set) var tracker = FaceTracker()
    /// Frames held back before they are written (only when there is an output).
    private var hiding: HidingBuffer<Frame>
    /// Whether frames are held for an output at all.
    private let holdsFrames: Bool
    /// Whether faces of unconfirmed tracks are reported (marked), as when faces are hidden.
    private let reportsUnconfirmed: Bool
    /// Records not yet reported, oldest first.
    private var pending: [PendingRecord] = []
    /// The tracks confirmed so far.
    private var confirmed: Set<Int> = []
    /// Each track's summary so far.
    private var summaries: [Int: TrackSummary] = [:]
    /// Each track's appearance: the distinct descriptors the tracker gave it, latest last.
    private var appearances: [Int: [FaceDescriptor]] = [:]
    /// Track identifiers in the order they were first reported.
    private var trackOrder: [Int] = []
    /// Each track's face cut from its best frame so far, where `report` was given a cut (`--best-frames`).
    private(set) var bestFaces: [Int: RGBImage] = [:]
    /// What the summaries name as their file.
    private let file: String

    /// The most bytes of frames held back (a gap longer than this holds is hidden at the track's
    /// last box instead of an interpolated one).
    static var heldBytes: Int { 256 << 20 }

    /// A stage for the stream `file` where faces are detected on every `every`-th frame, hidden
    /// boxes grow by `margin`, frames of `frameBytes` bytes are held for an output when
    /// `holdsFrames`, and unconfirmed tracks are reported when `reportsUnconfirmed`.
    init(file: String, every: Int, margin: Float, holdsFrames: Bool, frameBytes: Int, reportsUnconfirmed: Bool) {
        self.file = file
        self.holdsFrames = holdsFrames
        self.reportsUnconfirmed = reportsUnconfirmed
        // Hold back enough frames to cover a track's allowed misses (in frames, with --every),
        // within `heldBytes`.
        let wanted = (FaceTracker.Options().maxMissedFrames + 1) * every
        hiding = HidingBuffer(delay: max(1, min(wanted, Self.heldBytes / max(frameBytes, 1))), margin: margin)
    }

    /// Tracks the faces detected on analysed frame `frame` (at `time` seconds); `descriptor(i)`
    /// describes `faces[i]` when the tracker asks. Returns every tracked face (also unconfirmed
    /// ones, to hide).
    mutating func track(
        _ faces: [Face], frame: Int, time: Double, descriptor: (Int) -> FaceDescriptor? = { _ in nil }
    ) -> [TrackedFace] {
        let detected = tracker.update(faces, time: time, descriptor: descriptor)
        for (from, into) in tracker.merges { merge(from, into: into) }
        for tracked in detected {
            if tracked.isConfirmed { confirmed.insert(tracked.trackingId) }
            if let seen = tracked.descriptor, appearances[tracked.trackingId]?.last != seen {
                appearances[tracked.trackingId, default: []].append(seen)
            }
        }
        return detected
    }

    /// Renames track `from`, which turned out to be the ended track `into` come back, in the
    /// records held, and joins what was reported of it to `into`'s summary.
    private mutating func merge(_ from: Int, into: Int) {
        for index in pending.indices {
            pending[index].trackingIds = pending[index].trackingIds.map { $0 == from ? into : $0 }
        }
        if confirmed.remove(from) != nil { confirmed.insert(into) }
        if let seen = appearances.removeValue(forKey: from) { appearances[into, default: []] += seen }
        let fromFace = bestFaces.removeValue(forKey: from)
        guard let summary = summaries.removeValue(forKey: from) else { return }
        trackOrder.removeAll { $0 == from }
        if summaries[into] == nil {
            trackOrder.append(into)
            var renamed = summary
            renamed.trackingId = into
            summaries[into] = renamed
            bestFaces[into] = fromFace
        } else {
            summaries[into]?.join(summary)
            if summaries[into]?.bestFrame == summary.bestFrame { bestFaces[into] = fromFace }
        }
    }

    /// Holds the JSON Lines record of analysed frame `frame` of the stream's `file` (at `time`
    /// seconds, when known): its size, detection time and tracked faces with their identifiers;
    /// returns the records now due, in frame order, with the faces their confirmation lets through.
    /// `labels` are the faces' `--match` persons and `--keep` visibilities, in the order of `detected`.
    /// With `cut`, each face is cut from the frame by its box, kept while its frame is its track's
    /// best (``bestFaces``).
    mutating func report(
        file: String, frame: Int, time: Double?, width: Int, height: Int, seconds: Double, detected: [TrackedFace],
        labels: TrackPeople.Labels = TrackPeople.Labels(), cut: ((Rect) -> RGBImage?)? = nil
    ) -> [PredictionRecord] {
        var record = PredictionRecord(file: file)
        record.frame = frame
        record.time = time
        record.width = width
        record.height = height
        record.seconds = seconds
        record.faces = detected.map(\.face)
        record.matches = labels.matches
        record.visibilities = labels.visibilities
        let cuts = cut.map { cut in detected.map { cut($0.face.bounds) } } ?? []
        pending.append(
            PendingRecord(record: record, trackingIds: detected.map(\.trackingId), frame: frame, cuts: cuts))
        let delay = max(0, tracker.options.confirmationDetections - 1)
        guard pending.count > delay else { return [] }
        let due = pending.count - delay
        defer { pending.removeFirst(due) }
        return pending.prefix(due).map { release($0) }
    }

    /// The records still held, at the end of the stream.
    mutating func flushRecords() -> [PredictionRecord] {
        defer { pending = [] }
        return pending.map { release($0) }
    }

    /// `held`'s record with the faces of unconfirmed tracks left out (or marked, when they are
    /// reported), counted in the summaries.
    private mutating func release(_ held: PendingRecord) -> PredictionRecord {
        var record = held.record
        var faces: [Face] = []
        var ids: [Int] = []
        var flags: [Bool] = []
        var kept: [Int] = []
        for (index, (face, id)) in zip(held.record.faces, held.trackingIds).enumerated() {
            let isConfirmed = confirmed.contains(id)
            guard isConfirmed || reportsUnconfirmed else { continue }
            kept.append(index)
            faces.append(face)
            ids.append(id)
            flags.append(isConfirmed)
            if summaries[id] == nil {
                trackOrder.append(id)
                summaries[id] = TrackSummary(
                    file: file, trackingId: id, frame: held.frame, score: face.score, quality: face.captureQuality)
            } else {
                summaries[id]?.add(frame: held.frame, score: face.score, quality: face.captureQuality)
            }
            summaries[id]?.count(
                match: held.record.matches.isEmpty ? nil : held.record.matches[index],
                visibility: held.record.visibilities.isEmpty ? nil : held.record.visibilities[index])
            if !held.cuts.isEmpty, summaries[id]?.bestFrame == held.frame { bestFaces[id] = held.cuts[index] }
        }
        record.faces = faces
        record.trackingIds = ids
        record.confirmed = flags.allSatisfy { $0 } ? [] : flags
        if !record.matches.isEmpty { record.matches = kept.map { held.record.matches[$0] } }
        if !record.visibilities.isEmpty { record.visibilities = kept.map { held.record.visibilities[$0] } }
        return record
    }

    /// Holds frame `frame` (with its tracked faces, empty when not analysed, every box the
    /// detector gave on it, and the tracks `--keep` or `--hide-only` leave visible on it) and
    /// returns the frames now due for the output. Every other face is hidden; only confirmed ones
    /// are drawn.
    mutating func hold(
        frame: Int, image: Frame, detected: [TrackedFace], detectorBoxes: [Rect], visible: Set<Int> = []
    ) -> [HidingBuffer<Frame>.Entry] {
        guard holdsFrames else { return [] }
        let shown = reportsUnconfirmed ? detected : detected.filter { confirmed.contains($0.trackingId) }
        return hiding.add(
            frame: frame, image: image, detected: shown, live: tracker.liveTracks, otherBoxes: detectorBoxes,
            shown: visible)
    }

    /// The frames still held, at the end of the stream.
    mutating func flush() -> [HidingBuffer<Frame>.Entry] { hiding.flush() }

    /// The summaries, in the order the tracks were first reported, each with its person: a track
    /// is of the first person one of whose tracks it matches (the least distance between their
    /// appearances at most `FaceDescriptor.samePersonDistance`), else of a new one.
    var tracks: [TrackSummary] {
        var people: [[Int]] = []
        var result: [TrackSummary] = []
        for id in trackOrder {
            guard var summary = summaries[id] else { continue }
            summary.isConfirmed = confirmed.contains(id)
            if let mine = appearances[id], !mine.isEmpty {
                let person = people.firstIndex { members in
                    members.contains { other in
                        Self.leastDistance(mine, appearances[other] ?? []) <= FaceDescriptor.samePersonDistance
                    }
                }
                if let person {
                    people[person].append(id)
                    summary.person = person + 1
                } else {
                    people.append([id])
                    summary.person = people.count
                }
            }
            result.append(summary)
        }
        return result
    }

    /// The least distance between a descriptor of `a` and one of `b` (infinity when either is empty).
    static func leastDistance(_ a: [FaceDescriptor], _ b: [FaceDescriptor]) -> Float {
        var least = Float.infinity
        for x in a {
            for y in b { least = min(least, x.distance(to: y)) }
        }
        return least
    }
}
