import Foundation
import Testing

/// A broken input and how to make it.
struct BadInput: CustomTestStringConvertible, Sendable {
    /// The file name in the test's directory.
    let name: String
    /// Writes the file (or not, for a missing one).
    let make: @Sendable (URL) throws -> Void
    var testDescription: String { name }

    static let all: [BadInput] = [
        BadInput(name: "empty.jpg") { try Data().write(to: $0) },
        BadInput(name: "cut-in-header.jpg") { try TestInputs.writeTruncatedJPEG(to: $0, fraction: 0.001) },
        BadInput(name: "text.jpg") { try Data("this is text, not a JPEG\n".utf8).write(to: $0) },
        BadInput(name: "missing.png") { _ in },
        BadInput(name: "huge.png") { try TestInputs.writeHugePNGHeader(to: $0, width: 200_000, height: 200_000) },
        // A named pipe with no writer: opening it would block forever.
        BadInput(name: "pipe.jpg") { url in
            guard mkfifo(url.path, 0o644) == 0 else { throw TestInputError(message: "mkfifo failed") }
        },
    ]
}

@Suite("bad inputs and outputs: one line naming the file, exit 1, nothing left behind")
struct BadInputTests {
    @Test(arguments: BadInput.all)
    func badInputFailsWithOneLine(input: BadInput) throws {
        try withTemporaryDirectory { directory in
            try input.make(directory.appendingPathComponent(input.name))
            let result = try ToolProcess.run(
                [input.name, "-o", "out.png"] + ToolProcess.plumbingFlags, in: directory, timeout: 60)
            #expect(result.status == 1)
            #expect(result.errorLines.count == 1, "\(result.errorLines)")
            #expect(result.errorLines.first?.hasPrefix("error: \(input.name): ") == true, "\(result.errorLines)")
            #expect(result.standardOutput.isEmpty)
            #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("out.png").path))
        }
    }

    @Test(arguments: BadInput.all)
    func badInputGivesAnErrorRecord(input: BadInput) throws {
        try withTemporaryDirectory { directory in
            try input.make(directory.appendingPathComponent(input.name))
            let result = try ToolProcess.run(
                [input.name, "--json"] + ToolProcess.plumbingFlags, in: directory, timeout: 60)
            #expect(result.status == 1)
            let record = try #require(try TestInputs.records(result.standardOutput).first)
            #expect(record["file"] as? String == input.name)
            #expect((record["error"] as? String)?.isEmpty == false)
            #expect((record["faces"] as? [Any])?.isEmpty == true)
        }
    }

    @Test func truncatedImageDataDecodesWithAWarning() throws {
        try withTemporaryDirectory { directory in
            try TestInputs.writeTruncatedJPEG(to: directory.appendingPathComponent("cut.jpg"), fraction: 0.6)
            let result = try ToolProcess.run(
                ["cut.jpg", "--json", "--min-face-size", "0.3"] + ToolProcess.plumbingFlags, in: directory)
            #expect(result.status == 0)
            #expect(result.errorLines.count == 1)
            #expect(result.errorLines.first?.hasPrefix("warning: cut.jpg: ") == true, "\(result.errorLines)")
            let record = try #require(try TestInputs.records(result.standardOutput).first)
            #expect(record["width"] as? Int == 512)
            #expect((record["warnings"] as? [String])?.isEmpty == false)
        }
    }

    @Test(
        "unwritable output: one line naming it, exit 1, no file left", arguments: ["missing/out.png", "afile/out.png"])
    func unwritableOutput(output: String) throws {
        try withTemporaryDirectory { directory in
            try Data("a file, not a directory\n".utf8).write(to: directory.appendingPathComponent("afile"))
            try TestInputs.writePlainPNG(to: directory.appendingPathComponent("plain.png"))
            let before = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
            let result = try ToolProcess.run(["plain.png", "-o", output] + ToolProcess.plumbingFlags, in: directory)
            #expect(result.status == 1)
            #expect(result.errorLines.count == 1)
            #expect(result.errorLines.first?.hasPrefix("error: \(output): ") == true, "\(result.errorLines)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == before)
        }
    }

    @Test func unwritableJSONFileFailsBeforeAnyWork() throws {
        try withTemporaryDirectory { directory in
            let result = try ToolProcess.run(
                [TestInputs.fixture("astronaut.png").path, "--json", "missing/p.jsonl"] + ToolProcess.plumbingFlags,
                in: directory)
            #expect(result.status == 1)
            #expect(result.errorLines.count == 1)
            #expect(result.errorLines.first?.hasPrefix("error: missing/p.jsonl: ") == true)
            #expect(result.standardOutput.isEmpty)
        }
    }

    @Test(
        .enabled(
            if: FileManager.default.fileExists(atPath: "/dev/full"),
            "needs /dev/full (Linux), a device every write to fails"))
    func fullDiskForJSONIsReported() throws {
        let result = try withTemporaryDirectory { directory in
            try TestInputs.writePlainPNG(to: directory.appendingPathComponent("plain.png"))
            return try ToolProcess.run(["--json=/dev/full", "plain.png"] + ToolProcess.plumbingFlags, in: directory)
        }
        #expect(result.status == 1)
        #expect(result.errorLines == ["error: /dev/full: cannot write: no space left on device"])
    }

    @Test func oneBadFileAmongGoodOnesIsListedAtTheEnd() throws {
        try withTemporaryDirectory { directory in
            try TestInputs.writePlainPNG(to: directory.appendingPathComponent("good.png"))
            let result = try ToolProcess.run(["missing.png", "good.png"] + ToolProcess.plumbingFlags, in: directory)
            #expect(result.status == 1)
            #expect(result.outputLines.isEmpty)  // no face in good.png: no face line
            #expect(result.errorLines.count == 4)
            #expect(result.errorLines[1].hasPrefix("facedetect: 2 images, 0 faces, 1 failed, "))
            #expect(result.errorLines[2] == "facedetect: 1 of 2 inputs failed:")
            #expect(result.errorLines.last?.hasPrefix("  missing.png: ") == true)
        }
    }
}
