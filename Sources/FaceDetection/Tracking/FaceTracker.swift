/// Gives the faces of consecutive video frames stable identities, as Android's FaceDetector and
/// ML Kit do with tracking enabled, and smooths their boxes and landmarks.
///
/// ML Kit's semantics, which this follows: a face keeps its `trackingId` from frame to frame for
/// as long as it stays in view; a face that leaves and comes back after the track has ended gets a
/// new identifier; identifiers are never reused within one tracker (they count up from 1).
/// As in ML Kit, tracking is only meaningful for consecutive frames of one stream: feed each
/// frame's detections to ``update(_:time:)`` in order, one tracker per stream.
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
    }

    /// The options this tracker runs with.
    public let options: Options
    /// Live tracks, oldest first.
    private var tracks: [Track] = []
    /// The identifier the next new track gets.
    private var nextId = 1

    /// A tracker with no tracks yet.
    public init(options: Options = Options()) {
        self.options = options
    }

    /// The tracks alive after the last update, oldest first: those detected in it
    /// (`missedFrames == 0`) and those kept through a miss, with their predicted box.
    public var liveTracks: [TrackedFace] {
        tracks.map { track in
            var face = track.face
            if track.missed > 0 { face.bounds = track.predictedBox(after: track.missed) }
            return TrackedFace(
                face: face, trackingId: track.id, missedFrames: track.missed,
                detectedBounds: track.missed == 0 ? track.lastBox : nil)
        }
    }

    /// Matches the detections of the next analysed frame, taken at `time` seconds, to the live
    /// tracks and returns them in the order given, each with its identifier and smoothed, except
    /// duplicates: a detection that continues no track and overlaps a face reported in this frame
    /// (``Options/duplicateOverlap``) is left out, as ML Kit reports one face per person.
    public mutating func update(_ faces: [Face], time: Double) -> [TrackedFace] {
        let predictions = tracks.map { $0.predictedBox(after: $0.missed + 1) }
        var trackOf = [Int?](repeating: nil, count: faces.count)
        var trackTaken = [Bool](repeating: false, count: tracks.count)

        // Overlapping pairs, best first; then near pairs of similar size, nearest first.
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
        for (f, t) in overlapping.map({ ($0.face, $0.track) }) + near.map({ ($0.face, $0.track) })
        where trackOf[f] == nil && !trackTaken[t] {
            trackOf[f] = t
            trackTaken[t] = true
        }

        // Unmatched detections start tracks, best score first, unless they duplicate a face kept.
        var kept = faces.indices.filter { trackOf[$0] != nil }.map { faces[$0].bounds }
        var isDuplicate = [Bool](repeating: false, count: faces.count)
        for f in faces.indices.filter({ trackOf[$0] == nil }).sorted(by: { faces[$0].score > faces[$1].score }) {
            if kept.contains(where: { $0.iou(faces[f].bounds) >= options.duplicateOverlap }) {
                isDuplicate[f] = true
            } else {
                kept.append(faces[f].bounds)
            }
        }

        var result: [TrackedFace] = []
        result.reserveCapacity(faces.count)
        var newTracks: [Track] = []
        for (f, face) in faces.enumerated() where !isDuplicate[f] {
            if let t = trackOf[f] {
                update(&tracks[t], with: face, time: time)
                result.append(
                    TrackedFace(face: tracks[t].face, trackingId: tracks[t].id, detectedBounds: face.bounds))
            } else {
                let track = startTrack(face, time: time)
                newTracks.append(track)
                result.append(TrackedFace(face: track.face, trackingId: track.id, detectedBounds: face.bounds))
            }
        }
        for t in tracks.indices where !trackTaken[t] { tracks[t].missed += 1 }
        tracks.removeAll { $0.missed > options.maxMissedFrames }
        tracks += newTracks
        return result
    }

    /// A new track for `face`, with the next identifier.
    private mutating func startTrack(_ face: Face, time: Double) -> Track {
        let filter = OneEuroFilter(minCutoff: options.minCutoff, beta: options.beta)
        var track = Track(
            id: nextId, lastBox: face.bounds, lastTime: time, face: face,
            boxFilters: [OneEuroFilter](repeating: filter, count: 4))
        nextId += 1
        track.face = smoothed(face, track: &track, interval: 0)
        return track
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
