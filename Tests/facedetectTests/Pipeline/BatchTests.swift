import Foundation
import Testing

@Suite("directories: sorted walk, non-images skipped, a broken image does not stop the batch")
struct BatchTests {
    @Test func walksSortedSkipsNonImagesAndReportsTheBrokenOne() throws {
        try withTemporaryDirectory { directory in
            let manager = FileManager.default
            let images = directory.appendingPathComponent("images")
            for folder in ["b", "c/deeper"] {
                _ = try images.folder(folder)
            }
            try TestInputs.writePlainPNG(to: images.appendingPathComponent("z.jpg"))
            try TestInputs.writePlainPNG(to: images.appendingPathComponent("b/face.png"))
            try TestInputs.writePlainPNG(to: images.appendingPathComponent("a.png"))
            // Recognised by content: a PNG without an extension is an image, a text file is not.
            try TestInputs.writePlainPNG(to: images.appendingPathComponent("c/deeper/scan.png"))
            try manager.moveItem(
                at: images.appendingPathComponent("c/deeper/scan.png"),
                to: images.appendingPathComponent("c/deeper/scan"))
            try Data("not a picture\n".utf8).write(to: images.appendingPathComponent("c/notes.txt"))
            try Data("readme\n".utf8).write(to: images.appendingPathComponent("README"))
            // A JPEG cut inside its header: recognised as an image, fails to decode.
            try TestInputs.writeTruncatedJPEG(to: images.appendingPathComponent("c/broken.jpg"), fraction: 0.001)
            // A symbolic-link loop must not hang the walk.
            try manager.createSymbolicLink(
                atPath: images.appendingPathComponent("c/loop").path, withDestinationPath: "..")

            let result = try ToolProcess.run(
                ["images", "--json", "out.jsonl"] + ToolProcess.plumbingFlags, in: directory)
            #expect(result.status == 1)
            let text = try String(contentsOf: directory.appendingPathComponent("out.jsonl"), encoding: .utf8)
            let records = try TestInputs.records(text)
            #expect(
                records.map { $0["file"] as? String } == [
                    "images/a.png", "images/b/face.png", "images/c/broken.jpg", "images/c/deeper/scan", "images/z.jpg",
                ])
            for record in records {
                let isBroken = record["file"] as? String == "images/c/broken.jpg"
                #expect((record["error"] != nil) == isBroken, "\(record)")
                #expect(record["faces"] is [Any])
                #expect((record["width"] != nil) == !isBroken)
            }

            let lines = result.errorLines
            let reported = lines.filter { $0.contains("images/c/broken.jpg") }
            #expect(reported.count == 2, "\(lines)")  // once when it failed, once in the final list
            #expect(lines.first?.hasPrefix("error: images/c/broken.jpg: ") == true)
            #expect(lines.dropLast().last == "facedetect: 1 of 5 inputs failed:")
            #expect(lines.last?.hasPrefix("  images/c/broken.jpg: ") == true)
        }
    }

    @Test func videosInAFolderAreCountedAsNotSearched() throws {
        try withTemporaryDirectory { directory in
            let images = try directory.folder("camera")
            try TestInputs.writePlainPNG(to: images.appendingPathComponent("a.png"))
            try Data("not looked into\n".utf8).write(to: images.appendingPathComponent("clip.MP4"))
            try Data("not looked into\n".utf8).write(to: try images.folder("b").appendingPathComponent("clip.mov"))
            try Data("sidecar\n".utf8).write(to: images.appendingPathComponent("a.xmp"))
            let result = try ToolProcess.run(
                ["camera", "--json", "out.jsonl"] + ToolProcess.plumbingFlags, in: directory)
            #expect(result.status == 0)
            #expect(
                result.errorLines.last
                    == "facedetect: 2 videos in the folders not searched (videos are searched when named as inputs, without images)",
                "\(result.errorLines)")
        }
    }

    @Test func explicitFilesKeepTheirOrderAndPaths() throws {
        try withTemporaryDirectory { directory in
            try TestInputs.writePlainPNG(to: directory.appendingPathComponent("b.png"))
            try TestInputs.writePlainPNG(to: directory.appendingPathComponent("a.png"))
            // `--json` followed by an image: the image is an input, JSON goes to standard output.
            let result = try ToolProcess.run(["--json", "b.png", "./a.png"] + ToolProcess.plumbingFlags, in: directory)
            #expect(result.status == 0)
            #expect(
                try TestInputs.records(result.standardOutput).map { $0["file"] as? String } == ["b.png", "./a.png"])
        }
    }
}

@Suite("JSON text stays valid whatever the file names")
struct FileNameTests {
    @Test func oddFileNamesAreEscaped() throws {
        try withTemporaryDirectory { directory in
            let images = try directory.folder("images")
            let names = ["quote\"back\\slash.png", "new\nline\ttab.png", "ünïcødé 😀.png"]
            for name in names { try TestInputs.writePlainPNG(to: images.appendingPathComponent(name)) }
            // A trailing slash on the directory argument does not double the separator.
            let result = try ToolProcess.run(["images/", "--json"] + ToolProcess.plumbingFlags, in: directory)
            #expect(result.status == 0)
            #expect(result.outputLines.count == names.count)
            #expect(result.outputLines.allSatisfy { $0.hasPrefix("{\"file\": \"images/") })
            let files = try TestInputs.records(result.standardOutput).compactMap { $0["file"] as? String }
            #expect(Set(files) == Set(names.map { "images/" + $0 }))
        }
    }
}
