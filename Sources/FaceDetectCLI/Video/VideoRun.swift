import FaceDetectRecords
import FaceDetection
import FaceDetectionIO
import Synchronization

/// One video through the tool: probe → decode (an ffmpeg child, on the pipeline's reader thread)
/// → detect (`threads` worker threads, frames in parallel) → track, record and hold back for
/// hiding (this thread, frames in order) → render and encode (the encoder's thread and a second
/// ffmpeg child). Any failure, and an interrupt, leaves no output file.
struct VideoRun {
    /// What the command line asked for.
    let options: CommandLineOptions
    /// Detection workers (frames detected at once).
    let threads: Int
    /// Where JSON Lines go, if anywhere.
    let json: TextOutput?
    /// Errors, progress and the summary.
    let standardError: TextOutput
    /// Whether to draw a progress bar.
    let showsProgress: Bool
    /// Called with each analysed frame's record, in frame order (`facedetect group` collects the
    /// faces through it).
    var onRecord: ((PredictionRecord) -> Void)? = nil
    /// Called with each analysed frame's number, its tracked faces and its RGB pixels (made when first
    /// asked for, once for the descriptors too) while the frame is in memory, before its record waits
    /// for the tracks' confirmation (`facedetect group` cuts its thumbnails from it).
    var onFrame: ((_ frame: Int, _ faces: [Face], _ image: () -> RGBImage) -> Void)? = nil
    /// `--match`'s, `--keep`'s or `--hide-only`'s people, decided per track (`TrackPeople`).
    var people = PeopleToFind()

    /// What became of one video.
    struct Outcome {
        /// `path: reason` when it failed.
        var failure: String?
        /// The per-track summaries, in the order the tracks began.
        var tracks: [TrackSummary] = []
        /// Each track's face on its best frame, by `trackingId` (`--best-frames`).
        var bestFaces: [Int: RGBImage] = [:]
        /// Frames read.
        var frames = 0
    }

    /// A decoded frame on its way to a worker.
    struct FrameJob: Sendable {
        /// Its number.
        var index: Int
        /// Its pixels.
        var image: VideoFrame
        /// Whether faces are detected on it (`--every`).
        var analysed: Bool
    }

    /// A frame back from a worker.
    struct FrameResult: Sendable {
        /// The frame.
        var job: FrameJob
        /// What the detector found (empty when not analysed).
        var faces: [Face]
        /// Detection time in seconds.
        var seconds: Double
    }

