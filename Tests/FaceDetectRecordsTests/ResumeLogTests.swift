import Foundation
import Testing

@testable import FaceDetectRecords

/// The `--resume` reader in memory (`ResumeLog.Contents`) and its strict JSON string decoder, with
/// the logs the `resume` fuzz target once failed on (`Fixtures/fuzz/resume/`; `tools/dev/fuzz.sh resume`
/// replays them): records whose `file` is not a valid JSON string were read as if they were.
@Suite("--resume log reader")
struct ResumeLogTests {
    /// The regression inputs of the resume target.
    static func inputs() throws -> [URL] { try RecordFixtures.fuzzRegressions("resume") }

    /// The decoded text of `json`, the inside of a JSON string and its closing quote, or `nil`.
    private func decoded(_ json: String) -> String? {
        JSONStringDecoder.decode(Array(json.utf8)[...])?.text
    }

    @Test func thereAreRegressionInputs() throws {
        #expect(try !Self.inputs().isEmpty)
    }

    @Test(arguments: try inputs())
    func eachMalformedRecordNamesNoImage(input: URL) throws {
        let bytes = try [UInt8](Data(contentsOf: input))
        let contents = ResumeLog.Contents(bytes: bytes)
        #expect(contents.completeLength == bytes.count)
        #expect(contents.files.isEmpty)
    }

    @Test func validEscapesAreDecoded() {
        #expect(decoded(#"plain.png""#) == "plain.png")
        #expect(decoded(#"a\"b\\c\/d\b\f\n\r\t""#) == "a\"b\\c/d\u{8}\u{C}\n\r\t")
        #expect(decoded(#"\u00e9\u00C9\u0000\ud83d\ude00.png""#) == "éÉ\u{0}😀.png")
        #expect(decoded("raw é 😀 \u{7F}\"") == "raw é 😀 \u{7F}")
        #expect(decoded(#""#) == nil)
        #expect(decoded("\"") == "")
    }

    @Test(
        "malformed strings are refused",
        arguments: [
            #"\u+0ff""#, #"\u-0ff""#, #"\u 0ff""#, #"\u0ff""#, #"\u00g0""#, #"\U00e9""#, #"\x41""#, #"\""#,
            #"\ud800""#, #"\ud800.png""#, #"\ud800\u0041""#, #"\ud800\ud800""#, #"\ude00""#, "tab\there\"",
            "nul\u{0}\"", "no closing quote",
        ])
    func malformedIsRefused(json: String) {
        #expect(decoded(json) == nil)
    }

    @Test func invalidUTF8IsRefused() {
        for bytes: [UInt8] in [[0xFF], [0xC3], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80]] {
            #expect(JSONStringDecoder.decode((bytes + [UInt8(ascii: "\"")])[...]) == nil)
            // After an escape too: the bytes are validated whatever comes before them.
            #expect(JSONStringDecoder.decode((Array(#"\n"#.utf8) + bytes + [UInt8(ascii: "\"")])[...]) == nil)
        }
    }

    @Test func theEndIsJustAfterTheClosingQuote() throws {
        let bytes = Array(#"xx{"file": "a\"b", "faces": []}"#.utf8)
        let result = try #require(JSONStringDecoder.decode(bytes[12...]))
        #expect(result.text == "a\"b")
        #expect(bytes[result.end] == UInt8(ascii: ","))
    }

    @Test func whatTheToolWritesIsReadBack() {
        let name = "dir/\"quoted\" \\ é\t\u{0}\u{1B}\u{7F}\u{2028}😀.png"
        var record = PredictionRecord(file: name)
        record.error = "x"
        #expect(ResumeLog.fileValue(inRecord: Array(record.jsonLine.utf8)[...]) == name)
    }

    @Test func resumeReadsEscapedFileNames() {
        let line = Array(#"{"file": "a\"b\\c\n\u00e9\ud83d\ude00.png", "faces": []}"#.utf8)
        #expect(ResumeLog.fileValue(inRecord: line[...]) == "a\"b\\c\né😀.png")
        #expect(ResumeLog.fileValue(inRecord: Array(#"{"file": "cut"#.utf8)[...]) == nil)
    }

    @Test func completeLinesAreRecordsAndTheCutLastLineIsNot() {
        let log = """
            {"file": "a.png", "faces": []}
            not json
            {"file": "b.png"}
            {"file": "c.png" , "faces": []}
            {"file": "d.png"x}
            {"file": "e.png", "faces": [
            """
        let bytes = Array(log.utf8)
        let contents = ResumeLog.Contents(bytes: bytes)
        #expect(contents.files == ["a.png", "b.png"])
        #expect(contents.completeLength == bytes.count - #"{"file": "e.png", "faces": ["#.utf8.count)
        #expect(ResumeLog.Contents(bytes: []) == ResumeLog.Contents(bytes: Array("no newline".utf8)))
    }
}
