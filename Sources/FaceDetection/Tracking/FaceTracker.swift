/// Gives the faces of consecutive video frames stable identities, as Android's FaceDetector and
/// ML Kit do with tracking enabled, and smooths their boxes and landmarks.
///
/// ML Kit's semantics, which this follows: a face keeps its `trackingId` from frame to frame for
/// as long as it stays in view; identifiers are never reused for another face within one tracker
/// (they count up from 1). Beyond ML Kit, with descriptors (``update(_:time:descriptor:)``) a face
/// that leaves and comes back within ``Options/lostTrackMemory`` seconds gets its old identifier
/// back when its appearance matches (re-identification); without them it gets a new one, as in
/// ML Kit. Tracking is only meaningful for consecutive frames of one stream: feed each frame's
/// detections in order, one tracker per stream.
///
/// How: each live track predicts its box in the new frame from its last detected box and its
/// velocity (a constant-velocity model, in pixels per analysed frame). Detections are matched to
/// predictions greedily, best overlap first (intersection over union at least
/// ``Options/minOverlap``); a detection that overlaps no prediction can still match a nearby
/// prediction of similar size (centre distance at most ``Options/maxCenterDistance`` face
/// widths), for fast motion. An unmatched detection starts a new track. A track that matches
/// nothing keeps its predicted box for up to ``Options/maxMissedFrames`` analysed frames
/// (a face hidden for a moment, or missed by the detector, keeps its identifier), then ends.
///
/// Appearance (when descriptors are given): a track's appearance is the identity descriptors of
/// its first frame and of later frames that score best since the last one was taken, at most one
/// every ``Options/describeEvery`` analysed frames. The tracker asks for a detection's descriptor
/// only where it needs one: a new track, a refresh, and an ambiguous match (a detection that could
/// continue two tracks, or two detections one track, as when faces cross), where pairs whose
/// appearances match (distance at most ``Options/reidentificationDistance``) go first, closest
/// first. A detection that continues no track is compared with the tracks missed in this frame and
/// with those ended in the last ``Options/lostTrackMemory`` seconds; the closest match within the
/// distance takes its track back. A new track is described again in each of its first
/// ``Options/confirmationDetections`` frames while ended tracks are remembered (a face coming into
/// the frame, or out from behind something, is seen poorly at first): when it matches one, it takes
/// that track's identifier from then on (``merges``).
///
/// Confirmation: a track is confirmed (``TrackedFace/isConfirmed``) once one detection scores at
/// least ``Options/confirmationScore`` or it has been detected in
/// ``Options/confirmationDetections`` analysed frames, so that a flicker of low-scoring boxes on
/// the background can be told from a face.
///
/// Smoothing: the reported box (centre, width, height) and every landmark go through a
/// ``OneEuroFilter`` per coordinate, whose speed term is measured in face widths per second, so
/// a still face stops jittering while a moving one is followed with little lag. The raw box of
/// the frame's own detection stays available (``TrackedFace/detectedBounds``).
public struct FaceTracker: Sendable {
    /// How faces are matched and smoothed.
    public struct Options: Sendable, Equatable {
        /// The least intersection over union between a detection and a track's predicted box for
        /// them to be the same face (default 0.2).
        public var minOverlap: Float = 0.2
        /// A detection overlapping no prediction enough may still continue a track whose predicted
        /// centre is at most this many face widths away, when their widths differ by less than a
        /// factor of 1.5 (default 0.75).
        public var maxCenterDistance: Float = 0.75
        /// A detection that matches no track but overlaps a face already reported in the same
        /// frame by at least this intersection over union is taken for a second box on that face
        /// and dropped, instead of starting a track (default 0.45).
        public var duplicateOverlap: Float = 0.45
        /// How many analysed frames in a row a track survives without a detection (default 10:
        /// a third of a second at 30 frames per second).
        public var maxMissedFrames: Int = 10
        /// The largest distance between two descriptors (``FaceDescriptor/distance(to:)``) for a
        /// detection and a track to look like one person, in an ambiguous match and when a track is
        /// taken back (default ``FaceDescriptor/samePersonDistance``).
        public var reidentificationDistance: Float = FaceDescriptor.samePersonDistance
        /// How long, in seconds after its last detection, an ended track with an appearance can be
        /// taken back by a detection that matches it (default 10).
        public var lostTrackMemory: Double = 10
        /// The fewest analysed frames between two descriptors of one track (default 30: one a
        /// second at 30 frames per second, at most).
        public var describeEvery: Int = 30
        /// How many descriptors a track keeps as its appearance, the latest (default 4); a
        /// detection's distance to the track is the least to any of them.
        public var appearanceCount: Int = 4
        /// A track is confirmed by one detection scoring at least this (default 0.6).
        public var confirmationScore: Float = 0.6
        /// A track is confirmed once detected in this many analysed frames, whatever the scores
        /// (default 10).
        public var confirmationDetections: Int = 10
        /// Whether boxes and landmarks are smoothed (default true); without it, reported faces are
        /// the detections themselves.
        public var smoothing: Bool = true
        /// The One-Euro filter's cutoff in hertz for a still face (default 1.5).
        public var minCutoff: Float = 1.5
        /// The One-Euro filter's speed coefficient, per face width per second (default 2).
        public var beta: Float = 2

