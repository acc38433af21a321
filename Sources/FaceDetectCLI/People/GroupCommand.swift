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
        /// Faces found without a descriptor (too small to tell, or without the points to align by).
        var withoutDescriptor = 0
    }

    /// Runs `facedetect group` with `options` (parsed and checked by `Command.parse`).
    static func run(_ options: CommandLineOptions, standardOutput: TextOutput, standardError: TextOutput)
        -> ExitStatus
    {
        guard let peoplePath = options.people else { return .usage }
        var detection = options
        detection.detector.descriptors = true
        let plan: RunPlan
        do throws(UsageError) {
            plan = try RunPlan.make(detection)
            guard plan.media == .photos else {
                throw UsageError(message: "group: videos are not grouped (photos only)")
            }
        } catch {
            standardError.writeLine("facedetect: \(error.message) (see 'facedetect group --help')")
            return .usage
        }
        let outputs = [peoplePath] + (options.html.map { [$0] } ?? [])
        for path in outputs where plan.isInput(path) {
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
        let processor = ImageProcessor(options: detection, plan: plan, detectorThreads: plan.isBatch ? 1 : threads)
        for path in outputs { processor.sweeper.sweepFolder(of: path) }
        let collected = Collected()
        InterruptSignal.install()
        var run = DetectionRun(
            options: detection, plan: plan, processor: processor, threads: plan.isBatch ? threads : 1, shard: nil,
            alreadyDone: Set(people.files), showsProgress: options.progress ?? (plan.isBatch && isatty(2) == 1),
            json: nil, csv: nil, standardOutput: standardOutput, standardError: standardError)
        // A second run must not pick up the page's thumbnails as photos.
        run.excludedDirectories = options.html.map { [PeoplePageLayout(html: $0).filesFolder] } ?? []
        run.onOutcome = { outcome in
            guard outcome.failure == nil else { return }
            let record = outcome.record
            collected.files.append(record.file)
            for face in record.faces {
                guard let descriptor = face.descriptor else {
                    collected.withoutDescriptor += 1
                    continue
                }
                collected.faces.append(
                    PeopleFile.Face(
                        file: record.file, frame: record.frame, box: face.bounds, score: face.score,
                        descriptor: descriptor))
            }
        }
        var status = run.run()

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
                try PeoplePage.write(people, html: html) { standardError.writeLine("warning: \($0)") }
            } catch {
                standardError.writeLine("error: \(error.description)")
                if status == .success { status = .inputFailed }
            }
        }
        return status
    }

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
        if collected.withoutDescriptor > 0 {
            let left = collected.withoutDescriptor
            line += "; \(left) face\(left == 1 ? "" : "s") too small to tell left out"
        }
        return line
    }
}
