import Testing

@Suite("help, version and usage errors")
struct UsageTests {
    @Test func helpExitsZeroAndListsTheFlags() throws {
        let result = try ToolProcess.run(["--help"])
        #expect(result.status == 0)
        #expect(result.standardOutput.hasPrefix("USAGE: facedetect"))
        for flag in ["--output", "--json", "--mode", "--min-face-size", "--threads", "--query", "--version"] {
            #expect(result.standardOutput.contains(flag), "help lacks \(flag)")
        }
        // Flags of later slices must not be advertised before they work.
        for flag in ["--csv", "--crop", "--blur", "--shard", "--resume", "--progress"] {
            #expect(!result.standardOutput.contains(flag), "help advertises \(flag)")
        }
        #expect(result.standardError.isEmpty)
    }

    @Test func versionExitsZero() throws {
        let result = try ToolProcess.run(["--version"])
        #expect(result.status == 0)
        #expect(result.outputLines.count == 1)
        #expect(result.standardOutput.hasPrefix("facedetect "))
    }

    @Test("bad usage: exit 64, one line pointing at --help, nothing on stdout", arguments: [
        [],
        ["--frobnicate", "x.png"],
        ["x.png", "--threads"],
        ["--threads", "two", "x.png"],
        ["--threads", "0", "x.png"],
        ["--mode", "slow", "x.png"],
        ["--min-face-size", "1.5", "x.png"],
        ["--min-face-size", "0px", "x.png"],
        ["-o"],
        ["x.png", "-o", "--json"],
        ["--json=", "x.png"],
        ["--version=2"],
        ["x.png", "-o", "out.gif"],
        ["a.png", "b.png", "-o", "out.png"],
        ["-"],
    ])
    func badUsage(arguments: [String]) throws {
        let result = try withTemporaryDirectory { try ToolProcess.run(arguments, in: $0) }
        #expect(result.status == 64)
        #expect(result.errorLines.count == 1)
        #expect(result.standardError.contains("--help"))
        #expect(result.standardOutput.isEmpty)
    }
}
