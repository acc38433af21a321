import FaceDetectRecords

/// The record outputs of a run, opened before any input is read: `--json` (standard output, or a
/// file created or truncated; with `--resume`, repaired and appended to) and `--csv`.
struct RecordOutputs {
    /// Where the JSON Lines go, if anywhere.
    var json: TextOutput?
    /// Where the CSV rows go, if anywhere.
    var csv: CSVOutput?
    /// With `--resume`: the files that already have a record in the `--json` file.
    var alreadyDone: Set<String> = []

    /// Opens the outputs `options` asks for, after `plan.refuseInputs`; the temporary files a killed
    /// run left beside the CSV file are swept by `sweeper` first.
    static func open(
        _ options: CommandLineOptions, plan: RunPlan, standardOutput: TextOutput, sweeper: TemporaryFileSweeper
    ) throws(FileSystemError) -> RecordOutputs {
        try plan.refuseInputs(options)
        var outputs = RecordOutputs()
        switch options.json {
        case nil: break
        case .standardOutput?: outputs.json = standardOutput
        case .file(let path)?:
            if options.resume {
                outputs.alreadyDone = try ResumeLog.load(path)
                outputs.json = try TextOutput.append(path)
            } else {
                outputs.json = try TextOutput.create(path)
            }
        }
        if let path = options.csv {
            if path != "-" && FileSystem.kind(of: path) != .other { sweeper.sweepFolder(of: path) }
            outputs.csv = try CSVOutput(path: path, standardOutput: standardOutput, keepingRows: options.resume)
        }
        return outputs
    }
}
