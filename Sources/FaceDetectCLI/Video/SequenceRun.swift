import FaceDetectRecords
import FaceDetection
import FaceDetectionIO

/// `--sequence DIR`: the JPEG and PNG frames of a folder, in the order of the numbers in their
/// names, through the same detection, tracker and hiding buffer as a video's frames; with `-o`
/// each frame is written (hidden or drawn) under its own name into the `-o` folder. The frames are
/// taken to be 1/30 s apart (the tracker's smoothing needs a time; records carry no `time`).
struct SequenceRun {
    /// What the command line asked for.
    let options: CommandLineOptions
    /// Frames decoded and detected at once.
    let threads: Int
    /// Where JSON Lines go, if anywhere.
    let json: TextOutput?
    /// Errors.
    let standardError: TextOutput
    /// `--match`'s, `--keep`'s or `--hide-only`'s people, decided per track (`TrackPeople`).
    var people = PeopleToFind()

    /// The assumed time between frames, in seconds.
    static let frameInterval = 1.0 / 30

    /// The names of `names` that are frames (named `.jpg`, `.jpeg`, `.png`: the formats that are
    /// written, since `-o` writes each frame back under its own name), in natural order:
    /// runs of digits compare by their value (`f2.png` before `f10.png`), the rest byte by byte.
    static func frameNames(_ names: [String]) -> [String] {
        names.filter { ImageFormat(path: $0)?.isWritable == true }.sorted { naturalOrder($0, $1) }
    }

    /// Whether `a` comes before `b` when runs of digits compare by value.
    static func naturalOrder(_ a: String, _ b: String) -> Bool {
        var i = a.utf8.makeIterator()
        var j = b.utf8.makeIterator()
        var x = i.next()
        var y = j.next()
        func isDigit(_ byte: UInt8?) -> Bool { byte.map { (48...57).contains($0) } ?? false }
        while let p = x, let q = y {
            if isDigit(p) && isDigit(q) {
                var left: [UInt8] = []
                var right: [UInt8] = []
                while isDigit(x) {
                    if !(left.isEmpty && x == 48) { left.append(x!) }
                    x = i.next()
                }
                while isDigit(y) {
                    if !(right.isEmpty && y == 48) { right.append(y!) }
                    y = j.next()
                }
                if left.count != right.count { return left.count < right.count }
                if left != right { return left.lexicographicallyPrecedes(right) }
                continue
            }
            if p != q { return p < q }
            x = i.next()
            y = j.next()
        }
        return x == nil && y != nil || (x == nil && y == nil && a.utf8.count < b.utf8.count)
    }

    /// One frame back from a worker.
    struct FrameResult: Sendable {
        /// Its number.
        var index: Int
        /// Its pixels (`nil` when it could not be read).
        var image: RGBImage?
        /// What the detector found.
        var faces: [Face]
        /// Detection time in seconds.
        var seconds: Double
        /// Why the frame failed, if it did.
        var error: String?
    }

