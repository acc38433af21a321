import FaceDetectRecords
import FaceDetection
import FaceDetectionIO

/// `facedetect group INPUT... --people FILE [--html FILE]`: the batch run of detection with
/// descriptors (`DetectionRun`, the inputs walked, failures listed and the exit status as there),
/// then the faces sorted into people (`PeopleFile.add`, by `FaceGrouping`), the people file
/// written atomically, once, at the end, and with `--html` the people page (`PeoplePage`).
///
/// With an existing people file, its people keep their ids and names, the files it lists are not
/// measured again (the summary counts them as already done), and the new faces join its people or
/// make new ones. A file that failed is not listed, so that the next run tries it again. An
/// interrupted run still writes the people of the files it finished.
enum GroupCommand {
    /// The subcommand's name, the first argument.
    static let name = "group"

    /// What the run found, gathered in input order on the pipeline's writer thread.
    private final class Collected {
        /// The faces that have a descriptor.
        var faces: [PeopleFile.Face] = []
        /// The files measured without failing.
        var files: [String] = []
        /// Faces narrower than `FaceDetector.descriptorMinimumWidth`: too small to tell, left out.
        var tooSmall = 0
        /// Faces wide enough that got no descriptor (no five points to align them by), left out.
        var unaligned = 0
        /// The thumbnails of the videos' faces as JPEG bytes, by `FaceThumbnails.frameThumbnailName`,
        /// cut from the sampled frames (only with `--html`).
        var frameThumbnails: [String: [UInt8]] = [:]

        /// Adds the faces of `record`, a photo's (its file listed as measured) or a video frame's.
        func add(_ record: PredictionRecord) {
            if record.frame == nil { files.append(record.file) }
            for face in record.faces {
                guard let descriptor = face.descriptor else {
                    if face.bounds.width < FaceDetector.descriptorMinimumWidth {
                        tooSmall += 1
                    } else {
                        unaligned += 1
                    }
                    continue
                }
                faces.append(
                    PeopleFile.Face(
                        file: record.file, frame: record.frame, box: face.bounds, score: face.score,
                        descriptor: descriptor, captureQuality: face.captureQuality))
            }
        }
    }

    /// Runs `facedetect group` with `options` (parsed and checked by `Command.parse`).
    static func run(_ options: CommandLineOptions, standardOutput: TextOutput, standardError: TextOutput)
        -> ExitStatus
    {
        guard let peoplePath = options.people else { return .usage }
        var detection = options
        detection.detector.descriptors = true
        let arguments = options.inputs.map(InputArgument.init)
        let videos = arguments.filter(\.isVideo).map(\.path)
        detection.inputs = arguments.filter { !$0.isVideo }.map(\.path)
        let plan: RunPlan?
        do throws(UsageError) {
            // `--every` is for the videos, which the photos' plan does not hold.
            var photos = detection
            photos.given.remove("--every")
            plan = photos.inputs.isEmpty ? nil : try RunPlan.make(photos)
        } catch {
            standardError.writeLine("facedetect: \(error.message) (see 'facedetect group --help')")
            return .usage
        }
        let outputs = [peoplePath] + (options.html.map { [$0] } ?? [])
        let inputFiles = Set(arguments.filter { !$0.isStandardInput }.compactMap { FileSystem.identity(of: $0.path) })
        for path in outputs where FileSystem.identity(of: path).map(inputFiles.contains) ?? false {
            standardError.writeLine("error: \(path): refusing to overwrite an input of this run")
            return .inputFailed
        }
        var people: PeopleFile
        do throws(FileSystemError) {
            people = try read(peoplePath)
        } catch {
            standardError.writeLine("error: \(error.description)")
            return .inputFailed
        }

        let threads = options.threads ?? max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
        let sweeper = TemporaryFileSweeper()
        for path in outputs { sweeper.sweepFolder(of: path) }
        let collected = Collected()
        InterruptSignal.install()
        var status = ExitStatus.success
        if let plan {
            status = photos(
                plan, detection, threads: threads, alreadyDone: Set(people.files), into: collected,
                standardOutput: standardOutput, standardError: standardError)
        }
        if !videos.isEmpty && InterruptSignal.signal == nil {
            let videoStatus = self.videos(
                videos, detection, threads: threads, alreadyDone: Set(people.files), into: collected,
                standardError: standardError)
            if status == .success { status = videoStatus }
        }

        let before = people.people.count
        people.add(collected.faces, measuring: collected.files, grouping: FaceGrouping(), threads: threads)
        do {
            try AtomicFileWriter.write(Array(people.text.utf8), to: peoplePath)
        } catch {
            standardError.writeLine("error: \(error.description)")
            if status == .success { status = .inputFailed }
        }
        standardError.writeLine(summary(collected, people: people, newPeople: people.people.count - before))
        if let html = options.html {
            do {
                try PeoplePage.write(people, html: html, frameThumbnails: collected.frameThumbnails) {
                    standardError.writeLine("warning: \($0)")
                }
            } catch {
                standardError.writeLine("error: \(error.description)")
                if status == .success { status = .inputFailed }
            }
        }
        return status
    }