        /// Options with the defaults above.
        public init() {}
    }

    /// One face followed across frames.
    struct Track: Sendable {
        /// Its identifier.
        let id: Int
        /// The box of its last detection.
        var lastBox: Rect
        /// Change of the box per analysed frame: centre x, centre y, width, height.
        var velocity: SIMD4<Float> = .zero
        /// Analysed frames since the last detection.
        var missed = 0
        /// Whether it has been matched to a detection before (velocity is known from the second).
        var updates = 1
        /// The time of the last detection, in seconds.
        var lastTime: Double
        /// The last reported face (smoothed).
        var face: Face
        /// Filters for the box's centre x, centre y, width and height.
        var boxFilters: [OneEuroFilter]
        /// Filters for each landmark's x and y.
        var landmarkFilters: [LandmarkType: [OneEuroFilter]] = [:]
        /// Its appearance: the latest descriptors taken of it, oldest first.
        var appearance: [FaceDescriptor] = []
        /// Analysed frames with a detection since the last descriptor was asked for.
        var sinceDescribed = 0
        /// The best score of its detections since the last descriptor was asked for.
        var bestSinceDescribed: Float = 0
        /// In how many analysed frames it was detected.
        var detections = 1
        /// Whether it is confirmed as a face.
        var isConfirmed = false
        /// Whether it began as a new track and may still turn out to be an ended one come back.
        var isNew = true

        /// The box predicted `frames` analysed frames after the last detection.
        func predictedBox(after frames: Int) -> Rect {
            let step = Float(frames)
            let center = lastBox.center
            let width = max(1, lastBox.width + velocity[2] * step)
            let height = max(1, lastBox.height + velocity[3] * step)
            return Rect(
                x: center.x + velocity[0] * step - width / 2, y: center.y + velocity[1] * step - height / 2,
                width: width, height: height)
        }

        /// The least distance from `descriptor` to its appearance (nil without one).
        func distance(to descriptor: FaceDescriptor) -> Float? {
            appearance.map { $0.distance(to: descriptor) }.min()
        }

        /// The face as reported in a frame where it was detected at `detectedBounds`.
        func tracked(detectedBounds: Rect?) -> TrackedFace {
            TrackedFace(
                face: face, trackingId: id, missedFrames: missed, detectedBounds: detectedBounds,
                descriptor: appearance.last, isConfirmed: isConfirmed)
        }
    }

    /// The options this tracker runs with.
    public let options: Options
    /// Live tracks, oldest first.
    private var tracks: [Track] = []
    /// Ended tracks with an appearance, detected within the last ``Options/lostTrackMemory``
    /// seconds, oldest first.
    private var lost: [Track] = []
    /// The identifier the next new track gets.
    private var nextId = 1
    /// The tracks of the last update that turned out to be ended tracks come back: each young
    /// track's identifier (`from`) and the one it took back (`into`), reported from then on. A
    /// caller that holds a few frames' results back (to wait for confirmation) renames them.
    public private(set) var merges: [(from: Int, into: Int)] = []

    /// A tracker with no tracks yet.
    public init(options: Options = Options()) {
        self.options = options
    }

    /// The tracks alive after the last update, oldest first: those detected in it
    /// (`missedFrames == 0`) and those kept through a miss, with their predicted box.
    public var liveTracks: [TrackedFace] {
        tracks.map { track in
            var tracked = track.tracked(detectedBounds: track.missed == 0 ? track.lastBox : nil)
            if track.missed > 0 { tracked.face.bounds = track.predictedBox(after: track.missed) }
            return tracked
        }
    }

    /// ``update(_:time:descriptor:)`` without descriptors: motion alone, and a face that comes
    /// back after its track ended gets a new identifier.
    public mutating func update(_ faces: [Face], time: Double) -> [TrackedFace] {
        update(faces, time: time, descriptor: { _ in nil })
    }

