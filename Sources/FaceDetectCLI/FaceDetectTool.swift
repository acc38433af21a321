import FaceDetection
import FaceDetectionIO

/// The tool from arguments to exit status: parse, set up outputs and the detector, run.
///
/// The `facedetect` executable is only ``main()``; everything else of the tool lives in this
/// library target so that the tests and the fuzz targets (`Fuzz/`) can reach the command-line
/// parser and the `ffprobe` output parser. It is not an API for embedders: use `FaceDetection` and
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
    /// `Command.parse`, against the inputs and where the outputs go by `RunPlan.make`; a failed
    /// check is exit status 64 with one line. An output that is an input, or that cannot be
    /// opened, is exit status 1 with one line (`RecordOutputs.open`), also before anything is read.
    static func run(arguments: [String]) -> ExitStatus {
        let standardOutput = TextOutput.standardOutput()
        let standardError = TextOutput.standardError()

        let options: CommandLineOptions
        let plan: RunPlan
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
            case .groupHelp:
                standardOutput.writeLine(HelpText.groupUsage)
                return .success
            case .group(let parsed):
                return GroupCommand.run(parsed, standardOutput: standardOutput, standardError: standardError)
            }
            plan = try RunPlan.make(options)
            shard = try options.shard?.resolve { name in getenv(name).map { String(cString: $0) } }
        } catch {
            let help = arguments.first == GroupCommand.name ? "facedetect group --help" : "facedetect --help"
            standardError.writeLine("facedetect: \(error.message) (see '\(help)')")
            return .usage
        }

        let threads = options.threads ?? max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
        // The references of --match, --keep and --hide-only are read before any input.
        let people: PeopleToFind
        do {
            people = try PeopleToFind.load(options, threads: threads)
        } catch {
            standardError.writeLine("error: \(error.description)")
            return .inputFailed
        }
        if plan.media != .photos {
            return VideoCommand.run(
                options, plan: plan, threads: threads, people: people, standardOutput: standardOutput,
                standardError: standardError)
        }

        // Threads go to images in a batch, to the one image's detector otherwise.
        let processor = ImageProcessor(
            options: options, plan: plan, detectorThreads: plan.isBatch ? 1 : threads, matcher: people.matcher,
            keepRule: people.keepRule)
        let records: RecordOutputs
        do {
            records = try RecordOutputs.open(
                options, plan: plan, standardOutput: standardOutput, sweeper: processor.sweeper)
        } catch {
            standardError.writeLine("error: \(error.description)")
            return .inputFailed
        }

        InterruptSignal.install()
        let showsProgress = options.progress ?? (plan.isBatch && isatty(2) == 1)
        return DetectionRun(
            options: options, plan: plan, processor: processor, threads: plan.isBatch ? threads : 1,
            shard: shard, alreadyDone: records.alreadyDone, showsProgress: showsProgress,
            json: records.json, csv: records.csv, standardOutput: standardOutput, standardError: standardError
        ).run()
    }
}
