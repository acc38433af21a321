/// The tool's input and output policy for one command line, decided once before anything is read
/// or written, for photos, videos and sequences alike: what each INPUT is (`InputArgument`, the
/// file system asked once per argument), what kind of run they make (`RunMedia`), what `-o` means
/// (`OutputPlan`), and which files the outputs must not replace.
///
/// A command line that cannot run is a `UsageError` (exit status 64) from `make`; an output that
/// is an input, or that cannot be opened, is a `FileSystemError` from `refuseInputs` and
/// `RecordOutputs.open` (exit status 1).
struct RunPlan: Sendable {
    /// The INPUT arguments, in order, each looked at once.
    let inputs: [InputArgument]
    /// What the run reads.
    let media: RunMedia
    /// Where `-o` writes.
    let output: OutputPlan
    /// The files named as INPUT arguments (device and inode): no output may replace one.
    let inputFiles: Set<[UInt64]>

    /// Checks `options` against the inputs (`CommandLineOptions.checkInputs`) and against where the
    /// outputs go (`OutputPlan.make`).
    static func make(_ options: CommandLineOptions) throws(UsageError) -> RunPlan {
        let inputs = options.inputs.map(InputArgument.init)
        var isVideo: [String: Bool] = [:]
        for input in inputs { isVideo[input.path] = input.isVideo }
        let videos = try options.checkInputs { isVideo[$0] ?? false }
        let media: RunMedia = options.sequence.map { .sequence($0) } ?? (videos ? .videos : .photos)
        let output = try OutputPlan.make(output: options.output, crop: options.crop, inputs: inputs, media: media)
        let inputFiles = Set(inputs.filter { !$0.isStandardInput }.compactMap { FileSystem.identity(of: $0.path) })
        return RunPlan(inputs: inputs, media: media, output: output, inputFiles: inputFiles)
    }

    /// Whether a photo run is a batch (several inputs, a directory or `-`) rather than one file:
    /// face lines then name their file, a summary ends the run, and threads go to images.
    var isBatch: Bool { media == .photos && media.hasSeveralInputs(inputs) }

    /// The output files named before the run that must not be an input: `--json FILE`, `--csv
    /// FILE`, `--tracks FILE`, and each video's `-o` file.
    func namedOutputs(_ options: CommandLineOptions) -> [String] {
        var paths: [String] = []
        if case .file(let path)? = options.json { paths.append(path) }
        if let path = options.csv, path != "-" { paths.append(path) }
        if let path = options.tracks { paths.append(path) }
        if media == .videos { paths += inputs.compactMap { output.path(forVideo: $0.path) } }
        return paths
    }

    /// Whether `path` names one of the files given as INPUT arguments (the same device and inode).
    func isInput(_ path: String) -> Bool { FileSystem.identity(of: path).map(inputFiles.contains) ?? false }

    /// Refuses the run when one of the named outputs is an input of this run (a JSON file is
    /// truncated, a video replaced, before anything is read).
    func refuseInputs(_ options: CommandLineOptions) throws(FileSystemError) {
        for path in namedOutputs(options) where isInput(path) {
            throw FileSystemError(path: path, reason: "refusing to overwrite an input of this run")
        }
    }
}