    /// Matches the detections of the next analysed frame, taken at `time` seconds, to the live
    /// tracks and returns them in the order given, each with its identifier and smoothed, except
    /// duplicates: a detection that continues no track and overlaps a face reported in this frame
    /// (``Options/duplicateOverlap``) is left out, as ML Kit reports one face per person.
    ///
    /// `descriptor(i)` gives the identity descriptor of `faces[i]` (for instance
    /// `FaceDetector.descriptor(of:in:)` on the frame), or nil; it is called only for the faces
    /// whose appearance the tracker needs (new tracks, ambiguous matches, returning faces and a
    /// refresh at most every ``Options/describeEvery`` frames of a track), at most once per face.
    public mutating func update(
        _ faces: [Face], time: Double, descriptor: (Int) -> FaceDescriptor?
    ) -> [TrackedFace] {
        var described = [FaceDescriptor??](repeating: nil, count: faces.count)
        func describe(_ f: Int) -> FaceDescriptor? {
            if let known = described[f] { return known }
            let made = descriptor(f)
            described[f] = .some(made)
            return made
        }
        lost.removeAll { time - $0.lastTime > options.lostTrackMemory }
        merges = []
        let trackOf = associate(faces, describe: describe)
        var trackTaken = [Bool](repeating: false, count: tracks.count)
        for case let t? in trackOf { trackTaken[t] = true }

        // Unmatched detections start tracks, best score first, unless they duplicate a face kept.
        var kept = faces.indices.filter { trackOf[$0] != nil }.map { faces[$0].bounds }
        var isDuplicate = [Bool](repeating: false, count: faces.count)
        var unmatched: [Int] = []
        for f in faces.indices.filter({ trackOf[$0] == nil }).sorted(by: { faces[$0].score > faces[$1].score }) {
            if kept.contains(where: { $0.iou(faces[f].bounds) >= options.duplicateOverlap }) {
                isDuplicate[f] = true
            } else {
                kept.append(faces[f].bounds)
                unmatched.append(f)
            }
        }
        // Of those, a detection that looks like a track missed in this frame, or one lost within the
        // memory, takes it back (closest pair first).
        var candidates: [(distance: Float, face: Int, live: Int?, lost: Int?)] = []
        let searchesBack =
            !lost.isEmpty || tracks.indices.contains { !trackTaken[$0] && !tracks[$0].appearance.isEmpty }
        if !unmatched.isEmpty && searchesBack {
            for f in unmatched {
                guard let seen = describe(f) else { continue }
                for t in tracks.indices where !trackTaken[t] {
                    if let d = tracks[t].distance(to: seen), d <= options.reidentificationDistance {
                        candidates.append((d, f, t, nil))
                    }
                }
                for l in lost.indices {
                    if let d = lost[l].distance(to: seen), d <= options.reidentificationDistance {
                        candidates.append((d, f, nil, l))
                    }
                }
            }
        }
        var retaken = [Track?](repeating: nil, count: faces.count)
        var lostTaken = Set<Int>()
        for candidate in candidates.sorted(by: { $0.distance < $1.distance }) where retaken[candidate.face] == nil {
            if let t = candidate.live, !trackTaken[t] {
                trackTaken[t] = true
                retaken[candidate.face] = tracks[t]
            } else if let l = candidate.lost, !lostTaken.contains(l) {
                lostTaken.insert(l)
                retaken[candidate.face] = lost[l]
            }
        }

        lost = lost.indices.filter { !lostTaken.contains($0) }.map { lost[$0] }

        var result: [TrackedFace] = []
        result.reserveCapacity(faces.count)
        var newTracks: [Track] = []
        var takenBack: Set<Int> = []
        for (f, face) in faces.enumerated() where !isDuplicate[f] {
            if let t = trackOf[f] {
                update(&tracks[t], with: face, time: time)
                if tracks[t].isNew && tracks[t].detections <= options.confirmationDetections && !lost.isEmpty,
                    let seen = describe(f)
                {
                    var young = tracks[t]
                    takeBack(&young, seen: seen)
                    tracks[t] = young
                } else {
                    refresh(&tracks[t], score: face.score) { describe(f) }
                }
                result.append(tracks[t].tracked(detectedBounds: face.bounds))
            } else if var track = retaken[f] {
                resume(&track, with: face, time: time)
                takenBack.insert(track.id)
                newTracks.append(track)
                result.append(track.tracked(detectedBounds: face.bounds))
            } else {
                var track = startTrack(face, time: time)
                if let seen = describe(f) { track.appearance = [seen] }
                newTracks.append(track)
                result.append(track.tracked(detectedBounds: face.bounds))
            }
        }
        for t in tracks.indices where !trackTaken[t] { tracks[t].missed += 1 }
        tracks.removeAll { takenBack.contains($0.id) }
        for track in tracks where track.missed > options.maxMissedFrames && !track.appearance.isEmpty {
            lost.append(track)
        }
        tracks.removeAll { $0.missed > options.maxMissedFrames }
        tracks += newTracks
        tracks.sort { $0.id < $1.id }
        return result
    }