    /// Processes the video at `path`, writing it to `output` when given (a name whose extension
    /// gives the container, and no input: `RunPlan` checked both).
    func process(_ path: String, output: String?) -> Outcome {
        var outcome = Outcome()
        func failed(_ reason: String) -> Outcome {
            outcome.failure = "\(path): \(reason)"
            return outcome
        }
        let info: VideoStreamInfo
        do {
            info = try VideoProbe.probe(path)
        } catch {
            return failed(error.reason)
        }
        guard info.width * info.height <= options.decodeLimits.maxPixels else {
            return failed("frames of \(info.width)×\(info.height) are more than --max-pixels")
        }
        // Descriptors keep the identifiers across crossings and absences; they are taken only where
        // the identifiers are written, on the landmarks.
        let describes = json != nil || options.tracks != nil || onRecord != nil
        var detectorOptions = options.detector
        detectorOptions.threads = 1
        // The tracks' votes ask for descriptors on the frames they need (`TrackPeople`), not on every face.
        if !people.isEmpty && !options.given.contains("--descriptors") { detectorOptions.descriptors = false }
        if json == nil && options.anonymization != nil {
            // Only the boxes are used (to hide the faces): skip the attributes and mesh, and the landmarks
            // unless descriptors (of the identifiers, of --match, --keep and --hide-only) align faces by them.
            if !describes && people.isEmpty { detectorOptions.landmarks = .none }
            detectorOptions.classification = .none
            detectorOptions.contours = .none
        }
        let detector = FaceDetector(options: detectorOptions)

        var encoder: VideoEncoder?
        if let output {
            // `OutputPlan.make` refused an output whose container cannot be told, `RunPlan` one that
            // is an input.
            guard let container = VideoContainer(path: output) else {
                preconditionFailure("\(output): no video container (OutputPlan.make checks -o)")
            }
            _ = AtomicFileWriter.removeStaleTemporaryFiles(
                inDirectory: output.lastIndex(of: "/").map { String(output[...$0]) } ?? ".")
            do {
                encoder = try VideoEncoder(
                    path: output, container: container, info: info, source: path, hiding: options.hiding)
            } catch {
                return failed(error.reason)
            }
        }
        let decoder: VideoDecoder
        do {
            decoder = try VideoDecoder(path: path, info: info)
        } catch {
            encoder?.abandon()
            return failed(error.reason)
        }

        let every = options.every
        let decodeFailure = FailureBox()
        let nextIndex = FrameCounter()
        let pipeline = OrderedPipeline<FrameJob, FrameResult>(workers: threads, window: 2 * threads + 2) { job in
            guard job.analysed else { return FrameResult(job: job, faces: [], seconds: 0) }
            let start = ContinuousClock.now
            let faces = detector.detect(in: job.image.rgbImage)
            return FrameResult(job: job, faces: faces, seconds: ProgressBar.seconds(ContinuousClock.now - start))
        }

        var trackPeople = TrackPeople(people)
        var stage = FrameTracking<VideoFrame>(
            file: path, every: every, margin: options.hidingMargin(videos: true), holdsFrames: encoder != nil,
            frameBytes: VideoFrame.byteCount(width: info.width, height: info.height),
            reportsUnconfirmed: options.anonymization != nil)
        func write(_ records: [PredictionRecord]) {
            for record in records {
                json?.writeLine(record.jsonLine)
                onRecord?(record)
            }
        }
        var failure: String?
        let total = info.duration.map { Int(($0 * info.frameRate.value).rounded()) } ?? info.frameCount
        let progress = showsProgress ? ProgressBar(output: standardError, unit: "frames", rateUnit: "fps") : nil
        let clock = ContinuousClock()
        let start = clock.now

        pipeline.run(
            source: {
                guard InterruptSignal.signal == nil, !decodeFailure.isSet else { return nil }
                do {
                    guard let image = try decoder.nextFrame() else { return nil }
                    let index = nextIndex.next()
                    return FrameJob(index: index, image: image, analysed: index % every == 0)
                } catch {
                    decodeFailure.set("\(error)")
                    return nil
                }
            },
            shouldStop: { InterruptSignal.signal != nil || decodeFailure.isSet || failure != nil },
            idle: { progress?.update(done: outcome.frames, total: total) }
        ) { result in
            outcome.frames += 1
            guard failure == nil else { return }
            let job = result.job
            var detected: [TrackedFace] = []
            if job.analysed {
                let time = Double(job.index) / info.frameRate.value
                // The frame in RGB, made once and only when asked for: for the descriptors and --best-frames' cuts.
                var rgb: RGBImage?
                func frameRGB() -> RGBImage {
                    if let rgb { return rgb }
                    let made = job.image.rgbImage
                    rgb = made
                    return made
                }
                // Each face described once per frame, for the tracker and the people's votes alike.
                var described: [Int: FaceDescriptor?] = [:]
                func describe(_ index: Int) -> FaceDescriptor? {
                    if let known = described[index] { return known }
                    let descriptor = detector.descriptor(of: result.faces[index], in: frameRGB())
                    described[index] = descriptor
                    return descriptor
                }
                detected = stage.track(result.faces, frame: job.index, time: time) { index in
                    describes ? describe(index) : nil
                }
                onFrame?(job.index, detected.map(\.face), frameRGB)
                let labels = trackPeople.update(
                    detected, faces: result.faces, merges: stage.tracker.merges, describe: describe)
                write(
                    stage.report(
                        file: path, frame: job.index, time: time, width: info.width, height: info.height,
                        seconds: result.seconds, detected: detected, labels: labels,
                        cut: options.bestFrames == nil
                            ? nil : { frameRGB().cropped(to: $0, margin: options.cropMargin) }))
            }
            // Every box the detector gave is hidden, also one the tracker dropped as a duplicate.
            let shown = trackPeople.shown(among: (detected + stage.tracker.liveTracks).map(\.trackingId))
            let due = stage.hold(
                frame: job.index, image: job.image, detected: detected, detectorBoxes: result.faces.map(\.bounds),
                visible: shown)
            if let encoder {
                for entry in due
                where !encoder.submit(entry) {
                    failure = encoder.finish().map { "\(encoder.path): cannot write: \($0)" } ?? "encoding failed"
                    break
                }
            }
            progress?.update(done: outcome.frames, total: total)
        }
        progress?.update(done: outcome.frames, total: total, force: true)
        progress?.clear()
        write(stage.flushRecords())
        outcome.tracks = stage.tracks
        outcome.bestFaces = stage.bestFaces

        if let reason = decodeFailure.value ?? failure {
            decoder.cancel()
            encoder?.abandon()
            return failed(reason)
        }
        if InterruptSignal.signal != nil {
            decoder.cancel()
            encoder?.abandon()
            return outcome
        }
        if outcome.frames == 0 {
            encoder?.abandon()
            return failed("no frames could be decoded")
        }
        if let encoder {
            for entry in stage.flush() {
                encoder.submit(entry)
            }
            if let reason = encoder.finish() { return failed("\(encoder.path): cannot write: \(reason)") }
        }
        let seconds = ProgressBar.seconds(clock.now - start)
        var line = "facedetect: \(path): \(outcome.frames) frames, \(outcome.tracks.count) tracks, "
        line += FixedDecimal(seconds, places: 1, trailingZeros: .kept).description + " s, "
        line +=
            FixedDecimal(Double(outcome.frames) / max(seconds, 1e-9), places: 1, trailingZeros: .kept).description
            + " fps"
        standardError.writeLine(line)
        return outcome
    }
}

/// The first failure of the decoding thread, read by the run.
final class FailureBox: Sendable {
    /// The reason, once set.
    private let reason = Mutex<String?>(nil)
    /// Keeps the first `text`.
    func set(_ text: String) { reason.withLock { $0 = $0 ?? text } }
    /// Whether a failure was set.
    var isSet: Bool { value != nil }
    /// The reason.
    var value: String? { reason.withLock { $0 } }
}

/// Numbers frames on the decoding thread.
final class FrameCounter: Sendable {
    /// The next number.
    private let count = Atomic<Int>(0)
    /// The next number, counting from 0.
    func next() -> Int { count.add(1, ordering: .relaxed).oldValue }
}
