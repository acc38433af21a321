import FaceDetectRecords
import FaceDetection
import Foundation
import Testing

@testable import FaceDetectCLI
@testable import FaceDetectionIO

/// A tree of small faceless images (fast even in debug builds) with a broken file, a text file
/// and a symbolic-link loop, made inside `directory`/images. Returns the image paths the walk
/// must yield, in order.
private func makeTree(in directory: URL, count: Int = 9) throws -> [String] {
    let manager = FileManager.default
    let images = directory.appendingPathComponent("images")
    var paths: [String] = []
    for index in 0..<count {
        let folder = ["a", "b/c", "d"][index % 3]
        _ = try images.folder(folder)
        let name = "\(folder)/img\(index).png"
        try TestInputs.writePlainPNG(to: images.appendingPathComponent(name), width: 40 + index, height: 30)
        paths.append("images/" + name)
    }
    try TestInputs.writeTruncatedJPEG(to: images.appendingPathComponent("b/broken.jpg"), fraction: 0.001)
    paths.append("images/b/broken.jpg")
    try Data("notes\n".utf8).write(to: images.appendingPathComponent("a/notes.txt"))
    try manager.createSymbolicLink(atPath: images.appendingPathComponent("d/loop").path, withDestinationPath: "..")
    return paths.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
}

/// The records' `file` values.
private func files(_ text: String) throws -> [String] {
    try TestInputs.records(text).map { $0["file"] as? String ?? "?" }
}

/// A record without its timings (which differ between runs).
private func withoutTimings(_ record: [String: Any]) -> NSDictionary {
    var copy = record
    copy["seconds"] = nil
    copy["decodeSeconds"] = nil
    return copy as NSDictionary
}

