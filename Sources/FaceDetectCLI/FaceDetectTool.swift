import FaceDetection
import FaceDetectionIO

/// The tool from arguments to exit status: parse, set up outputs and the detector, run.
///
/// The `facedetect` executable is only ``main()``; everything else of the tool lives in this
/// library target so that the tests and the fuzz targets (`Fuzz/`) can reach the command-line
/// parser and the `--resume` log reader. It is not an API for embedders: use `FaceDetection` and
/// `FaceDetectionIO`.
public enum FaceDetectTool {
    /// Runs the tool with the process's arguments and exits with its status.
    public static func main() -> Never {
        // Before anything of the core runs: a build for a newer CPU than this one says so and stops.
        if let problem = BuildCPU.problem() {
            TextOutput.standardError().writeLine("facedetect: \(problem)")
            exit(ExitStatus.unsupportedCPU.rawValue)
        }
        // Past a file-size limit (`ulimit -f`), a write fails with EFBIG, reported like a full disk,
        // instead of SIGXFSZ killing the tool with a temporary file left behind.
        signal(SIGXFSZ, SIG_IGN)
        exit(run(arguments: Array(CommandLine.arguments.dropFirst())).rawValue)
    }

    /// Runs with `arguments` (without the program name) and returns the exit status.
    ///
    /// The options are checked before anything runs: each on its own and against the others by
    /// `Command.parse`, against the kind of inputs by `CommandLineOptions.checkInputs`, where the
    /// outputs go by `OutputPlan.make`; a failed check is exit status 64 with one line.
    static func run(arguments: [String]) -> ExitStatus {
        let standardOutput = TextOutput.standardOutput()
        let standardError = TextOutput.standardError()

        let options: CommandLineOptions
        let outputs: OutputPlan
        let shard: ShardSelection?
        do throws(UsageError) {
            switch try Command.parse(arguments) {
            case .help:
                standardOutput.writeLine(HelpText.usage)
                return .success
            case .version:
                standardOutput.writeLine("facedetect \(HelpText.version)")
                return .success
            case .detect(let parsed):
                options = parsed
            }
            if try options.checkInputs(isVideo: VideoCommand.isVideo) {
                let threads = options.threads ?? max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
                return VideoCommand.run(
                    options, threads: threads, standardOutput: standardOutput, standardError: standardError)
            }
            outputs = try OutputPlan.make(output: options.output, crop: options.crop, inputs: options.inputs)
            shard = try options.shard?.resolve { name in getenv(name).map { String(cString: $0) } }
        } catch {
            standardError.writeLine("facedetect: \(error.message) (see 'facedetect --help')")
            return .usage
        }

        // One file argument: the old single-image use; anything else is a batch.
        let isBatch =
            options.inputs.count > 1
            || options.inputs.contains { input in
                if input == "-" { return true }
                if case .directory = FileSystem.kind(of: input) { return true }
                return false
            }
        let threads = options.threads ?? max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
        // Threads go to images in a batch, to the one image's detector otherwise.
        let processor = ImageProcessor(options: options, outputs: outputs, detectorThreads: isBatch ? 1 : threads)

        // The JSON Lines and CSV files are never an input (a JSON file is truncated before any image is read).
        var files: [String] = options.csv.map { [$0] } ?? []
        if case .file(let path)? = options.json { files.append(path) }
        for path in files where path != "-" && options.inputs.contains(where: { FileSystem.isSameFile($0, path) }) {
            standardError.writeLine("error: \(path): refusing to overwrite an input of this run")
            return .inputFailed
        }

        var alreadyDone: Set<String> = []
        var json: TextOutput?
        var csv: CSVOutput?
        do {
            switch options.json {
            case nil: json = nil
            case .standardOutput?: json = standardOutput
            case .file(let path)?:
                if options.resume {
                    alreadyDone = try ResumeLog.load(path)
                    json = try TextOutput.append(path)
                } else {
                    json = try TextOutput.create(path)
                }
            }
            if let path = options.csv {
                if path != "-" && FileSystem.kind(of: path) != .other { processor.sweeper.sweepFolder(of: path) }
                csv = try CSVOutput(path: path, standardOutput: standardOutput, keepingRows: options.resume)
            }
        } catch {
            standardError.writeLine("error: \(error.description)")
            return .inputFailed
        }

        InterruptSignal.install()
        let showsProgress = options.progress ?? (isBatch && isatty(2) == 1)
        return DetectionRun(
            options: options, outputs: outputs, processor: processor, threads: isBatch ? threads : 1,
            isBatch: isBatch, shard: shard, alreadyDone: alreadyDone, showsProgress: showsProgress,
            json: json, csv: csv, standardOutput: standardOutput, standardError: standardError
        ).run()
    }
}
