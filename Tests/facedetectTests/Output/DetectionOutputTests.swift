import FaceDetection
import FaceDetectionIO
import Foundation
import Testing

@Suite("one photo: face lines, JSON Lines, annotated image")
struct DetectionOutputTests {
    @Test func faceLinesAreTheOlderToolsXYWidthHeight() throws {
        try withTemporaryDirectory { directory in
            try TestInputs.copyFixture("astronaut.png", to: directory.appendingPathComponent("astronaut.png"))
            let result = try ToolProcess.run(["astronaut.png", "--min-face-size", "0.15"], in: directory)
            #expect(result.status == 0)
            #expect(result.standardError.isEmpty)
            // As Debian's older facedetect printed them: `x y w h`, whole pixels, one face per line.
            let boxes = result.outputLines.map { $0.split(separator: " ").compactMap { Float(String($0)) } }
            #expect(boxes.count >= 1 && boxes.allSatisfy { $0.count == 4 }, "\(result.outputLines)")
            let best =
                boxes.map { Rect(x: $0[0], y: $0[1], width: $0[2], height: $0[3]).iou(TestInputs.astronautFace) }.max()
                ?? 0
            #expect(best >= 0.4, "\(result.outputLines)")
        }
    }

    @Test func detectorFlagRunsYuNetAndRejectsUnknownNames() throws {
        try withTemporaryDirectory { directory in
            try TestInputs.copyFixture("astronaut.png", to: directory.appendingPathComponent("astronaut.png"))
            let result = try ToolProcess.run(
                [
                    "astronaut.png", "--detector", "yunet", "--min-face-size", "40px",
                    "--landmarks", "none", "--classification", "none",
                ], in: directory)
            #expect(result.status == 0, "\(result.standardError)")
            let boxes = result.outputLines.map { $0.split(separator: " ").compactMap { Float(String($0)) } }
            #expect(boxes.count == 1 && boxes.allSatisfy { $0.count == 4 }, "\(result.outputLines)")
            let best =
                boxes.map { Rect(x: $0[0], y: $0[1], width: $0[2], height: $0[3]).iou(TestInputs.astronautFace) }.max()
                ?? 0
            #expect(best >= 0.4, "\(result.outputLines)")
            let bad = try ToolProcess.run(["astronaut.png", "--detector", "viola"], in: directory)
            #expect(bad.status == 64)
            #expect(
                bad.standardError.contains("--detector") && bad.standardError.contains("yunet"), "\(bad.standardError)")
        }
    }

    @Test func annotatedImageDiffersOnlyAroundTheFaces() throws {
        try withTemporaryDirectory { directory in
            let input = directory.appendingPathComponent("astronaut.png")
            try TestInputs.copyFixture("astronaut.png", to: input)
            // `--json` followed by an option: JSON goes to standard output.
            let result = try ToolProcess.run(
                ["astronaut.png", "--json", "-o", "faces.png", "--min-face-size", "0.15"] + ToolProcess.plumbingFlags,
                in: directory)
            #expect(result.status == 0)
            #expect(result.standardError.isEmpty)
            let records = try TestInputs.records(result.standardOutput)
            let record = try #require(records.first)
            #expect(records.count == 1)
            #expect(record["file"] as? String == "astronaut.png")
            #expect(record["width"] as? Int == 512)
            #expect(record["height"] as? Int == 512)
            let seconds = try #require(record["seconds"] as? Double)
            let decodeSeconds = try #require(record["decodeSeconds"] as? Double)
            #expect(seconds > 0 && seconds < 600)
            #expect(decodeSeconds > 0 && decodeSeconds < 600)
            #expect(record["error"] == nil)
            let faces = try #require(record["faces"] as? [[String: Any]])
            #expect(!faces.isEmpty)
            for face in faces {
                #expect((face["score"] as? Double).map { (0...1).contains($0) } == true)
            }
            let boxes = TestInputs.boxes(record)
            let best = boxes.map { $0.iou(TestInputs.astronautFace) }.max() ?? 0
            #expect(best >= 0.4, "no box overlaps the astronaut's face: \(boxes)")

            let original = try ImageCodec.read(path: input.path).image
            let annotated = try ImageCodec.read(path: directory.appendingPathComponent("faces.png").path)
            #expect(annotated.format == .png)
            #expect(annotated.image.width == original.width && annotated.image.height == original.height)
            var changed = 0
            var outside = 0
            for y in 0..<original.height {
                for x in 0..<original.width where original[x, y] != annotated.image[x, y] {
                    changed += 1
                    let near = boxes.contains { box in
                        let margin = 0.25 * box.width + 4
                        return Float(x) >= box.x - margin && Float(x) <= box.maxX + margin
                            && Float(y) >= box.y - margin && Float(y) <= box.maxY + margin
                    }
                    if !near { outside += 1 }
                }
            }
            #expect(changed > 0)
            #expect(outside == 0)
            // The input is never modified.
            #expect(try Data(contentsOf: input) == (try Data(contentsOf: TestInputs.fixture("astronaut.png"))))
        }
    }

    @Test func jpegInJSONFileAndJPEGOut() throws {
        try withTemporaryDirectory { directory in
            try TestInputs.copyFixture("grace_hopper.jpg", to: directory.appendingPathComponent("grace.jpg"))
            let result = try ToolProcess.run(
                [
                    "grace.jpg", "--json", "out.jsonl", "--output", "grace-faces.jpeg",
                    "--min-face-size=0.3",
                ] + ToolProcess.plumbingFlags, in: directory)
            #expect(result.status == 0)
            #expect(result.standardOutput.isEmpty)
            #expect(result.standardError.isEmpty)
            let text = try String(contentsOf: directory.appendingPathComponent("out.jsonl"), encoding: .utf8)
            let records = try TestInputs.records(text)
            #expect(records.count == 1)
            #expect(records.first?["file"] as? String == "grace.jpg")
            let best =
                records.first.map { TestInputs.boxes($0).map { $0.iou(TestInputs.graceHopperFace) }.max() ?? 0 } ?? 0
            #expect(best >= 0.4, "no box overlaps Grace Hopper's face: \(text)")
            let written = try ImageCodec.read(path: directory.appendingPathComponent("grace-faces.jpeg").path)
            #expect(written.format == .jpeg)
            #expect(written.image.width == 512 && written.image.height == 600)
        }
    }

    @Test func outputDirectoryMirrorsTheInputTree() throws {
        try withTemporaryDirectory { directory in
            let images = try directory.folder("images/sub")
            try TestInputs.writePlainPNG(to: images.appendingPathComponent("a.png"))
            try TestInputs.writePlainPNG(to: directory.appendingPathComponent("images/plain.png"))
            // A PNG without an extension keeps its name and gains ".png".
            let manager = FileManager.default
            try TestInputs.writePlainPNG(to: images.appendingPathComponent("scan.png"))
            try manager.moveItem(
                at: images.appendingPathComponent("scan.png"), to: images.appendingPathComponent("scan"))
            let result = try ToolProcess.run(["images", "-o", "out"] + ToolProcess.plumbingFlags, in: directory)
            #expect(result.status == 0)
            #expect(manager.fileExists(atPath: directory.appendingPathComponent("out/sub/scan.png").path))
            #expect(manager.fileExists(atPath: directory.appendingPathComponent("out/sub/a.png").path))
            #expect(manager.fileExists(atPath: directory.appendingPathComponent("out/plain.png").path))
        }
    }

    @Test func neverOverwritesTheInput() throws {
        try withTemporaryDirectory { directory in
            let input = directory.appendingPathComponent("plain.png")
            try TestInputs.writePlainPNG(to: input)
            let before = try Data(contentsOf: input)
            let result = try ToolProcess.run(
                ["plain.png", "-o", "./plain.png"] + ToolProcess.plumbingFlags, in: directory)
            #expect(result.status == 1)
            #expect(result.errorLines.count == 1)
            #expect(try Data(contentsOf: input) == before)
        }
    }
}

