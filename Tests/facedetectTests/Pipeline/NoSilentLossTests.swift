import Foundation
import Testing

@Suite("a directory walk loses no photo silently: broken files named as images are reported")
struct NoSilentLossTests {
    @Test func brokenFilesNamedAsImagesGetErrorRecordsAndAreListed() throws {
        try withTemporaryDirectory { directory in
            let manager = FileManager.default
            let tree = try directory.folder("tree")
            try TestInputs.copyFixture("astronaut.png", to: tree.appendingPathComponent("good.png"))
            try Data("this is text, not a JPEG\n".utf8).write(to: tree.appendingPathComponent("broken.jpg"))
            try Data().write(to: tree.appendingPathComponent("empty.png"))
            // Unreadable even as root (who reads any file whatever its mode): a link to nothing,
            // and a named pipe (never opened: a pipe without a writer would block).
            try manager.createSymbolicLink(
                atPath: tree.appendingPathComponent("secret.JPG").path, withDestinationPath: "gone/secret.jpg")
            #expect(mkfifo(tree.appendingPathComponent("pipe.jpeg").path, 0o644) == 0)
            // Mode 000 stops reads only for other users; as root it is text, not an image: an error either way.
            let locked = tree.appendingPathComponent("locked.Png")
            try Data("locked\n".utf8).write(to: locked)
            #expect(chmod(locked.path, 0) == 0)
            try Data("notes, not a photo\n".utf8).write(to: tree.appendingPathComponent("notes.txt"))

            let result = try ToolProcess.run(
                ["tree", "--json", "--min-face-size", "0.15"] + ToolProcess.plumbingFlags, in: directory, timeout: 60)
            #expect(result.status == 1)
            let records = try TestInputs.records(result.standardOutput)
            let bad = ["broken.jpg", "empty.png", "locked.Png", "pipe.jpeg", "secret.JPG"].map { "tree/" + $0 }
            let order = ["broken.jpg", "empty.png", "good.png", "locked.Png", "pipe.jpeg", "secret.JPG"]
            #expect(records.map { $0["file"] as? String } == order.map { "tree/" + $0 })
            for record in records {
                let file = record["file"] as? String ?? "?"
                if file == "tree/good.png" {
                    #expect(record["error"] == nil)
                    #expect(!TestInputs.boxes(record).isEmpty, "no face in the good photo: \(record)")
                } else {
                    #expect((record["error"] as? String)?.isEmpty == false, "\(record)")
                    #expect((record["faces"] as? [Any])?.isEmpty == true)
                }
            }
            let reasons = Dictionary(
                uniqueKeysWithValues: records.map { ($0["file"] as? String ?? "?", $0["error"] as? String) })
            #expect(reasons["tree/empty.png"] == "empty file")
            #expect(reasons["tree/secret.JPG"] == "broken symbolic link")
            #expect(reasons["tree/pipe.jpeg"] == "not a regular file")
            #expect(reasons["tree/broken.jpg"] == "not a JPEG, PNG, HEIF, AVIF or WebP image (looks like text)")
            #expect(!result.standardOutput.contains("notes.txt"))
            #expect(!result.standardError.contains("notes.txt"))

            let lines = result.errorLines
            for file in bad {
                #expect(lines.contains { $0.hasPrefix("error: \(file): ") }, "\(file): \(lines)")
                #expect(lines.contains { $0.hasPrefix("  \(file): ") }, "\(file) not listed at the end: \(lines)")
            }
            #expect(lines.contains { $0.hasPrefix("facedetect: 6 images, ") && $0.contains(" 5 failed, ") }, "\(lines)")
            #expect(lines.contains("facedetect: 5 of 6 inputs failed:"), "\(lines)")
        }
    }
}
