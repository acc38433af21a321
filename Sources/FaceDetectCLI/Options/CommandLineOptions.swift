import FaceDetection
import FaceDetectionIO

/// Everything the command line asked for, parsed and checked (but not yet checked against the
/// file system: see `RunPlan`).
struct CommandLineOptions: Sendable, Equatable {
    /// Where the JSON Lines go.
    enum JSONDestination: Sendable, Equatable {
        /// Standard output.
        case standardOutput
        /// A file, created or truncated.
        case file(String)
    }

    /// How `-o` images and videos hide the faces (`--blur`, `--pixelate`, `--fill`).
    enum Anonymization: Sendable, Equatable {
        /// A strong blur over each face box.
        case blur
        /// A mosaic over each face box.
        case pixelate
        /// Solid black over each face box.
        case fill
    }

    /// Which faces are reported (`--best`, as Debian's older `facedetect`).
    enum FaceChoice: Sendable, Equatable {
        /// Every face found.
        case all
        /// Only the best shot (``ShotValue``), or the face ranked best by score, centrality and size.
        case best
    }

    /// Image files and directories to look at, in the order given; `-` reads paths from standard input.
    var inputs: [String] = []
    /// `-o/--output`: the annotated image (one input) or a directory of them (several inputs).
    var output: String?
    /// `--json`: where to write JSON Lines, if anywhere.
    var json: JSONDestination?
    /// `-q/--query`: report through the exit status whether a face was found.
    var query = false
    /// Detector settings from `--mode`, `--landmarks`, `--classification`, `--contours`,
    /// `--min-face-size`, `--min-score` and `--prominent-face-only`; the defaults are the library's.
    var detector = FaceDetector.Options()
    /// `--labels`: write a short label (face number, smile %, yaw) above each box in `-o` images.
    var labels = false
    /// `--threads`: images processed at once (`nil`: one per CPU core).
    var threads: Int?
    /// `--csv`: where to write one row per face.
    var csv: String?
    /// `--crop`: the directory for one image per face.
    var crop: String?
    /// `--crop-margin`: how much each crop grows around the face box, as a fraction of its size per side.
    var cropMargin: Float = 0.2
    /// `--blur` / `--pixelate` / `--fill`.
    var anonymization: Anonymization?
    /// `--hide-shape`: the part of each grown face box that is hidden.
    var hideShape = HidingStyle.Shape.box
    /// `--progress` (true) / `--no-progress` (false); `nil`: when standard error is a terminal.
    var progress: Bool?
    /// `--resume`: skip images that already have a record in the `--json` file.
    var resume = false
    /// `--shard K/N` or `--shard auto/N`.
    var shard: ShardSelection.Request?
    /// `--best`.
    var faceChoice = FaceChoice.all
    /// `--rank`: list the photos best shot first (``ShotValue/of(photo:)``) after the run.
    var rank = false
    /// `-c/--center`: face lines give the centre `x y` instead of `x y w h`.
    var center = false
    /// `--jpeg-quality`: the quality of JPEG outputs (`-o`, `--crop`), 1…100.
    var jpegQuality = 92
    /// `--png-compression`: zlib's level for PNG outputs, 0…9 (default 1: fast, as OpenCV's).
    var pngCompression = ImageCodec.defaultPNGCompression
    /// `--max-pixels`, `--max-file-size`: what an input may be before it is refused unread or
    /// undecoded (`DecodeLimits`: 100 megapixels, 1 GiB and 32768 pixels per side by default).
    var decodeLimits = DecodeLimits()

    /// `--every N`: in a video, detect faces on every N-th frame only (1: every frame).
    var every = 1
    /// `--tracks FILE`: one JSON Lines summary per track of each video.
    var tracks: String?
    /// `--best-frames DIR`: each track's face on its best frame, as a JPEG file in DIR.
    var bestFrames: String?
    /// `--sequence DIR`: a folder of numbered frames to track as one stream.
    var sequence: String?
    /// `--hide-margin F`: how much a hidden face's box grows on each side, as a fraction of its
    /// width and height (`nil`: `hidingMargin(videos:)`'s default).
    var hideMargin: Float?
    /// `--match REF`, in order: the people to label faces with (`FaceMatcher`).
    var match: [String] = []
    /// `--keep REF`, in order: the people left visible when the other faces are hidden (`KeepRule`).
    var keep: [String] = []
    /// `--hide-only REF`, in order: the people hidden while the other faces are left visible.
    var hideOnly: [String] = []
    /// `group --people FILE`: the people file read (when it exists) and written.
    var people: String?
    /// `group --html FILE`: the people page.
    var html: String?
    /// The options given, each by its declared name (`CommandLineOption.name`: `--output` for `-o`).
    var given: Set<String> = []

    /// How faces are hidden (`--blur`, `--pixelate`, `--fill` in `--hide-shape`), if they are.
    var hiding: HidingStyle? {
        switch anonymization {
        case nil: return nil
        case .blur?: return HidingStyle(method: .blur, shape: hideShape)
        case .pixelate?: return HidingStyle(method: .pixelate, shape: hideShape)
        case .fill?: return HidingStyle(method: .fill(RGB(0, 0, 0)), shape: hideShape)
        }
    }

