import FaceDetection
import Testing

@testable import FaceDetectCLI

@Suite("command-line parsing rules")
struct CommandLineParsingTests {
    /// The options `arguments` parse to (failing the test on a usage error).
    private func options(_ arguments: [String]) throws -> CommandLineOptions {
        guard case .detect(let options) = try Command.parse(arguments) else {
            throw TestInputError(message: "\(arguments) did not parse to a detection run")
        }
        return options
    }

    @Test(
        "--json takes the next argument only if it is -, *.json or *.jsonl",
        arguments: [
            (["--json", "a.jpg"], nil as String?, ["a.jpg"]),
            (["--json", "-", "a.jpg"], nil, ["a.jpg"]),
            (["--json", "out.jsonl", "a.jpg"], "out.jsonl", ["a.jpg"]),
            (["--json", "OUT.JSON", "a.jpg"], "OUT.JSON", ["a.jpg"]),
            (["--json=results.txt", "a.jpg"], "results.txt", ["a.jpg"]),
            (["--json=-", "a.jpg"], nil, ["a.jpg"]),
            (["a.jpg", "--json"], nil, ["a.jpg"]),
            (["--json", "--", "x.json"], nil, ["x.json"]),
        ])
    func jsonValue(arguments: [String], file: String?, inputs: [String]) throws {
        let parsed = try options(arguments)
        #expect(parsed.json == (file.map { .file($0) } ?? .standardOutput))
        #expect(parsed.inputs == inputs)
    }

    @Test func detectorDefaultsAndAttributeFlags() throws {
        let defaults = try options(["a.jpg"]).detector
        #expect(defaults == FaceDetector.Options())  // the library's defaults are the tool's
        #expect(defaults.mode == .accurate && defaults.landmarks == .all && defaults.classification == .all)
        #expect(defaults.minFaceSize == .pixels(10) && defaults.minScore == nil && !defaults.prominentFaceOnly)
        #expect(defaults.effectiveMinScore == 0.3)  // YuNet's lowest: faces under 48 px
        let parsed = try options([
            "a.jpg", "--landmarks", "none", "--classification=none", "--min-score", "0",
            "--prominent-face-only", "--labels", "--descriptors",
        ])
        #expect(parsed.detector.landmarks == .none && parsed.detector.classification == .none)
        #expect(parsed.detector.minScore == 0 && parsed.detector.prominentFaceOnly && parsed.labels)
        #expect(!defaults.anonymising && !defaults.descriptors && parsed.detector.descriptors)
    }

    /// Hiding faces is recall-first: --blur and --pixelate lower YuNet's default thresholds.
    @Test(arguments: ["--blur", "--pixelate"])
    func anonymisingLowersTheThresholds(option: String) throws {
        let detector = try options([option, "a.jpg", "-o", "b.jpg"]).detector
        #expect(detector.anonymising && detector.effectiveMinScore == 0.2)
    }

    @Test func thoroughModeAndRotations() throws {
        #expect(try options(["a.png"]).detector.rotations == .none)
        let thorough = try options(["--mode", "thorough", "a.png"]).detector
        #expect(thorough.mode == .thorough && thorough.effectiveDetector == .yunet)
        #expect(try options(["--rotations=all", "a.png"]).detector.rotations == .all)
        #expect(throws: UsageError.self) { try options(["--rotations", "some", "a.png"]) }
    }

    @Test func valuesAndInputsMix() throws {
        let parsed = try options([
            "b.png", "--min-face-size", "40px", "--threads=3", "-o", "out", "--mode", "fast",
            "-q", "--", "-odd.png",
        ])
        #expect(parsed.inputs == ["b.png", "-odd.png"])
        #expect(parsed.detector.minFaceSize == .pixels(40))
        #expect(parsed.threads == 3)
        #expect(parsed.detector.mode == .fast)
        #expect(parsed.output == "out")
        #expect(parsed.query)
        #expect(!parsed.printsFaceLines)
        #expect(try options(["--min-face-size=0.25", "a.png"]).detector.minFaceSize == .fraction(0.25))
        #expect(try options(["a.png"]).printsFaceLines)
    }

    @Test func imageOutputSettings() throws {
        let defaults = try options(["a.png"])
        #expect(defaults.jpegQuality == 92 && defaults.pngCompression == 1)
        let parsed = try options(["a.png", "--jpeg-quality", "100", "--png-compression=0"])
        #expect(parsed.jpegQuality == 100 && parsed.pngCompression == 0)
        #expect(try options(["--png-compression", "9", "--jpeg-quality=1", "a.png"]).pngCompression == 9)
        for (arguments, message) in [
            (["--png-compression", "10"], "--png-compression: '10' is not a whole number from 0 to 9"),
            (["--jpeg-quality", "0"], "--jpeg-quality: '0' is not a whole number from 1 to 100"),
            (["--jpeg-quality=high"], "--jpeg-quality: 'high' is not a whole number from 1 to 100"),
        ] {
            #expect(throws: UsageError(message: message)) { try Command.parse(arguments + ["a.png"]) }
        }
    }

    @Test func helpWinsOverEverythingBeforeIt() throws {
        #expect(try Command.parse(["a.png", "--threads", "2", "--help"]) == .help)
        #expect(try Command.parse(["--version"]) == .version)
    }
}
