import FaceDetection
import FaceDetectionIO

/// Everything the command line asked for, parsed and checked (but not yet checked against the
/// file system: see `OutputPlan`).
struct CommandLineOptions: Sendable, Equatable {
    /// Where the JSON Lines go.
    enum JSONDestination: Sendable, Equatable {
        /// Standard output.
        case standardOutput
        /// A file, created or truncated.
        case file(String)
    }

    /// How `-o` and `--crop` images hide the faces (`--blur`, `--pixelate`).
    enum Anonymization: Sendable, Equatable {
        /// A strong blur over each face box.
        case blur
        /// A mosaic over each face box.
        case pixelate
    }

    /// Which faces are reported (`--best`, as Debian's older `facedetect`).
    enum FaceChoice: Sendable, Equatable {
        /// Every face found.
        case all
        /// Only the face ranked best by score, centrality and size.
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
    /// `--blur` / `--pixelate`.
    var anonymization: Anonymization?
    /// `--progress` (true) / `--no-progress` (false); `nil`: when standard error is a terminal.
    var progress: Bool?
    /// `--resume`: skip images that already have a record in the `--json` file.
    var resume = false
    /// `--shard K/N` or `--shard auto/N`.
    var shard: ShardSelection.Request?
    /// `--best`.
    var faceChoice = FaceChoice.all
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
    /// `--sequence DIR`: a folder of numbered frames to track as one stream.
    var sequence: String?
    /// `--hide-margin F`: how much a hidden face's box grows on each side in video output, as a
    /// fraction of its width and height.
    var hideMargin: Float = 0.1

    /// Whether face lines go to standard output: unless another output (`--json`, `--csv`,
    /// `--crop`) or `-q` was asked for. (`-o` keeps them, as the older `facedetect` did.)
    var printsFaceLines: Bool { json == nil && csv == nil && crop == nil && !query }
}

/// What one run of the tool does.
enum Command: Sendable, Equatable {
    /// Print the usage text.
    case help
    /// Print the version.
    case version
    /// Detect faces as `CommandLineOptions` say.
    case detect(CommandLineOptions)
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
    /// Parses the arguments (without the program name).
    ///
    /// Rules: options and inputs may be mixed; `--` ends the options; a long option's value is the
    /// next argument or follows `=`; a value given as the next argument must not start with `-`.
    /// `--json`'s value is optional: it is taken from the next argument only when that ends in
    /// `.json` or `.jsonl` or is `-` (otherwise the next argument is an input and JSON goes to
    /// standard output); `--json=FILE` always takes FILE.
    static func parse(_ arguments: [String]) throws(UsageError) -> Command {
        var options = CommandLineOptions()
        var index = 0
        var optionsEnded = false

        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                options.inputs.append(argument)
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
            // The value of an option that needs one.
            func value() throws(UsageError) -> String {
                if let inlineValue {
                    guard !inlineValue.isEmpty else { throw UsageError(message: "option '\(name)' needs a value") }
                    return inlineValue
                }
                guard index < arguments.count, !arguments[index].hasPrefix("-") || arguments[index] == "-"
                else { throw UsageError(message: "option '\(name)' needs a value") }
                index += 1
                return arguments[index - 1]
            }
            func noValue() throws(UsageError) {
                if inlineValue != nil { throw UsageError(message: "option '\(name)' takes no value") }
            }

            switch name {
            case "-h", "--help":
                try noValue()
                return .help
            case "--version":
                try noValue()
                return .version
            case "-q", "--query":
                try noValue()
                options.query = true
            case "-o", "--output": options.output = try value()
            case "--json":
                var destination: String?
                if let inlineValue {
                    guard !inlineValue.isEmpty else { throw UsageError(message: "option '--json=' needs a file name") }
                    destination = inlineValue
                } else if index < arguments.count, isJSONFileName(arguments[index]) {
                    destination = arguments[index]
                    index += 1
                }
                options.json = destination.map { $0 == "-" ? .standardOutput : .file($0) } ?? .standardOutput
            case "--mode": options.detector.mode = try parseChoice(value(), option: "--mode")
            case "--detector": options.detector.detector = try parseChoice(value(), option: "--detector")
            case "--min-face-size": options.detector.minFaceSize = try parseMinFaceSize(value())
            case "--threads": options.threads = try parseThreads(value())
            case "--csv": options.csv = try value()
            case "--crop": options.crop = try value()
            case "--crop-margin": options.cropMargin = try parseCropMargin(value())
            case "--blur":
                try noValue()
                options.anonymization = .blur
                options.detector.anonymising = true
            case "--pixelate":
                try noValue()
                options.anonymization = .pixelate
                options.detector.anonymising = true
            case "--progress":
                try noValue()
                options.progress = true
            case "--no-progress":
                try noValue()
                options.progress = false
            case "--resume":
                try noValue()
                options.resume = true
            case "--shard": options.shard = try ShardSelection.Request.parse(value())
            case "--biggest", "--prominent-face-only":
                try noValue()
                options.detector.prominentFaceOnly = true
            case "--landmarks": options.detector.landmarks = try parseChoice(value(), option: "--landmarks")
            case "--classification":
                options.detector.classification = try parseChoice(value(), option: "--classification")
            case "--contours": options.detector.contours = try parseChoice(value(), option: "--contours")
            case "--rotations": options.detector.rotations = try parseChoice(value(), option: "--rotations")
            case "--min-score": options.detector.minScore = try parseMinScore(value())
            case "--every": options.every = try parseWholeNumber(value(), option: "--every", in: 1...100_000)
            case "--tracks": options.tracks = try value()
            case "--sequence": options.sequence = try value()
            case "--hide-margin": options.hideMargin = try parseHideMargin(value())
            case "--labels":
                try noValue()
                options.labels = true
            case "--best":
                try noValue()
                options.faceChoice = .best
            case "-c", "--center":
                try noValue()
                options.center = true
            case "--jpeg-quality":
                options.jpegQuality = try parseWholeNumber(value(), option: "--jpeg-quality", in: 1...100)
            case "--png-compression":
                options.pngCompression = try parseWholeNumber(value(), option: "--png-compression", in: 0...9)
            case "--max-pixels":
                options.decodeLimits.maxPixels = try parseLimit(value(), option: "--max-pixels", unit: "pixels")
            case "--max-file-size":
                options.decodeLimits.maxFileBytes = try parseLimit(value(), option: "--max-file-size", unit: "bytes")
            case "-s", "--search", "--search-threshold":
                throw UsageError(message: "option '\(name)' (face search of the older facedetect) is not supported")
            case "-d", "--debug":
                throw UsageError(message: "option '\(name)' (debug metrics of the older facedetect) is not supported")
            case "--data-dir":
                throw UsageError(message: "option '--data-dir' is not needed: the models are built into facedetect")
            default:
                throw UsageError(message: "unknown option '\(name)'")
            }
        }
        guard !options.inputs.isEmpty || options.sequence != nil else { throw UsageError(message: "no input given") }
        if options.resume {
            guard case .file? = options.json else {
                throw UsageError(message: "--resume needs --json FILE (the records already written say what to skip)")
            }
        }
        if options.inputs.filter({ $0 == "-" }).count > 1 {
            throw UsageError(message: "'-' (paths on standard input) may be given only once")
        }
        if options.json == .standardOutput && options.csv == "-" {
            throw UsageError(message: "--json and --csv cannot both write to standard output")
        }
        return .detect(options)
    }

