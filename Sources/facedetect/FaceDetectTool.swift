import FaceDetection

/// The tool from arguments to exit status: parse, set up outputs and the detector, run.
enum FaceDetectTool {
    /// Runs with `arguments` (without the program name) and returns the exit status.
    static func run(arguments: [String]) -> ExitStatus {
        let standardOutput = TextOutput.standardOutput()
        let standardError = TextOutput.standardError()

        let options: CommandLineOptions
        let outputs: OutputPlan
        do {
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
            outputs = try OutputPlan.make(output: options.output, inputs: options.inputs)
        } catch {
            standardError.writeLine("facedetect: \(error.message) (see 'facedetect --help')")
            return .usage
        }

        let detector: FaceDetector
        do {
            detector = try FaceDetector(options: options.detector)
        } catch {
            standardError.writeLine("facedetect: cannot set up the detector: \(error)")
            return .inputFailed
        }

        var json: TextOutput?
        switch options.json {
        case nil: json = nil
        case .standardOutput?: json = standardOutput
        case .file(let path)?:
            do {
                json = try TextOutput.create(path)
            } catch {
                standardError.writeLine("error: \(error.description)")
                return .inputFailed
            }
        }

        return DetectionRun(options: options, outputs: outputs, detector: detector, json: json,
                            standardOutput: standardOutput, standardError: standardError).run()
    }
}
