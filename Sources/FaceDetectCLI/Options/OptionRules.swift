/// The rules between options, all in one place: the ones that hold whatever the inputs are
/// (`Command.parse` applies them) and the ones that depend on whether the inputs are videos
/// (the tool applies them once it has looked at the inputs). What each option accepts on its own
/// is declared with it (`CommandLineOption.all`); where `-o` and `--crop` may go is `OutputPlan`'s.
extension CommandLineOptions {
    /// The rules that need no file system.
    func checkCombinations() throws(UsageError) {
        guard !inputs.isEmpty || sequence != nil else { throw UsageError(message: "no input given") }
        if resume {
            guard case .file? = json else {
                throw UsageError(message: "--resume needs --json FILE (the records already written say what to skip)")
            }
        }
        if inputs.filter({ $0 == "-" }).count > 1 {
            throw UsageError(message: "'-' (paths on standard input) may be given only once")
        }
        if !keep.isEmpty && !hideOnly.isEmpty {
            throw UsageError(message: "--keep and --hide-only cannot be given together")
        }
        if (!keep.isEmpty || !hideOnly.isEmpty) && anonymization == nil {
            let option = keep.isEmpty ? "--hide-only" : "--keep"
            throw UsageError(message: "\(option) needs --blur, --pixelate or --fill (the faces hidden)")
        }
        if json == .standardOutput && csv == "-" {
            throw UsageError(message: "--json and --csv cannot both write to standard output")
        }
    }

    /// The rules of `facedetect group` that need no file system.
    func checkGroup() throws(UsageError) {
        guard !inputs.isEmpty else { throw UsageError(message: "group: no input given") }
        guard let people else {
            throw UsageError(message: "group needs --people FILE (the people file it reads and writes)")
        }
        if inputs.filter({ $0 == "-" }).count > 1 {
            throw UsageError(message: "'-' (paths on standard input) may be given only once")
        }
        if html == people { throw UsageError(message: "--html and --people cannot be the same file") }
    }

    /// The rules that depend on the kind of inputs, `isVideo` telling a video input from a photo;
    /// returns whether this run is a video run (video inputs or `--sequence`).
    func checkInputs(isVideo: (String) -> Bool) throws(UsageError) -> Bool {
        let videos = sequence != nil || inputs.contains(where: isVideo)
        if videos {
            if sequence != nil && !inputs.isEmpty {
                throw UsageError(message: "--sequence takes the frames' folder: give no other INPUT")
            }
            if inputs.contains(where: { !isVideo($0) }) {
                throw UsageError(message: "videos and images cannot be mixed in one run")
            }
        }
        for option in CommandLineOption.all where given.contains(option.name) {
            switch option.inputs {
            case .photos where videos: throw UsageError(message: "\(option.name) is for photos, not videos")
            case .videos where !videos: throw UsageError(message: "\(option.name) is for videos")
            default: break
            }
        }
        if anonymization != nil && output == nil {
            let what = videos ? "the video" : "the images"
            throw UsageError(message: "--blur, --pixelate and --fill need -o (\(what) to write with the faces hidden)")
        }
        return videos
    }
}
