import Foundation
import Testing

@testable import FaceDetectCLI

/// The command lines the `cli` fuzz target once failed on (`Fixtures/fuzz/cli/`, arguments split at
/// NUL bytes as the target splits them; `tools/dev/fuzz.sh cli` replays them): control characters of an
/// argument came back raw in the usage error, where a terminal runs them (`\u{1B}[2J` clears the
/// screen) and a newline breaks the one-line message. They are escaped now.
@Suite("command lines found by fuzzing")
struct CommandLineFuzzRegressionTests {
    /// The regression inputs of the cli target.
    static func inputs() throws -> [URL] { try TestInputs.fuzzRegressions("cli") }

    /// The arguments of a regression input: its bytes split at NUL.
    static func arguments(of input: URL) throws -> [String] {
        try Data(contentsOf: input).split(separator: 0, omittingEmptySubsequences: false).map {
            String(decoding: $0, as: UTF8.self)
        }
    }

    @Test func thereAreRegressionInputs() throws {
        #expect(try !Self.inputs().isEmpty)
    }

    @Test(arguments: try inputs())
    func eachIsAUsageErrorWithItsControlCharactersEscaped(input: URL) throws {
        let arguments = try Self.arguments(of: input)
        let error = try #require(throws: UsageError.self) { try Command.parse(arguments) }
        #expect(!error.message.unicodeScalars.contains { $0.properties.generalCategory == .control })
        #expect(error.message.contains("\\u{"))
    }

    @Test func anEscapeSequenceInAnUnknownOptionIsQuotedEscaped() {
        #expect(throws: UsageError(message: "unknown option '--\\u{1B}[2Jred'")) {
            try Command.parse(["--\u{1B}[2Jred", "photo.jpg"])
        }
        #expect(throws: UsageError(message: "--mode: unknown value 'fast\\u{A}slow' (known: fast, accurate, thorough)"))
        {
            try Command.parse(["--mode", "fast\nslow", "photo.jpg"])
        }
    }

    @Test func cOneControlsAndDeleteAreEscapedAndOtherTextIsKept() {
        #expect("a\u{7F}b\u{9B}c\u{0}".escapingControlCharacters == "a\\u{7F}b\\u{9B}c\\u{0}")
        #expect("é 😀 \\u{1B} \u{202E}".escapingControlCharacters == "é 😀 \\u{1B} \u{202E}")
    }

    @Test func theToolPrintsTheEscapedMessageOnOneLine() throws {
        let result = try withTemporaryDirectory { try ToolProcess.run(["--\u{1B}[2J\nx", "photo.jpg"], in: $0) }
        #expect(result.status == 64)
        #expect(result.errorLines == ["facedetect: unknown option '--\\u{1B}[2J\\u{A}x' (see 'facedetect --help')"])
        #expect(!result.standardError.contains("\u{1B}"))
    }
}