    /// The track each detection continues (nil for none): overlapping pairs best first, then near
    /// pairs of similar size nearest first; where a detection could continue several tracks or a
    /// track several detections, the pairs whose appearances match go first, closest first.
    private func associate(_ faces: [Face], describe: (Int) -> FaceDescriptor?) -> [Int?] {
        let predictions = tracks.map { $0.predictedBox(after: $0.missed + 1) }
        var trackOf = [Int?](repeating: nil, count: faces.count)
        var trackTaken = [Bool](repeating: false, count: tracks.count)

        var overlapping: [(overlap: Float, face: Int, track: Int)] = []
        var near: [(distance: Float, face: Int, track: Int)] = []
        for (f, face) in faces.enumerated() {
            for (t, predicted) in predictions.enumerated() {
                let overlap = face.bounds.iou(predicted)
                if overlap >= options.minOverlap {
                    overlapping.append((overlap, f, t))
                    continue
                }
                let ratio = face.bounds.width / max(predicted.width, 1)
                guard ratio < 1.5 && ratio > 1 / 1.5 else { continue }
                let dx = face.bounds.center.x - predicted.center.x
                let dy = face.bounds.center.y - predicted.center.y
                let distance = (dx * dx + dy * dy).squareRoot() / max(predicted.width, 1)
                if distance <= options.maxCenterDistance { near.append((distance, f, t)) }
            }
        }
        overlapping.sort { $0.overlap > $1.overlap }
        near.sort { $0.distance < $1.distance }
        var pairs = overlapping.map { ($0.face, $0.track) } + near.map { ($0.face, $0.track) }

        // Ambiguous pairs: their face or their track is in another pair too.
        var pairsOfFace = [Int](repeating: 0, count: faces.count)
        var pairsOfTrack = [Int](repeating: 0, count: tracks.count)
        for (f, t) in pairs {
            pairsOfFace[f] += 1
            pairsOfTrack[t] += 1
        }
        var matching: [(distance: Float, face: Int, track: Int)] = []
        for (f, t) in pairs where (pairsOfFace[f] > 1 || pairsOfTrack[t] > 1) && !tracks[t].appearance.isEmpty {
            if let seen = describe(f), let d = tracks[t].distance(to: seen), d <= options.reidentificationDistance {
                matching.append((d, f, t))
            }
        }
        if !matching.isEmpty {
            matching.sort { $0.distance < $1.distance }
            pairs = matching.map { ($0.face, $0.track) } + pairs
        }
        for (f, t) in pairs where trackOf[f] == nil && !trackTaken[t] {
            trackOf[f] = t
            trackTaken[t] = true
        }
        return trackOf
    }

    /// A new track for `face`, with the next identifier.
    private mutating func startTrack(_ face: Face, time: Double) -> Track {
        let filter = OneEuroFilter(minCutoff: options.minCutoff, beta: options.beta)
        var track = Track(
            id: nextId, lastBox: face.bounds, lastTime: time, face: face,
            boxFilters: [OneEuroFilter](repeating: filter, count: 4))
        nextId += 1
        track.isConfirmed = face.score >= options.confirmationScore || options.confirmationDetections <= 1
        track.face = smoothed(face, track: &track, interval: 0)
        return track
    }

