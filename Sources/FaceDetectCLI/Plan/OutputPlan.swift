import FaceDetectionIO

/// Where `-o/--output` puts annotated images or videos, decided once from the command line (like
/// `cp`), the same way for photos, videos and a sequence's frames:
///
/// - one input (a file or a video) and a PATH that is not an existing directory and does not end
///   in `/`: PATH is the output file, its format given by its extension (`.png`, `.jpg`, `.jpeg`:
///   the image formats that are written; `.mp4`, `.mov`, `.mkv`, `.webm`, `.avi` for a video);
/// - otherwise (several inputs, a directory input, `-`, `--sequence`, or PATH an existing directory
///   or ending in `/`): PATH is a directory, created if needed (unless its name ends in an output
///   file's extension, which is taken for a mistake). A photo goes to PATH joined with its path
///   below its argument (the file name for a file argument); a name whose extension gives no
///   written format gets the extension of the format it is written in appended: the decoded format
///   for JPEG and PNG (`scan.dat` → `scan.dat.png`), PNG for the formats that are only read
///   (`IMG_0001.HEIC` → `IMG_0001.HEIC.png`, so that it never meets an `IMG_0001.png` beside it).
///   A video goes to PATH joined with its file name, a sequence's frame under its own name.
///
/// An output format that cannot be told, and an output directory that is an input directory, are
/// usage errors, found before anything is read.
enum OutputPlan: Sendable, Equatable {
    /// No annotated images.
    case none
    /// The single input's annotated image or video goes to this file.
    case file(String)
    /// Annotated images or videos go below this directory.
    case directory(String)

    /// The plan for `output` (the `-o` value, if any) and the INPUT arguments of a run of `media`;
    /// `crop` (the `--crop` directory, if any) is checked too: neither may be an input directory.
    static func make(output: String?, crop: String?, inputs: [InputArgument], media: RunMedia) throws(UsageError)
        -> OutputPlan
    {
        var inputDirectories = inputs.filter(\.isDirectory).map(\.path)
        if case .sequence(let folder) = media { inputDirectories.append(folder) }
        let plan = try plan(output: output, media: media, severalInputs: media.hasSeveralInputs(inputs))
        if case .directory(let path) = plan {
            try checkNotAnInputDirectory(path, option: "-o", inputDirectories: inputDirectories)
            if media == .videos {
                for input in inputs { try checkVideoFormat(of: plan.path(forVideo: input.path) ?? path) }
            }
        }
        if let crop { try checkNotAnInputDirectory(crop, option: "--crop", inputDirectories: inputDirectories) }
        return plan
    }

    /// The plan for `output` and the inputs, before the checks against input directories.
    private static func plan(output: String?, media: RunMedia, severalInputs: Bool) throws(UsageError)
        -> OutputPlan
    {
        guard let output else { return .none }
        let outputKind = FileSystem.kind(of: output)
        let isDirectory: Bool
        if case .directory = outputKind { isDirectory = true } else { isDirectory = false }
        if severalInputs {
            if case .unavailable = outputKind {
                guard !media.namesOutputFile(output) else {
                    throw UsageError(
                        message: "-o: '\(output)' looks like \(media.outputFile), but several inputs need a directory")
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
        if media == .videos {
            try checkVideoFormat(of: output)
            return .file(output)
        }
        guard let format = ImageFormat(path: output) else {
            throw UsageError(message: "-o: cannot tell the image format of '\(output)' (use .png, .jpg or .jpeg)")
        }
        guard format.isWritable else {
            throw UsageError(
                message: "-o: '\(output)': \(format.displayName) is read, not written (use .png, .jpg or .jpeg)")
        }
        return .file(output)
    }

    /// Refuses a video output `path` whose extension names no container that is written.
    private static func checkVideoFormat(of path: String) throws(UsageError) {
        guard VideoContainer(path: path) == nil else { return }
        throw UsageError(message: "-o: cannot tell the video format of '\(path)' (use .mp4, .mov, .mkv, .webm or .avi)")
    }

    /// Refuses an output directory (`-o` or `--crop`, named by `option`) that is one of the input
    /// directories: the walk never enters an output directory, so nothing would be processed, and
    /// outputs would land beside the inputs.
    private static func checkNotAnInputDirectory(_ directory: String, option: String, inputDirectories: [String])
        throws(UsageError)
    {
        guard case .directory = FileSystem.kind(of: directory) else { return }
        if let input = inputDirectories.first(where: { FileSystem.isSameFile($0, directory) }) {
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

    /// Where the video `input` is written (`nil` when there is no output).
    func path(forVideo input: String) -> String? {
        switch self {
        case .none: return nil
        case .file(let path): return path
        case .directory(let directory): return FileSystem.join(directory, FileSystem.lastComponent(of: input))
        }
    }
}
