import FaceDetectionIO

/// Where `-o/--output` puts annotated images, decided once from the command line (like `cp`):
///
/// - one image input and a PATH that is not an existing directory and does not end in `/`:
///   PATH is the output file, its format given by its extension (`.png`, `.jpg`, `.jpeg`: the
///   formats that are written);
/// - otherwise (several inputs, a directory input, `-`, or PATH an existing directory or ending in
///   `/`): PATH is a directory, created if needed (unless its name ends in an image extension,
///   which is taken for a mistake), and each image goes to PATH joined with its
///   path below its argument (the file name for a file argument). A name whose extension gives
///   no written format gets the extension of the format it is written in appended: the decoded
///   format for JPEG and PNG (`scan.dat` → `scan.dat.png`), PNG for the formats that are only read
///   (`IMG_0001.HEIC` → `IMG_0001.HEIC.png`, so that it never meets an `IMG_0001.png` beside it).
enum OutputPlan: Sendable, Equatable {
    /// No annotated images.
    case none
    /// The single input's annotated image goes to this file.
    case file(String)
    /// Annotated images go below this directory, mirroring the inputs.
    case directory(String)

    /// The plan for `output` (the `-o` value, if any) and the INPUT arguments; `crop` (the
    /// `--crop` directory, if any) is checked too: neither may be an input directory.
    static func make(output: String?, crop: String?, inputs: [String]) throws(UsageError) -> OutputPlan {
        let plan = try plan(output: output, inputs: inputs)
        if case .directory(let path) = plan { try checkNotAnInputDirectory(path, option: "-o", inputs: inputs) }
        if let crop { try checkNotAnInputDirectory(crop, option: "--crop", inputs: inputs) }
        return plan
    }

    /// The plan for `output` and the INPUT arguments, before the check against input directories.
    private static func plan(output: String?, inputs: [String]) throws(UsageError) -> OutputPlan {
        guard let output else { return .none }
        let outputKind = FileSystem.kind(of: output)
        let isDirectory: Bool
        if case .directory = outputKind { isDirectory = true } else { isDirectory = false }
        let hasDirectoryInput = inputs.contains { input in
            if case .directory = FileSystem.kind(of: input) { return true }
            return false
        }
        if inputs.count > 1 || hasDirectoryInput || inputs.contains("-") {
            if case .unavailable = outputKind {
                guard ImageFormat(path: output) == nil else {
                    throw UsageError(
                        message: "-o: '\(output)' looks like an image file, but several inputs need a directory")
                }
                return .directory(output)
            }
            guard isDirectory else {
                throw UsageError(
                    message: "-o: '\(output)' must be a directory when there are several inputs or a directory input")
            }
            return .directory(output)
        }
        if isDirectory || output.hasSuffix("/") { return .directory(output) }
        guard let format = ImageFormat(path: output) else {
            throw UsageError(message: "-o: cannot tell the image format of '\(output)' (use .png, .jpg or .jpeg)")
        }
        guard format.isWritable else {
            throw UsageError(
                message: "-o: '\(output)': \(format.displayName) is read, not written (use .png, .jpg or .jpeg)")
        }
        return .file(output)
    }

    /// Refuses an output directory (`-o` or `--crop`, named by `option`) that is one of the INPUT
    /// directories: the walk never enters an output directory, so nothing would be processed, and
    /// outputs would land beside the inputs.
    private static func checkNotAnInputDirectory(_ directory: String, option: String, inputs: [String])
        throws(UsageError)
    {
        guard case .directory = FileSystem.kind(of: directory) else { return }
        if let input = inputs.first(where: { FileSystem.isSameFile($0, directory) }) {
            throw UsageError(message: "\(option): '\(directory)' is the input directory '\(input)'; choose another")
        }
    }

    /// Where the annotated `input`, decoded as `format`, goes (`nil` when there is no output).
    func path(for input: ImageInput, format: ImageFormat) -> String? {
        switch self {
        case .none: return nil
        case .file(let path): return path
        case .directory(let directory):
            let path = FileSystem.join(directory, input.relativePath)
            if ImageFormat(path: path)?.isWritable == true { return path }
            return path + "." + format.outputFormat.rawValue
        }
    }
}
