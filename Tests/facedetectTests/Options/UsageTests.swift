import Testing

@Suite("help, version and usage errors")
struct UsageTests {
    @Test func helpExitsZeroAndListsTheFlags() throws {
        let result = try ToolProcess.run(["--help"])
        #expect(result.status == 0)
        #expect(result.standardOutput.hasPrefix("USAGE: facedetect"))
        for flag in [
            "--output", "--json", "--mode", "--min-face-size", "--threads", "--query", "--version",
            "--csv", "--crop", "--crop-margin", "--blur", "--pixelate", "--shard", "--resume", "--progress",
            "--no-progress", "--biggest", "--best", "--center", "--landmarks", "--classification",
            "--min-score", "--prominent-face-only", "--labels", "--max-pixels", "--max-file-size",
            "--jpeg-quality", "--png-compression", "--rotations", "thorough",
        ] {
            #expect(result.standardOutput.contains(flag), "help lacks \(flag)")
        }
        #expect(result.standardError.isEmpty)
    }

    @Test func versionExitsZero() throws {
        let result = try ToolProcess.run(["--version"])
        #expect(result.status == 0)
        #expect(result.outputLines.count == 1)
        #expect(result.standardOutput.hasPrefix("facedetect "))
    }

    @Test(
        "bad usage: exit 64, one line pointing at --help, nothing on stdout",
        arguments: [
            [],
            ["--frobnicate", "x.png"],
            ["x.png", "--threads"],
            ["--threads", "two", "x.png"],
            ["--threads", "0", "x.png"],
            ["--mode", "slow", "x.png"],
            ["--landmarks", "some", "x.png"],
            ["--classification", "yes", "x.png"],
            ["--min-score", "1.5", "x.png"],
            ["--min-score", "-0.1", "x.png"],
            ["--labels=yes", "x.png"],
            ["--min-face-size", "1.5", "x.png"],
            ["--min-face-size", "0px", "x.png"],
            ["-o"],
            ["x.png", "-o", "--json"],
            ["--json=", "x.png"],
            ["--version=2"],
            ["x.png", "-o", "out.gif"],
            ["a.png", "b.png", "-o", "out.png"],
            ["-", "-"],
            ["--resume", "x.png"],
            ["--resume", "--json", "x.png"],
            ["--shard", "0/3", "x.png"],
            ["--shard", "4/3", "x.png"],
            ["--shard", "1/0", "x.png"],
            ["--shard", "auto/3", "x.png"],
            ["--blur", "x.png"],
            ["--crop-margin", "-1", "x.png"],
            ["--data-dir", "/usr/share/opencv4", "x.png"],
            ["-s", "face.jpg", "x.png"],
            ["--debug", "x.png"],
            ["--max-pixels", "0", "x.png"],
            ["--max-file-size", "1e6", "x.png"],
        ])
    func badUsage(arguments: [String]) throws {
        let result = try withTemporaryDirectory { try ToolProcess.run(arguments, in: $0) }
        #expect(result.status == 64)
        #expect(result.errorLines.count == 1)
        #expect(result.standardError.contains("--help"))
        #expect(result.standardOutput.isEmpty)
    }
}
