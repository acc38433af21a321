import FaceDetection

/// Holds the last few frames of a video back before they are written, so that hiding a face
/// (`--blur`, `--pixelate`) can also cover the frames where the detector missed it:
///
/// - through a miss: a track kept alive by the tracker is hidden at its predicted box;
/// - across a gap: when a track is detected again, the frames of the gap still held get the box
///   interpolated between its last detection and this one (so also the frames `--every` skips);
/// - before the first detection: a new track's box is also hidden in the held frames before it
///   (a face coming into view is often found only a few frames after it appears);
///
/// and every hidden box grows by `margin` × its size on each side. A track that `--keep` or
/// `--hide-only` leaves visible on a frame is hidden on it nowhere, nor is a second box of the
/// detector on its face (a box it dropped as a duplicate). Frames come out in order,
/// `delay` frames after they went in (all of them at `flush()`). `Frame` is what is held: an
/// `RGBImage` (image sequences) or a `VideoFrame` (videos).
struct HidingBuffer<Frame: HeldFrame> {
    /// A frame waiting to be written.
    struct Entry: Sendable {
        /// Its 0-based number in the video.
        var frame: Int
        /// The pixels.
        var image: Frame
        /// What to hide on it, grown by the margin.
        var hidden: [Rect]
        /// The tracked faces detected on it (to draw when not hiding).
        var faces: [Face]
    }

    /// How many frames are held back.
    let delay: Int
    /// How much each hidden box grows on each side, as a fraction of its width and height.
    let margin: Float
    /// Frames held, oldest first.
    private var entries: [Entry] = []
    /// Each track's last detection: its frame and box.
    private var lastSeen: [Int: (frame: Int, box: Rect)] = [:]

    /// A buffer holding `delay` frames and growing hidden boxes by `margin`.
    init(delay: Int, margin: Float) {
        self.delay = max(0, delay)
        self.margin = margin
    }

    /// `box` grown by the margin on each side.
    func grown(_ box: Rect) -> Rect { box.grown(by: margin) }

    /// Adds frame `frame` with the faces tracked on it (`detected`, empty when it was not
    /// analysed), the tracker's live tracks after it (`live`) and any other boxes to hide on it
    /// alone (`otherBoxes`: the detector's boxes, of which the tracker may have dropped some as
    /// duplicates), with the tracks left visible on it (`shown`), and returns the frames now due.
    mutating func add(
        frame: Int, image: Frame, detected: [TrackedFace], live: [TrackedFace], otherBoxes: [Rect] = [],
        shown: Set<Int> = []
    ) -> [Entry] {
        let tracked = Set(detected.compactMap { $0.detectedBounds.map { [$0.x, $0.y, $0.width, $0.height] } })
        let shownBoxes = detected.filter { shown.contains($0.trackingId) }.map { $0.detectedBounds ?? $0.face.bounds }
        var hidden: [Rect] = otherBoxes.filter { box in
            !tracked.contains([box.x, box.y, box.width, box.height])
                && !shownBoxes.contains { $0.iou(box) >= FaceTracker.Options().duplicateOverlap }
        }.map(grown)
        let detectedIds = Set(detected.map(\.trackingId))
        for face in detected where !shown.contains(face.trackingId) {
            hidden.append(grown(face.detectedBounds ?? face.face.bounds))
        }
        for track in live where !detectedIds.contains(track.trackingId) && !shown.contains(track.trackingId) {
            hidden.append(grown(track.detectedBounds ?? track.face.bounds))
        }
        for face in detected {
            let box = face.detectedBounds ?? face.face.bounds
            if shown.contains(face.trackingId) {
                lastSeen[face.trackingId] = (frame, box)
                continue
            }
            // A face back after a longer absence than the frames held (a track taken back by its
            // appearance) is hidden at its new box in them, as a new one.
            if let (seen, previous) = lastSeen[face.trackingId], frame - seen <= delay {
                // Fill the gap's frames still held with the box moving linearly between the two.
                for index in entries.indices where entries[index].frame > seen {
                    let t = Float(entries[index].frame - seen) / Float(frame - seen)
                    entries[index].hidden.append(grown(Self.interpolate(previous, box, t)))
                }
            } else {
                for index in entries.indices { entries[index].hidden.append(grown(box)) }
            }
            lastSeen[face.trackingId] = (frame, box)
        }
        entries.append(Entry(frame: frame, image: image, hidden: hidden, faces: detected.map(\.face)))
        guard entries.count > delay else { return [] }
        let due = entries.count - delay
        let ready = Array(entries.prefix(due))
        entries.removeFirst(due)
        return ready
    }

    /// The frames still held.
    mutating func flush() -> [Entry] {
        defer { entries = [] }
        return entries
    }

    /// The box `t` of the way from `a` to `b`.
    static func interpolate(_ a: Rect, _ b: Rect, _ t: Float) -> Rect {
        Rect(
            x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t, width: a.width + (b.width - a.width) * t,
            height: a.height + (b.height - a.height) * t)
    }
}

extension Rect {
    /// The rectangle grown by `margin` × its width and height on each side (`--hide-margin`).
    func grown(by margin: Float) -> Rect {
        let dx = width * margin
        let dy = height * margin
        return Rect(x: x - dx, y: y - dy, width: width + 2 * dx, height: height + 2 * dy)
    }
}

extension HidingBuffer.Entry {
    /// Turns the frame into what is written: its hidden boxes hidden as `hiding` says (`--blur`,
    /// `--pixelate`, `--fill`, `--hide-shape`), or else its faces drawn.
    mutating func render(_ hiding: HidingStyle?) {
        image.render(hidden: hidden, faces: faces, hiding: hiding)
    }
}