@Suite("batches: threads, standard input, resume, shards, Ctrl-C")
struct BatchScaleTests {
    @Test func outputIsTheSameInOrderWhateverTheThreadCount() throws {
        try withTemporaryDirectory { directory in
            let expected = try makeTree(in: directory)
            var runs: [[NSDictionary]] = []
            for threads in ["1", "3", "8"] {
                let result = try ToolProcess.run(
                    ["images", "--json", "-", "--threads", threads] + ToolProcess.plumbingFlags, in: directory)
                #expect(result.status == 1)  // the broken JPEG
                #expect(try files(result.standardOutput) == expected)
                runs.append(try TestInputs.records(result.standardOutput).map(withoutTimings))
                #expect(
                    result.errorLines.contains {
                        $0.hasPrefix("facedetect: \(expected.count) images, 0 faces, 1 failed, ")
                    })
            }
            #expect(runs[0] == runs[1] && runs[1] == runs[2])
        }
    }

    @Test func pathsOnStandardInputAreInputsInTheirOrder() throws {
        try withTemporaryDirectory { directory in
            let tree = try makeTree(in: directory).filter { !$0.hasSuffix("broken.jpg") }
            // Files and a directory, as `find` or Spark would send them; blank lines are ignored.
            let lines = [tree[3], tree[0], "", "images/b/c"]
            let result = try ToolProcess.run(
                ["-", "--json"] + ToolProcess.plumbingFlags, in: directory, input: lines.joined(separator: "\n") + "\n")
            #expect(result.status == 0)
            let walkedD = tree.filter { $0.hasPrefix("images/b/c/") }
            #expect(try files(result.standardOutput) == [tree[3], tree[0]] + walkedD)
        }
    }

    @Test func resumeRepairsACutLineAndWritesEveryImageExactlyOnce() throws {
        try withTemporaryDirectory { directory in
            let expected = try makeTree(in: directory)
            let out = directory.appendingPathComponent("out.jsonl")
            let full = try ToolProcess.run(
                ["images", "--json", "out.jsonl"] + ToolProcess.plumbingFlags, in: directory)
            #expect(full.status == 1)
            // As if killed while writing the fourth record.
            let text = try String(contentsOf: out, encoding: .utf8)
            let lines = text.split(separator: "\n")
            try (lines[0..<3].joined(separator: "\n") + "\n" + lines[3].prefix(20)).write(
                to: out, atomically: true, encoding: .utf8)

            // A CSV from the first run (rows made up here: these images have no faces) keeps its rows.
            let csv = CSVOutput.header + "\n\(expected[0]),1,1.0,2.0,3.0,4.0,0.9\n"
            try csv.write(to: directory.appendingPathComponent("faces.csv"), atomically: true, encoding: .utf8)
            let resumed = try ToolProcess.run(
                ["images", "--json", "out.jsonl", "--resume", "--csv", "faces.csv"] + ToolProcess.plumbingFlags,
                in: directory)
            #expect(resumed.status == 1)
            #expect(try String(contentsOf: directory.appendingPathComponent("faces.csv"), encoding: .utf8) == csv)
            let after = try String(contentsOf: out, encoding: .utf8)
            #expect(try files(after).sorted() == expected.sorted())  // valid JSON, each image once
            #expect(resumed.errorLines.contains { $0.contains("(3 already done, skipped)") })

            // Nothing left to do: nothing is added.
            let again = try ToolProcess.run(
                ["images", "--json", "out.jsonl", "--resume"] + ToolProcess.plumbingFlags, in: directory)
            #expect(again.status == 0)
            #expect(try String(contentsOf: out, encoding: .utf8) == after)
        }
    }

    @Test func shardsCoverTheBatchExactlyOnceAndAutoReadsTheArrayIndex() throws {
        try withTemporaryDirectory { directory in
            let expected = try makeTree(in: directory, count: 12)
            var seen: [[String]] = []
            for k in 1...3 {
                let result = try ToolProcess.run(
                    ["images", "--json", "--shard", "\(k)/3"] + ToolProcess.plumbingFlags, in: directory)
                seen.append(try files(result.standardOutput))
            }
            #expect(seen.flatMap { $0 }.sorted() == expected.sorted())
            #expect(seen.allSatisfy { $0 == $0.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) } })
            // Slurm counts from 0: task 1 is shard 2; Kubernetes and AWS Batch likewise.
            for variable in ShardSelection.environmentVariables {
                let auto = try ToolProcess.run(
                    ["images", "--json", "--shard", "auto/3"] + ToolProcess.plumbingFlags, in: directory,
                    environment: [variable: "1"])
                #expect(try files(auto.standardOutput) == seen[1], "\(variable)")
            }
            let outOfRange = try ToolProcess.run(
                ["images", "--shard", "auto/3"] + ToolProcess.plumbingFlags, in: directory,
                environment: ["SLURM_ARRAY_TASK_ID": "3"])
            #expect(outOfRange.status == 64)
        }
    }

    @Test func progressBarOnlyWhenAskedOrOnATerminal() throws {
        try withTemporaryDirectory { directory in
            let expected = try makeTree(in: directory)
            let forced = try ToolProcess.run(
                ["images", "--json", "out.jsonl", "--progress"] + ToolProcess.plumbingFlags, in: directory)
            let frames = forced.standardError.split(separator: "\r").map {
                $0.replacingOccurrences(of: "\u{1B}[K", with: "")
            }
            #expect(
                frames.contains { $0.hasPrefix("[########################] \(expected.count)/\(expected.count)  ") })
            #expect(frames.contains { $0.contains(" images/s") })
            // Standard error is a file here, not a terminal: no bar unless asked for.
            let piped = try ToolProcess.run(
                ["images", "--json", "out.jsonl"] + ToolProcess.plumbingFlags, in: directory)
            #expect(!piped.standardError.contains("\r"))
            let off = try ToolProcess.run(
                ["images", "--json", "out.jsonl", "--no-progress"] + ToolProcess.plumbingFlags, in: directory)
            #expect(!off.standardError.contains("\r"))
        }
    }

    @Test func shardHashIsFNV1a64() {
        // Published FNV-1a 64-bit test vectors.
        #expect(ShardSelection.fnv1a64("") == 0xcbf2_9ce4_8422_2325)
        #expect(ShardSelection.fnv1a64("a") == 0xaf63_dc4c_8601_ec8c)
        #expect(ShardSelection.fnv1a64("foobar") == 0x8594_4171_f739_67e8)
    }

    @Test func interruptStopsCleanlyWithCompleteRecordsOnly() throws {
        try withTemporaryDirectory { directory in
            let images = try directory.folder("images")
            // Enough images that the run is still going when the signal comes (faceless, and searched only
            // for faces of 90 % of their width: the test is about the records, not the detector).
            for index in 0..<400 {
                try TestInputs.writePlainPNG(
                    to: images.appendingPathComponent(String(format: "%03d.png", index)), width: 160, height: 120)
            }
            let process = Process()
            process.executableURL = ToolProcess.binary
            process.arguments =
                ["images", "--json", "out.jsonl", "--csv", "out.csv", "--threads", "2", "--min-face-size", "0.9"]
                + ToolProcess.plumbingFlags
            process.currentDirectoryURL = directory
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            process.standardInput = FileHandle.nullDevice
            try process.run()
            let out = directory.appendingPathComponent("out.jsonl")
            let deadline = Date().addingTimeInterval(60)
            // Wait until some records are out, then press Ctrl-C.
            while Date() < deadline, ((try? Data(contentsOf: out))?.count ?? 0) < 300 { usleep(10_000) }
            kill(process.processIdentifier, SIGINT)
            process.waitUntilExit()
            #expect(process.terminationStatus == 130)
            let text = try String(contentsOf: out, encoding: .utf8)
            #expect(text.hasSuffix("\n"))
            let records = try files(text)
            #expect(records.count >= 1 && records.count < 400)
            #expect(records == (0..<records.count).map { String(format: "images/%03d.png", $0) })
            // The CSV was published whole, and no temporary file is left behind.
            #expect(
                try String(contentsOf: directory.appendingPathComponent("out.csv"), encoding: .utf8) == CSVOutput.header
                    + "\n")
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter {
                $0.hasPrefix(".")
            }
            #expect(leftovers.isEmpty, "\(leftovers)")

            // Resumed: the rest, each image once, and the CSV keeps its rows.
            let resumed = try ToolProcess.run(
                ["images", "--json", "out.jsonl", "--csv", "out.csv", "--resume", "--min-face-size", "0.9"]
                    + ToolProcess.plumbingFlags,
                in: directory)
            #expect(resumed.status == 0)
            let all = try files(String(contentsOf: out, encoding: .utf8))
            #expect(all == (0..<400).map { String(format: "images/%03d.png", $0) })
        }
    }
}