    /// `--hide-margin`, or its default: 0.1 in videos (a box a frame late still covers the face), 0
    /// in photos (the boxes are where the faces are found).
    func hidingMargin(videos: Bool) -> Float { hideMargin ?? (videos ? 0.1 : 0) }

    /// Whether face lines go to standard output: unless another output (`--json`, `--csv`,
    /// `--crop`) or `-q` was asked for. (`-o` keeps them, as the older `facedetect` did.)
    var printsFaceLines: Bool { json == nil && csv == nil && crop == nil && !query && people == nil && !rank }
}

/// What one run of the tool does.
enum Command: Sendable, Equatable {
    /// Print the usage text.
    case help
    /// Print the version.
    case version
    /// Detect faces as `CommandLineOptions` say.
    case detect(CommandLineOptions)
    /// Print the usage text of `facedetect group`.
    case groupHelp
    /// `facedetect group`: sort the faces of the inputs into people (`GroupCommand`).
    case group(CommandLineOptions)
}

/// A command line the tool cannot run: exit status 64 with `message` and a pointer to `--help`.
struct UsageError: Error, Equatable, CustomStringConvertible {
    /// One line saying what is wrong, without control characters.
    let message: String
    /// The message.
    var description: String { message }

    /// An error saying `message`; the arguments it quotes may hold any character, so its control
    /// characters are escaped (`\u{1B}`, `String.escapingControlCharacters`).
    init(message: String) {
        self.message = message.escapingControlCharacters
    }
}

extension Command {
    /// Parses the arguments (without the program name) as `CommandLineOption.all` declares the
    /// options, then checks the rules between them (`CommandLineOptions.checkCombinations`).
    ///
    /// Rules: options and inputs may be mixed; `--` ends the options; a long option's value is the
    /// next argument or follows `=`; a value given as the next argument must not start with `-`.
    /// An optional value (`--json`'s) is taken from the next argument only when the option's
    /// declaration accepts it (for `--json`: `-` or a name ending in `.json` or `.jsonl`);
    /// `--json=FILE` always takes FILE. A first argument `group` is the subcommand: the rest is
    /// parsed as `CommandLineOption.group` declares its options, then checked by
    /// `CommandLineOptions.checkGroup` (a file named `group` is `./group`).
    static func parse(_ arguments: [String]) throws(UsageError) -> Command {
        if arguments.first == GroupCommand.name {
            var options = CommandLineOptions()
            if let command = try options.read(Array(arguments.dropFirst()), declared: CommandLineOption.group) {
                return command
            }
            try options.checkGroup()
            return .group(options)
        }
        var options = CommandLineOptions()
        if let command = try options.read(arguments, declared: CommandLineOption.all) { return command }
        try options.checkCombinations()
        return .detect(options)
    }

    /// Whether `argument`, following `--json`, is its value: `-` or a name ending in `.json`/`.jsonl`.
    static func isJSONFileName(_ argument: String) -> Bool {
        let lowered = argument.lowercased()
        return argument == "-" || lowered.hasSuffix(".json") || lowered.hasSuffix(".jsonl")
    }
}

extension CommandLineOptions {
    /// Reads `arguments` into these options, each option as `declared` declares it (the rules of
    /// `Command.parse`); returns the command of an option that ends the parse (`--help`), if one came.
    fileprivate mutating func read(_ arguments: [String], declared: [CommandLineOption]) throws(UsageError)
        -> Command?
    {
        var index = 0
        var optionsEnded = false

        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                inputs.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }

            // Split `--name=value`.
            var name = argument
            var inlineValue: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            guard let option = CommandLineOption.named(name, in: declared) else {
                throw UsageError(message: "unknown option '\(name)'")
            }
            if inlineValue == "" { throw UsageError(message: "option '\(name)' needs a value") }
            given.insert(option.name)

            switch option.action {
            case .command(let command):
                if inlineValue != nil { throw UsageError(message: "option '\(name)' takes no value") }
                return command
            case .refused:
                throw UsageError(message: "option '\(name)' is not supported: \(option.help)")
            case .flag(let set):
                if inlineValue != nil { throw UsageError(message: "option '\(name)' takes no value") }
                set(&self, name)
            case .value(_, let set):
                if inlineValue == nil {
                    guard index < arguments.count, !arguments[index].hasPrefix("-") || arguments[index] == "-"
                    else { throw UsageError(message: "option '\(name)' needs a value") }
                    inlineValue = arguments[index]
                    index += 1
                }
                try set(&self, OptionValue(option: name, text: inlineValue ?? ""))
            case .optionalValue(_, let takesNext, let set):
                if inlineValue == nil, index < arguments.count, takesNext(arguments[index]) {
                    inlineValue = arguments[index]
                    index += 1
                }
                try set(&self, inlineValue.map { OptionValue(option: name, text: $0) })
            }
        }
        return nil
    }
}