    /// The photos of `plan` through `DetectionRun`, their faces into `collected`.
    private static func photos(
        _ plan: RunPlan, _ detection: CommandLineOptions, threads: Int, alreadyDone: Set<String>,
        into collected: Collected, standardOutput: TextOutput, standardError: TextOutput
    ) -> ExitStatus {
        let processor = ImageProcessor(options: detection, plan: plan, detectorThreads: plan.isBatch ? 1 : threads)
        var run = DetectionRun(
            options: detection, plan: plan, processor: processor, threads: plan.isBatch ? threads : 1, shard: nil,
            alreadyDone: alreadyDone, showsProgress: detection.progress ?? (plan.isBatch && isatty(2) == 1),
            json: nil, csv: nil, standardOutput: standardOutput, standardError: standardError)
        // A second run must not pick up the page's thumbnails as photos.
        run.excludedDirectories = detection.html.map { [PeoplePageLayout(html: $0).filesFolder] } ?? []
        run.onOutcome = { outcome in
            guard outcome.failure == nil else { return }
            collected.add(outcome.record)
        }
        return run.run()
    }

    /// Every `--every`-th frame of each video (25th by default: about one a second) through
    /// `VideoRun`, their faces into `collected`; the videos in `alreadyDone` are skipped.
    private static func videos(
        _ paths: [String], _ detection: CommandLineOptions, threads: Int, alreadyDone: Set<String>,
        into collected: Collected, standardError: TextOutput
    ) -> ExitStatus {
        // A write into an ffmpeg that has ended must fail with EPIPE, not kill the tool.
        signal(SIGPIPE, SIG_IGN)
        var options = detection
        if !options.given.contains("--every") { options.every = defaultEvery }
        var run = VideoRun(
            options: options, threads: threads, json: nil, standardError: standardError,
            showsProgress: options.progress ?? (isatty(2) == 1))
        var records: [PredictionRecord] = []
        var thumbnails: [String: [UInt8]] = [:]
        var currentPath = ""
        run.onRecord = { records.append($0) }
        if detection.html != nil {
            run.onFrame = { number, faces, frame in
                guard faces.contains(where: { $0.descriptor != nil }) else { return }
                // The thumbnail of each face that has a descriptor, cut from the frame while it is in memory
                // (a face of a track never confirmed has one too, which no page looks up).
                let image = frame()
                for face in faces where face.descriptor != nil {
                    let name = FaceThumbnails.frameThumbnailName(file: currentPath, frame: number, box: face.bounds)
                    thumbnails[name] = FaceThumbnails.frameThumbnail(of: face.bounds, in: image)
                }
            }
        }
        var failures: [String] = []
        var skipped = 0
        for path in paths {
            guard InterruptSignal.signal == nil else { break }
            if alreadyDone.contains(path) {
                skipped += 1
                continue
            }
            records = []
            thumbnails = [:]
            currentPath = path
            if let failure = run.process(path, output: nil).failure {
                failures.append(failure)
                standardError.writeLine("error: \(failure)")
            } else if InterruptSignal.signal == nil {
                for record in records { collected.add(record) }
                collected.frameThumbnails.merge(thumbnails) { $1 }
                collected.files.append(path)
            }
        }
        if skipped > 0 {
            standardError.writeLine("facedetect: \(skipped) video\(skipped == 1 ? "" : "s") already done, skipped")
        }
        if let signal = InterruptSignal.signal { return signal == SIGTERM ? .terminated : .interrupted }
        return failures.isEmpty ? .success : .inputFailed
    }

    /// Frames between two analysed ones in a video without `--every`: about one a second at 25 fps.
    static let defaultEvery = 25

    /// The people file at `path`, or an empty one when there is no file there yet.
    static func read(_ path: String) throws(FileSystemError) -> PeopleFile {
        if access(path, F_OK) != 0 && errno == ENOENT { return PeopleFile() }
        let bytes: [UInt8]
        do {
            bytes = try FileReading.bytes(atPath: path, maxBytes: Int.max)
        } catch {
            throw FileSystemError(path: path, reason: "cannot read the people file: " + error.reason)
        }
        do {
            return try PeopleFile(reading: bytes, name: path)
        } catch {
            throw FileSystemError(path: "\(path):\(error.line):\(error.column)", reason: error.reason)
        }
    }

    /// The line after the run's summary: faces grouped, people, and faces left out.
    private static func summary(_ collected: Collected, people: PeopleFile, newPeople: Int) -> String {
        let faces = collected.faces.count
        let count = people.people.count
        var line = "facedetect: \(faces) new face\(faces == 1 ? "" : "s") grouped: \(count) "
        line += "\(count == 1 ? "person" : "people") (\(newPeople) new)"
        if collected.tooSmall > 0 {
            let left = collected.tooSmall
            let width = Int(FaceDetector.descriptorMinimumWidth)
            line += "; \(left) face\(left == 1 ? "" : "s") narrower than \(width) px left out (too small to tell)"
        }
        if collected.unaligned > 0 {
            let left = collected.unaligned
            line += "; \(left) face\(left == 1 ? "" : "s") without the five points to align by left out"
        }
        return line
    }
}