    /// Whether `argument`, following `--json`, is its value: `-` or a name ending in `.json`/`.jsonl`.
    static func isJSONFileName(_ argument: String) -> Bool {
        let lowered = argument.lowercased()
        return argument == "-" || lowered.hasSuffix(".json") || lowered.hasSuffix(".jsonl")
    }

    /// `all` or `none` (or any other case of `Choice`), for `option`.
    static func parseChoice<Choice: RawRepresentable & CaseIterable>(_ text: String, option: String) throws(UsageError)
        -> Choice
    where Choice.RawValue == String {
        guard let choice = Choice(rawValue: text) else {
            let known = Choice.allCases.map(\.rawValue).joined(separator: ", ")
            throw UsageError(message: "\(option): unknown value '\(text)' (known: \(known))")
        }
        return choice
    }

    /// A score threshold 0…1.
    static func parseMinScore(_ text: String) throws(UsageError) -> Float {
        guard let score = Float(text), score >= 0, score <= 1 else {
            throw UsageError(message: "--min-score: '\(text)' is not a number from 0 to 1")
        }
        return score
    }

    /// `F` (0 < F ≤ 1, a fraction of the image width) or `Npx` (N ≥ 1 pixels).
    static func parseMinFaceSize(_ text: String) throws(UsageError) -> FaceDetector.MinFaceSize {
        if text.hasSuffix("px") {
            guard let pixels = Int(text.dropLast(2)), pixels >= 1 else {
                throw UsageError(message: "--min-face-size: '\(text)' is not a whole number of pixels ≥ 1 (e.g. 40px)")
            }
            return .pixels(pixels)
        }
        guard let fraction = Float(text), fraction.isFinite, fraction > 0, fraction <= 1 else {
            throw UsageError(message: "--min-face-size: '\(text)' is neither a fraction 0 < F ≤ 1 nor Npx")
        }
        return .fraction(fraction)
    }

    /// A fraction from 0 to 10.
    static func parseCropMargin(_ text: String) throws(UsageError) -> Float {
        guard let margin = Float(text), margin.isFinite, margin >= 0, margin <= 10 else {
            throw UsageError(
                message: "--crop-margin: '\(text)' is not a number from 0 to 10 (a fraction of the face size)")
        }
        return margin
    }

    /// A whole number of `unit` ≥ 1, for a limit such as `--max-pixels`.
    static func parseLimit(_ text: String, option: String, unit: String) throws(UsageError) -> Int {
        guard let limit = Int(text), limit >= 1 else {
            throw UsageError(message: "\(option): '\(text)' is not a whole number of \(unit) ≥ 1")
        }
        return limit
    }

    /// A whole number in `range`, for `option`.
    static func parseWholeNumber(_ text: String, option: String, in range: ClosedRange<Int>) throws(UsageError) -> Int {
        guard let number = Int(text), range.contains(number) else {
            throw UsageError(
                message: "\(option): '\(text)' is not a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return number
    }

    /// A fraction from 0 to 1 (`--hide-margin`).
    static func parseHideMargin(_ text: String) throws(UsageError) -> Float {
        guard let margin = Float(text), margin.isFinite, margin >= 0, margin <= 1 else {
            throw UsageError(
                message: "--hide-margin: '\(text)' is not a number from 0 to 1 (a fraction of the face size)")
        }
        return margin
    }

    /// A whole number from 1 to 1024.
    static func parseThreads(_ text: String) throws(UsageError) -> Int {
        guard let threads = Int(text), (1...1024).contains(threads) else {
            throw UsageError(message: "--threads: '\(text)' is not a whole number from 1 to 1024")
        }
        return threads
    }
}