    /// Processes the frames in `directory`, writing them into `output` when given.
    func process(_ directory: String, output: String?) -> VideoRun.Outcome {
        var outcome = VideoRun.Outcome()
        let names: [String]
        do {
            names = Self.frameNames(try FileSystem.names(inDirectory: directory))
        } catch {
            outcome.failure = error.description
            return outcome
        }
        guard !names.isEmpty else {
            outcome.failure = "\(directory): no frames (.jpg, .jpeg or .png files)"
            return outcome
        }
        // `OutputPlan.make` refused an `output` that is the sequence's own folder.
        if let output {
            do {
                try FileSystem.createDirectories(output)
            } catch {
                outcome.failure = error.description
                return outcome
            }
        }
        var detectorOptions = options.detector
        detectorOptions.threads = 1
        // The tracks' votes ask for descriptors on the frames they need (`TrackPeople`), not on every face.
        if !people.isEmpty && !options.given.contains("--descriptors") { detectorOptions.descriptors = false }
        let detector = FaceDetector(options: detectorOptions)
        let paths = names.map { FileSystem.join(directory, $0) }
        let every = options.every
        let limits = options.decodeLimits
        let next = FrameCounter()
        let pipeline = OrderedPipeline<Int, FrameResult>(workers: threads, window: 2 * threads + 2) { index in
            let image: RGBImage
            do {
                image = try ImageCodec.read(path: paths[index], limits: limits).image
            } catch {
                return FrameResult(index: index, image: nil, faces: [], seconds: 0, error: "\(error)")
            }
            guard index % every == 0 else { return FrameResult(index: index, image: image, faces: [], seconds: 0) }
            let start = ContinuousClock.now
            let faces = detector.detect(in: image)
            return FrameResult(
                index: index, image: image, faces: faces, seconds: ProgressBar.seconds(ContinuousClock.now - start))
        }
        var trackPeople = TrackPeople(people)
        var stage = FrameTracking<RGBImage>(
            file: directory, every: every, margin: options.hidingMargin(videos: true), holdsFrames: output != nil,
            frameBytes: 1920 * 1080 * 3,  // the size of the frames is known only as they come
            reportsUnconfirmed: options.anonymization != nil)
        let describes = json != nil || options.tracks != nil
        var failures: [String] = []
        func write(_ entries: [HidingBuffer<RGBImage>.Entry]) {
            guard let output else { return }
            for var entry in entries {
                entry.render(options.hiding)
                do {
                    try entry.image.write(to: FileSystem.join(output, names[entry.frame]))
                } catch {
                    failures.append("\(error)")
                }
            }
        }
        pipeline.run(
            source: {
                let index = next.next()
                return InterruptSignal.signal == nil && index < paths.count ? index : nil
            },
            shouldStop: { InterruptSignal.signal != nil }
        ) { result in
            outcome.frames += 1
            guard let image = result.image, result.error == nil else {
                var record = PredictionRecord(file: paths[result.index])
                record.frame = result.index
                record.error = result.error
                failures.append("\(paths[result.index]): \(result.error ?? "unreadable")")
                json?.writeLine(record.jsonLine)
                return
            }
            var detected: [TrackedFace] = []
            if result.index % every == 0 {
                // Each face described once per frame, for the tracker and the people's votes alike.
                var described: [Int: FaceDescriptor?] = [:]
                func describe(_ index: Int) -> FaceDescriptor? {
                    if let known = described[index] { return known }
                    let descriptor = detector.descriptor(of: result.faces[index], in: image)
                    described[index] = descriptor
                    return descriptor
                }
                detected = stage.track(
                    result.faces, frame: result.index, time: Double(result.index) * Self.frameInterval
                ) { describes ? describe($0) : nil }
                let labels = trackPeople.update(
                    detected, faces: result.faces, merges: stage.tracker.merges, describe: describe)
                for record in stage.report(
                    file: paths[result.index], frame: result.index, time: nil, width: image.width,
                    height: image.height, seconds: result.seconds, detected: detected, labels: labels,
                    cut: options.bestFrames == nil ? nil : { image.cropped(to: $0, margin: options.cropMargin) })
                {
                    json?.writeLine(record.jsonLine)
                }
            }
            let shown = trackPeople.shown(among: (detected + stage.tracker.liveTracks).map(\.trackingId))
            write(
                stage.hold(
                    frame: result.index, image: image, detected: detected, detectorBoxes: result.faces.map(\.bounds),
                    visible: shown))
        }
        for record in stage.flushRecords() { json?.writeLine(record.jsonLine) }
        if InterruptSignal.signal == nil { write(stage.flush()) }
        outcome.tracks = stage.tracks
        outcome.bestFaces = stage.bestFaces
        for failure in failures.dropLast() { standardError.writeLine("error: \(failure)") }
        if let last = failures.last { outcome.failure = last }
        return outcome
    }
}