@Suite("outputs of a batch: CSV, crops, anonymised images; the older tool's flags")
struct BatchOutputTests {
    @Test func csvCropsAndBlurAgreeWithTheRecords() throws {
        try withTemporaryDirectory { directory in
            let photos = try directory.folder("photos/2024")
            try TestInputs.copyFixture("astronaut.png", to: photos.appendingPathComponent("astronaut.png"))
            try TestInputs.writePlainPNG(to: photos.appendingPathComponent("plain.png"))
            let result = try ToolProcess.run(
                [
                    "photos", "--json", "out.jsonl", "--csv", "faces.csv", "--crop", "crops",
                    "--crop-margin", "0.1", "-o", "blurred", "--blur", "--min-face-size", "0.15",
                ] + ToolProcess.plumbingFlags,
                in: directory)
            #expect(result.status == 0, "\(result.standardError)")
            let records = try TestInputs.records(
                String(contentsOf: directory.appendingPathComponent("out.jsonl"), encoding: .utf8))
            let faces = TestInputs.boxes(records[0])
            #expect(!faces.isEmpty && TestInputs.boxes(records[1]).isEmpty)

            let csv = try String(contentsOf: directory.appendingPathComponent("faces.csv"), encoding: .utf8)
            let rows = csv.split(separator: "\n").map { $0.split(separator: ",").map(String.init) }
            #expect(rows.first == ["file", "face", "x", "y", "width", "height", "score"])
            #expect(rows.count == 1 + faces.count)
            for (row, face) in zip(rows.dropFirst(), faces) {
                #expect(row[0] == "photos/2024/astronaut.png")
                #expect(abs(Float(row[2])! - face.x) < 0.01 && abs(Float(row[4])! - face.width) < 0.01)
            }

            for (number, face) in faces.enumerated() {
                let crop = try RGBImage(
                    contentsOf: directory.appendingPathComponent("crops/2024/astronaut_face\(number + 1).png").path)
                #expect(abs(Float(crop.width) - face.width * 1.2) <= 3, "crop \(crop.width) for face \(face)")
            }
            #expect(
                !FileManager.default.fileExists(
                    atPath: directory.appendingPathComponent("crops/2024/plain_face1.png").path))

            // The blurred copy: changed inside the face, unchanged far from it.
            let original = try RGBImage(contentsOf: photos.appendingPathComponent("astronaut.png").path)
            let blurred = try RGBImage(contentsOf: directory.appendingPathComponent("blurred/2024/astronaut.png").path)
            let face = faces[0]
            let inside = (Int(face.y + face.height / 2) * original.width + Int(face.x + face.width / 2)) * 3
            var changedInside = 0
            for offset in stride(from: -30, through: 30, by: 3)
            where original.pixels[inside + offset] != blurred.pixels[inside + offset] {
                changedInside += 1
            }
            #expect(changedInside > 5)
            #expect(original.pixels[0..<(original.width * 3 * 40)] == blurred.pixels[0..<(original.width * 3 * 40)])
        }
    }

    @Test func largeJPEGIsDecodedReducedButReportedAndDrawnAtFullSize() throws {
        try withTemporaryDirectory { directory in
            // Grace Hopper at 4x: the smallest face wanted (0.3 of the width) allows a 1/8 decode.
            let photo = try RGBImage(contentsOf: TestInputs.fixture("grace_hopper.jpg").path)
            let large = photo.resized(width: photo.width * 4, height: photo.height * 4)
            try ImageCodec.write(large, to: directory.appendingPathComponent("large.jpg").path)
            let result = try ToolProcess.run(
                ["large.jpg", "--json", "-o", "out.jpg", "--min-face-size", "0.3"] + ToolProcess.plumbingFlags,
                in: directory)
            #expect(result.status == 0, "\(result.standardError)")
            let record = try #require(try TestInputs.records(result.standardOutput).first)
            #expect(record["width"] as? Int == large.width && record["height"] as? Int == large.height)
            let truth = TestInputs.graceHopperFace
            let scaledTruth = Rect(x: truth.x * 4, y: truth.y * 4, width: truth.width * 4, height: truth.height * 4)
            let best = TestInputs.boxes(record).map { $0.iou(scaledTruth) }.max() ?? 0
            #expect(best >= 0.4, "\(record)")
            let drawn = try RGBImage(contentsOf: directory.appendingPathComponent("out.jpg").path)
            #expect(drawn.width == large.width && drawn.height == large.height)
        }
    }

    @Test func biggestBestAndCenterChooseAndPrintAsTheOlderTool() {
        let small = Face(bounds: Rect(x: 0, y: 0, width: 20, height: 20), score: 0.7)
        let big = Face(bounds: Rect(x: 40, y: 30, width: 60, height: 60), score: 0.6)
        // --biggest is the library's prominent-face option.
        guard case .detect(let parsed)? = try? Command.parse(["--biggest", "a.jpg"]) else {
            Issue.record("--biggest did not parse")
            return
        }
        #expect(parsed.detector.prominentFaceOnly)
        #expect(FaceSelection.select([small, big], .all, width: 200, height: 150) == [small, big])
        // Central and large beats a slightly better-scored speck in the corner.
        #expect(FaceSelection.select([small, big], .best, width: 140, height: 120) == [big])
        var record = PredictionRecord(file: "a.jpg")
        record.faces = [big]
        #expect(FaceLines.lines(for: record, center: false, withPath: false) == ["40 30 60 60"])
        #expect(FaceLines.lines(for: record, center: true, withPath: true) == ["a.jpg: 70 60"])
    }
}
