import FaceDetection
import FaceDetectionIO
import Foundation
import Testing

/// The astronaut's face (`TestInputs.astronautFace`) with 0.4 of its width on each side, resized to
/// `side` × `side` pixels: a small photo in which the cascade finds the one face (checked from 32 to 128 px
/// at `--min-face-size` 0.3, 0.4 and 0.5, as PNG and as JPEG).
private func astronautFacePhoto(side: Int) throws -> RGBImage {
    let photo = try RGBImage(contentsOf: TestInputs.fixture("astronaut.png").path)
    let face = try #require(photo.cropped(to: TestInputs.astronautFace, margin: 0.4))
    return face.resized(width: side, height: side)
}

/// The ways a file named as an image can be broken, one per bad file in turn: each must give an error
/// record (a JPEG cut inside its scan data is not among them: it is decoded, with a warning).
private let corruptFileMakers: [(name: String, write: @Sendable (URL) throws -> Void)] = [
    ("text.jpg", { try Data("a web page saved as a photo\n".utf8).write(to: $0) }),
    ("empty.png", { try Data().write(to: $0) }),
    ("cut-header.jpg", { try TestInputs.writeTruncatedJPEG(to: $0, fraction: 0.002) }),
    ("cut.png", { try Data(contentsOf: TestInputs.fixture("astronaut.png")).prefix(5000).write(to: $0) }),
    ("empty.jpg", { try Data().write(to: $0) }),
]

/// Writes `bytes` to a new file at `path` with one `open`, `write` and `close`: writing the 2,000 files below
/// took 1.4 s this way and 8 s with Foundation's `Data.write` (debug build).
private func writeFile(_ bytes: Data, to path: String) throws {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard descriptor >= 0 else { throw TestInputError(message: "cannot create \(path)") }
    defer { close(descriptor) }
    let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    guard written == bytes.count else { throw TestInputError(message: "cannot write \(path)") }
}

@Suite("load: thousands of images, each recorded once; every third file corrupt")
struct LoadTests {
    @Test func everyThirdFileCorruptGivesFacesForTheGoodAndAnErrorForEachBadOne() throws {
        try withTemporaryDirectory { directory in
            _ = try directory.folder("batch")
            var good: [String] = []
            var bad: [String] = []
            for index in 0..<30 {
                let stem = String(format: "batch/%02d", index)
                if index % 3 == 2 {
                    let maker = corruptFileMakers[bad.count % corruptFileMakers.count]
                    let path = "\(stem)-\(maker.name)"
                    try maker.write(directory.appendingPathComponent(path))
                    bad.append(path)
                } else {
                    // PNG and JPEG copies of the face at 40 to 64 px.
                    let path = "\(stem)-good." + (good.count % 2 == 0 ? "png" : "jpg")
                    let photo = try astronautFacePhoto(side: 40 + 8 * (good.count % 4))
                    try ImageCodec.write(photo, to: directory.appendingPathComponent(path).path)
                    good.append(path)
                }
            }
            let result = try ToolProcess.run(
                ["batch", "--json", "out.jsonl", "--threads", "2", "--min-face-size", "0.5"]
                    + ToolProcess.plumbingFlags,
                in: directory)
            #expect(result.status == 1)
            let records = try TestInputs.records(
                String(contentsOf: directory.appendingPathComponent("out.jsonl"), encoding: .utf8))
            #expect(records.map { $0["file"] as? String ?? "?" } == (good + bad).sorted())
            for record in records {
                let file = record["file"] as? String ?? "?"
                if good.contains(file) {
                    #expect(record["error"] == nil, "\(record)")
                    #expect(TestInputs.boxes(record).count == 1, "not one face in a good photo: \(record)")
                } else {
                    #expect((record["error"] as? String)?.isEmpty == false, "no error for a bad file: \(record)")
                    #expect((record["faces"] as? [Any])?.isEmpty == true)
                }
            }
            let lines = result.errorLines
            for file in bad {
                #expect(lines.contains { $0.hasPrefix("  \(file): ") }, "\(file) not listed at the end: \(lines)")
            }
            #expect(lines.contains { $0.hasPrefix("facedetect: 30 images, 20 faces, 10 failed, ") }, "\(lines)")
            #expect(lines.contains("facedetect: 10 of 30 inputs failed:"), "\(lines)")
        }
    }

    @Test func twoThousandTinyImagesGiveEachItsRecordExactlyOnce() throws {
        try withTemporaryDirectory { directory in
            // Eight different tiny PNGs encoded once, written under 2,000 names in 4 folders; searched only
            // for faces of 90 % of their width, as the test is about the records, not the detector.
            let encoded = try (0..<8).map { shade in
                let file = directory.appendingPathComponent("shade\(shade).png")
                try ImageCodec.write(
                    RGBImage(width: 32, height: 24, fill: RGB(UInt8(shade * 30), 128, 128)), to: file.path)
                return try Data(contentsOf: file)
            }
            var expected: [String] = []
            for index in 0..<2000 {
                let folder = "images/\(index % 4)"
                if index < 4 {
                    _ = try directory.folder(folder)
                }
                let path = String(format: "\(folder)/%04d.png", index)
                try writeFile(encoded[index % encoded.count], to: directory.appendingPathComponent(path).path)
                expected.append(path)
            }
            let result = try ToolProcess.run(
                ["images", "--json", "out.jsonl", "--threads", "2", "--min-face-size", "0.9"]
                    + ToolProcess.plumbingFlags,
                in: directory)
            #expect(result.status == 0, "\(result.standardError)")
            let records = try TestInputs.records(
                String(contentsOf: directory.appendingPathComponent("out.jsonl"), encoding: .utf8))
            let files = records.map { $0["file"] as? String ?? "?" }
            #expect(files.count == 2000)
            #expect(Set(files).count == 2000)
            #expect(files == expected.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
            #expect(records.allSatisfy { $0["error"] == nil && $0["width"] as? Int == 32 })
            #expect(result.errorLines.contains { $0.hasPrefix("facedetect: 2000 images, 0 faces, 0 failed, ") })
        }
    }
}
