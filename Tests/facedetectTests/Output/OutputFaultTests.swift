import FaceDetectionIO
import Foundation
import Testing

/// Every file and folder below `directory`, as paths relative to it, sorted (hidden ones included).
/// (Written out: corelibs Foundation's directory enumerator garbles some deep relative paths.)
private func allFiles(in directory: URL, prefix: String = "") -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    var files: [String] = []
    for name in names {
        let url = directory.appendingPathComponent(name)
        files.append(prefix + name)
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue {
            files += allFiles(in: url, prefix: prefix + name + "/")
        }
    }
    return files.sorted()
}

/// The lines of a JSON Lines file, checking that it ends with a newline (no cut line).
private func wholeLines(_ url: URL) throws -> [[String: Any]] {
    let text = try String(contentsOf: url, encoding: .utf8)
    #expect(text.isEmpty || text.hasSuffix("\n"), "a cut last line: \(text)")
    return try TestInputs.records(text)
}

@Suite("output faults: one line naming the file, nothing partial left, whole JSON lines, the others go on")
struct OutputFaultTests {
    @Test func fileSizeLimitFailsOneOutputNotTheRun() throws {
        try withTemporaryDirectory { directory in
            // The astronaut's annotated PNG is far above 24 KiB, the small grey one below.
            try TestInputs.copyFixture("astronaut.png", to: directory.appendingPathComponent("big.png"))
            try TestInputs.writePlainPNG(to: directory.appendingPathComponent("small.png"), width: 40, height: 30)
            let result = try ToolProcess.run(
                ["big.png", "small.png", "-o", "out", "--json", "log.jsonl"] + ToolProcess.plumbingFlags,
                in: directory, fileSizeLimit: 24 * 1024)
            #expect(result.status == 1, "\(result.standardError)")
            #expect(
                result.errorLines.first == "error: out/big.png: cannot write: file too large", "\(result.errorLines)")
            #expect(result.errorLines.last == "  out/big.png: cannot write: file too large")
            #expect(allFiles(in: directory.appendingPathComponent("out")) == ["small.png"])
            let records = try wholeLines(directory.appendingPathComponent("log.jsonl"))
            #expect(records.map { $0["file"] as? String } == ["big.png", "small.png"])
            #expect(records.map { $0["error"] as? String } == ["out/big.png: cannot write: file too large", nil])
        }
    }

    @Test func jsonLogAtTheFileSizeLimitKeepsWholeLines() throws {
        try withTemporaryDirectory { directory in
            for index in 0..<6 {
                try TestInputs.writePlainPNG(
                    to: directory.appendingPathComponent("p\(index).png"), width: 40, height: 30)
            }
            let inputs = (0..<6).map { "p\($0).png" }
            let result = try ToolProcess.run(
                inputs + ["--json", "log.jsonl"] + ToolProcess.plumbingFlags, in: directory, fileSizeLimit: 512)
            #expect(result.status == 1)
            #expect(result.errorLines.first == "error: log.jsonl: cannot write: file too large", "\(result.errorLines)")
            let records = try wholeLines(directory.appendingPathComponent("log.jsonl"))
            #expect(!records.isEmpty && records.count < 6, "\(records.count) records")
            #expect(records.map { $0["file"] as? String } == Array(inputs.prefix(records.count)))
        }
    }

    @Test func aSymbolicLinkWhereAnOutputGoesIsReplacedNotWrittenThrough() throws {
        try withTemporaryDirectory { directory in
            let manager = FileManager.default
            try TestInputs.writePlainPNG(to: directory.appendingPathComponent("a.png"))
            let victim = directory.appendingPathComponent("victim.txt")
            try Data("must not change\n".utf8).write(to: victim)
            try manager.createDirectory(at: directory.appendingPathComponent("out"), withIntermediateDirectories: true)
            try manager.createSymbolicLink(
                atPath: directory.appendingPathComponent("out/a.png").path, withDestinationPath: "../victim.txt")
            try manager.createSymbolicLink(
                atPath: directory.appendingPathComponent("single.png").path, withDestinationPath: "victim.txt")
            for output in ["out/", "single.png"] {
                let result = try ToolProcess.run(["a.png", "-o", output] + ToolProcess.plumbingFlags, in: directory)
                #expect(result.status == 0, "\(result.standardError)")
                let path = directory.appendingPathComponent(output.hasSuffix("/") ? output + "a.png" : output).path
                #expect(try manager.attributesOfItem(atPath: path)[.type] as? FileAttributeType == .typeRegular)
                #expect(try ImageIO.read(path: path).image.width == 96)
            }
            #expect(try String(contentsOf: victim, encoding: .utf8) == "must not change\n")
        }
    }

    @Test func pathsFromStandardInputNeverEscapeTheOutputFolders() throws {
        try withTemporaryDirectory { directory in
            let work = directory.appendingPathComponent("a/b")
            try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
            try TestInputs.copyFixture("astronaut.png", to: directory.appendingPathComponent("x.png"))
            let absolute = directory.appendingPathComponent("abs")
            try FileManager.default.createDirectory(at: absolute, withIntermediateDirectories: true)
            try TestInputs.copyFixture("astronaut.png", to: absolute.appendingPathComponent("y.png"))
            let before = allFiles(in: directory)
            let result = try ToolProcess.run(
                ["-", "-o", "out", "--crop", "crops", "--min-face-size", "0.15"] + ToolProcess.plumbingFlags,
                in: work, input: "../../x.png\n\(absolute.path)/y.png\n")
            #expect(result.status == 0, "\(result.standardError)")
            let mirrored = String(absolute.path.dropFirst())  // without the leading "/"
            let created = Set(allFiles(in: directory)).subtracting(before).filter { path in
                (try? FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent(path).path)[.type]
                    as? FileAttributeType) == .typeRegular
            }
            #expect(
                created == [
                    "a/b/out/x.png", "a/b/crops/x_face1.png", "a/b/out/" + mirrored + "/y.png",
                    "a/b/crops/" + mirrored + "/y_face1.png",
                ], "\(created.sorted())")
        }
    }
}
