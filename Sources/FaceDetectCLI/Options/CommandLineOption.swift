import FaceDetection

/// One option of the tool, declared once: its spellings, its value, its default, its help, the
/// inputs it is for, and what it does to `CommandLineOptions`. `CommandLineOption.all` lists them;
/// the parser (`Command.parse`), `--help` (`HelpText`) and the option table of docs/usage.md
/// (checked by `OptionDocsTests`) all come from that list.
struct CommandLineOption: Sendable {
    /// Where `--help` lists an option.
    enum Section: Sendable, CaseIterable {
        /// Files and images written, and what is printed.
        case outputs
        /// What is looked for.
        case detection
        /// Video inputs.
        case videos
        /// What an input may be before it is refused.
        case limits
        /// Many inputs.
        case batches
        /// Help and version (and the refused options, which are not listed).
        case general
    }

    /// The inputs an option applies to; given with the others, it is a usage error.
    enum Inputs: Sendable {
        /// Photos and videos.
        case any
        /// Photos only ("is for photos, not videos").
        case photos
        /// Videos and frame sequences only ("is for videos").
        case videos
    }

    /// An option's default, as `--help` and the docs state it.
    enum Default: Sendable, Equatable {
        /// A value of the option that leaves `CommandLineOptions()` as it is (a test checks it).
        case value(String)
        /// A rule that no single value gives (`--threads`: one per CPU core).
        case rule(String)
    }

    /// What an option does when given.
    enum Action: Sendable {
        /// Takes no value; gets the spelling given (`--blur` or `--pixelate`).
        case flag(@Sendable (inout CommandLineOptions, _ spelling: String) -> Void)
        /// Takes a value, written as `syntax` in the help (`FILE`, `all|none`).
        case value(_ syntax: String, @Sendable (inout CommandLineOptions, OptionValue) throws(UsageError) -> Void)
        /// Takes a value when it follows `=`, or when the next argument passes `takesNext`; `nil` without.
        case optionalValue(
            _ syntax: String, takesNext: @Sendable (String) -> Bool,
            @Sendable (inout CommandLineOptions, OptionValue?) throws(UsageError) -> Void)
        /// Ends the parse with this command (`--help`, `--version`).
        case command(Command)
        /// Refused with a usage error (an option of Debian's older `facedetect` with no meaning
        /// here); the help says why.
        case refused
    }

    /// The spellings, short before long (`-o`, `--output`); the first long one names the option.
    let names: [String]
    /// The value and what the option does.
    let action: Action
    /// The default, if the option has one worth stating.
    let defaultValue: Default?
    /// The help: one or more sentences, without the default and without a final period (for a
    /// refused option, why it is refused).
    let help: String
    /// Where `--help` lists it.
    let section: Section
    /// The inputs it is for.
    let inputs: Inputs

    /// An option; `inputs` default to any.
    init(
        _ names: [String], _ action: Action, section: Section, inputs: Inputs = .any,
        default defaultValue: Default? = nil,
        help: String
    ) {
        self.names = names
        self.action = action
        self.section = section
        self.inputs = inputs
        self.defaultValue = defaultValue
        self.help = help
    }

    /// The name messages use: the first long spelling (`--output` for `-o, --output`).
    var name: String { names.first { $0.hasPrefix("--") } ?? names[0] }

    /// The option as `--help` and the docs show it: `-o, --output PATH`, `--json [FILE|-]`.
    var synopsis: String {
        let spellings = names.joined(separator: ", ")
        switch action {
        case .value(let syntax, _): return "\(spellings) \(syntax)"
        case .optionalValue(let syntax, _, _): return "\(spellings) [\(syntax)]"
        case .flag, .command, .refused: return spellings
        }
    }

    /// The help with its default and a final period, as `--help` prints it.
    var helpWithDefault: String {
        switch defaultValue {
        case nil: return help + "."
        case .value(let value)?: return "\(help) (default \(value))."
        case .rule(let rule)?: return "\(help) (default: \(rule))."
        }
    }

    /// The declaration of `spelling`, if there is one.
    static func named(_ spelling: String) -> CommandLineOption? { named(spelling, in: all) }

    /// The declaration of `spelling` among `declared`, if there is one.
    static func named(_ spelling: String, in declared: [CommandLineOption]) -> CommandLineOption? {
        declared.first { $0.names.contains(spelling) }
    }
}

extension CommandLineOption.Action {
    /// A value that is one of `Choice`'s raw values, its syntax listing them (`all|none`).
    static func choice<Choice: RawRepresentable & CaseIterable & Sendable>(
        _ set: @escaping @Sendable (inout CommandLineOptions, Choice) -> Void
    ) -> Self where Choice.RawValue == String {
        .value(Choice.allCases.map(\.rawValue).joined(separator: "|")) { options, value throws(UsageError) in
            set(&options, try value.choice())
        }
    }
}

/// The value given to an option, with the checks that turn it into a setting; a value that fails
/// one is a usage error naming the option.
struct OptionValue: Sendable {
    /// The option's spelling as given (`-o`, `--threads`).
    let option: String
    /// The value as given.
    let text: String

    /// A usage error `option: 'text' <problem>`.
    func error(_ problem: String) -> UsageError {
        UsageError(message: "\(option): '\(text)' \(problem)")
    }

    /// One of `Choice`'s raw values (`all`, `none`).
    func choice<Choice: RawRepresentable & CaseIterable>() throws(UsageError) -> Choice
    where Choice.RawValue == String {
        guard let choice = Choice(rawValue: text) else {
            let known = Choice.allCases.map(\.rawValue).joined(separator: ", ")
            throw UsageError(message: "\(option): unknown value '\(text)' (known: \(known))")
        }
        return choice
    }

    /// A whole number in `range`.
    func wholeNumber(in range: ClosedRange<Int>) throws(UsageError) -> Int {
        guard let number = Int(text), range.contains(number) else {
            throw error("is not a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return number
    }

    /// A whole number of `unit` ≥ 1 (a limit such as `--max-pixels`).
    func count(of unit: String) throws(UsageError) -> Int {
        guard let number = Int(text), number >= 1 else { throw error("is not a whole number of \(unit) ≥ 1") }
        return number
    }

    /// A finite number in `range`; `meaning` says what it measures.
    func number(in range: ClosedRange<Float>, meaning: String? = nil) throws(UsageError) -> Float {
        guard let number = Float(text), number.isFinite, range.contains(number) else {
            let what = meaning.map { " (\($0))" } ?? ""
            throw error("is not a number from \(range.lowerBound.formatted) to \(range.upperBound.formatted)\(what)")
        }
        return number
    }

    /// `F` (0 < F ≤ 1, a fraction of the image width) or `Npx` (N ≥ 1 pixels).
    func minFaceSize() throws(UsageError) -> FaceDetector.MinFaceSize {
        if text.hasSuffix("px") {
            guard let pixels = Int(text.dropLast(2)), pixels >= 1 else {
                throw error("is not a whole number of pixels ≥ 1 (e.g. 40px)")
            }
            return .pixels(pixels)
        }
        guard let fraction = Float(text), fraction.isFinite, fraction > 0, fraction <= 1 else {
            throw error("is neither a fraction 0 < F ≤ 1 nor Npx")
        }
        return .fraction(fraction)
    }
}

extension Float {
    /// The number as a range bound is written in a message: `0`, `10`, `0.5`.
    fileprivate var formatted: String {
        self == rounded() ? String(Int(self)) : String(self)
    }
}