    /// Adds `seen` to the appearance of the young `track` (detected in its first
    /// ``Options/confirmationDetections`` frames, when its first views may be poor: a face coming
    /// into the frame, or from behind something) and, when it matches an ended track lost within the
    /// memory, makes it that track: its identifier, appearance and confirmation (``merges``).
    private mutating func takeBack(_ track: inout Track, seen: FaceDescriptor) {
        track.appearance.append(seen)
        if track.appearance.count > max(1, options.appearanceCount) { track.appearance.removeFirst() }
        let matches = lost.indices.compactMap { l in lost[l].distance(to: seen).map { (distance: $0, lost: l) } }
        guard let best = matches.min(by: { $0.distance < $1.distance }),
            best.distance <= options.reidentificationDistance
        else { return }
        let old = lost.remove(at: best.lost)
        var merged = Track(
            id: old.id, lastBox: track.lastBox, velocity: track.velocity, missed: track.missed,
            updates: track.updates, lastTime: track.lastTime, face: track.face, boxFilters: track.boxFilters,
            landmarkFilters: track.landmarkFilters)
        merged.appearance = Array((old.appearance + track.appearance).suffix(max(1, options.appearanceCount)))
        merged.detections = old.detections + track.detections
        merged.isConfirmed = old.isConfirmed || track.isConfirmed
        merged.isNew = false
        merges.append((track.id, old.id))
        track = merged
    }

    /// Takes `track` back for `face` at `time`, found elsewhere by its appearance: its motion and
    /// smoothing start again from this detection.
    private func resume(_ track: inout Track, with face: Face, time: Double) {
        let filter = OneEuroFilter(minCutoff: options.minCutoff, beta: options.beta)
        track.boxFilters = [OneEuroFilter](repeating: filter, count: 4)
        track.landmarkFilters = [:]
        track.velocity = .zero
        track.updates = 1
        track.lastBox = face.bounds
        track.missed = 0
        track.lastTime = time
        track.isNew = false
        confirm(&track, score: face.score)
        track.face = smoothed(face, track: &track, interval: 0)
    }

    /// Counts a detection scoring `score` towards confirming `track`.
    private func confirm(_ track: inout Track, score: Float) {
        track.detections += 1
        if score >= options.confirmationScore || track.detections >= options.confirmationDetections {
            track.isConfirmed = true
        }
    }

    /// Adds a descriptor (`describe()`) to the appearance of `track`, just detected with `score`,
    /// when this detection scores best since the last was asked for, at least
    /// ``Options/describeEvery`` detections after it.
    private func refresh(_ track: inout Track, score: Float, describe: () -> FaceDescriptor?) {
        track.sinceDescribed += 1
        let due = track.sinceDescribed >= options.describeEvery && score >= track.bestSinceDescribed
        track.bestSinceDescribed = max(track.bestSinceDescribed, score)
        guard due else { return }
        track.sinceDescribed = 0
        track.bestSinceDescribed = 0
        guard let seen = describe() else { return }
        track.appearance.append(seen)
        if track.appearance.count > max(1, options.appearanceCount) { track.appearance.removeFirst() }
    }

    /// Moves `track` on to its new detection `face` at `time`.
    private func update(_ track: inout Track, with face: Face, time: Double) {
        let frames = Float(track.missed + 1)
        let old = track.lastBox
        let new = face.bounds
        let step =
            SIMD4<Float>(
                new.center.x - old.center.x, new.center.y - old.center.y, new.width - old.width, new.height - old.height
            )
            / frames
        // The first step sets the velocity; later ones blend in, so one noisy box does not throw it.
        track.velocity = track.updates == 1 ? step : 0.5 * track.velocity + 0.5 * step
        track.updates += 1
        track.lastBox = new
        track.missed = 0
        let interval = Float(time - track.lastTime)
        track.lastTime = time
        confirm(&track, score: face.score)
        track.face = smoothed(face, track: &track, interval: interval)
    }
    /// `face` with its box and landmarks passed through the track's filters.
    private func smoothed(_ face: Face, track: inout Track, interval: Float) -> Face {
        guard options.smoothing else { return face }
        var result = face
        let box = face.bounds
        let scale = max(box.width, 1)
        let values = [box.center.x, box.center.y, box.width, box.height]
        var filtered = [Float](repeating: 0, count: 4)
        for i in 0..<4 { filtered[i] = track.boxFilters[i].filter(values[i], interval: interval, scale: scale) }
        result.bounds = Rect(
            x: filtered[0] - filtered[2] / 2, y: filtered[1] - filtered[3] / 2, width: filtered[2],
            height: filtered[3])
        let prototype = OneEuroFilter(minCutoff: options.minCutoff, beta: options.beta)
        result.landmarks = face.landmarks.map { landmark in
            var filters = track.landmarkFilters[landmark.type] ?? [prototype, prototype]
            let x = filters[0].filter(landmark.position.x, interval: interval, scale: scale)
            let y = filters[1].filter(landmark.position.y, interval: interval, scale: scale)
            track.landmarkFilters[landmark.type] = filters
            return Landmark(type: landmark.type, position: Point(x: x, y: y))
        }
        return result
    }
}