@Suite("annotated outputs for several inputs")
struct OutputCollisionTests {
    @Test func twoInputsWithTheSameNameDoNotOverwriteEachOther() throws {
        try withTemporaryDirectory { directory in
            for folder in ["a", "b"] {
                let url = directory.appendingPathComponent(folder)
                try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
                try TestInputs.writePlainPNG(to: url.appendingPathComponent("x.png"), width: 40 + folder.count)
            }
            let result = try ToolProcess.run(
                ["a/x.png", "b/x.png", "-o", "out"] + ToolProcess.plumbingFlags, in: directory)
            #expect(result.status == 1)
            #expect(result.errorLines.first?.hasPrefix("error: out/x.png: ") == true, "\(result.errorLines)")
            #expect(result.errorLines.dropFirst(2).first == "facedetect: 1 of 2 inputs failed:")
            #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("out/x.png").path))
        }
    }
}

@Suite("an output directory inside the input tree")
struct OutputInsideInputTests {
    @Test func aSecondRunDoesNotReadTheFirstRunsOutputs() throws {
        try withTemporaryDirectory { directory in
            try TestInputs.writePlainPNG(to: directory.appendingPathComponent("a.png"))
            for _ in 0..<2 {
                let result = try ToolProcess.run(
                    [".", "-o", "out", "--json"] + ToolProcess.plumbingFlags, in: directory)
                #expect(result.status == 0)
                #expect(try TestInputs.records(result.standardOutput).map { $0["file"] as? String } == ["./a.png"])
            }
            #expect(
                try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("out").path) == [
                    "a.png"
                ])
        }
    }
}
