import FaceDetection
import FaceDetectionIO
import Foundation
import Testing

@testable import FaceDetectCLI

/// The photos phones and browsers save, HEIC, AVIF and WebP, as a new user meets them: in a
/// folder copied off a phone, named on the command line, and written out as PNG.
@Suite("HEIC, AVIF and WebP inputs: read, never skipped without a word, never sent to the video path")
struct PhotoFormatTests {
    /// The plumbing flags, looking for faces of at least 15 % of the width only (fast in a debug build).
    private let fast = ToolProcess.plumbingFlags + ["--min-face-size", "0.15"]

    /// `Fixtures/codec/name`'s bytes, the first `count` of them when given.
    private func fixtureBytes(_ name: String, count: Int? = nil) throws -> Data {
        let data = try Data(contentsOf: TestInputs.fixture("codec/" + name))
        return count.map { data.prefix($0) } ?? data
    }

    @Test func aPhoneFolderGivesARecordForEveryPhotoAndFailsTheBrokenOnes() throws {
        try withTemporaryDirectory { directory in
            let photos = try directory.folder("photos")
            try TestInputs.copyFixture("grace_hopper.jpg", to: photos.appendingPathComponent("IMG_0002.JPG"))
            try fixtureBytes("astronaut.heic", count: 5000).write(to: photos.appendingPathComponent("IMG_0001.HEIC"))
            try fixtureBytes("astronaut.webp", count: 5000).write(to: photos.appendingPathComponent("photo.webp"))
            let result = try ToolProcess.run(
                ["photos", "--json"] + fast, in: directory, timeout: 60)
            #expect(result.status == 1)
            let records = try TestInputs.records(result.standardOutput)
            #expect(
                records.map { $0["file"] as? String } == [
                    "photos/IMG_0001.HEIC", "photos/IMG_0002.JPG", "photos/photo.webp",
                ])
            let errors = records.map { $0["error"] as? String }
            #expect(errors[0]?.hasPrefix("truncated HEIF: ") == true, "\(errors)")
            #expect(errors[1] == nil && !TestInputs.boxes(records[1]).isEmpty)
            #expect(errors[2]?.hasPrefix("truncated WebP: ") == true, "\(errors)")
            #expect(result.errorLines.contains { $0.hasPrefix("facedetect: 3 images, ") && $0.contains(" 2 failed, ") })
            #expect(!result.standardError.contains("not a readable video"))
        }
    }

    @Test(arguments: ["astronaut.heic", "astronaut.avif", "astronaut.webp"])
    func aPhotoFindsItsFaceAndIsDrawnAsPNG(name: String) throws {
        try withTemporaryDirectory { directory in
            try TestInputs.copyFixture("codec/" + name, to: directory.appendingPathComponent(name))
            let result = try ToolProcess.run(
                [name, "-o", "out.png", "--json"] + fast, in: directory, timeout: 60)
            #expect(result.status == 0, "\(result.standardError)")
            let record = try #require(try TestInputs.records(result.standardOutput).first)
            #expect(record["width"] as? Int == 512 && record["height"] as? Int == 512)
            let boxes = TestInputs.boxes(record)
            #expect(boxes.count == 1 && boxes.allSatisfy { $0.iou(TestInputs.astronautFace) > 0.5 }, "\(boxes)")
            let written = try ImageCodec.read(path: directory.appendingPathComponent("out.png").path)
            #expect(written.format == .png && written.image.width == 512)
        }
    }

    @Test func aBrokenHEICNamedOnTheCommandLineIsAPhotoNotAVideo() throws {
        try withTemporaryDirectory { directory in
            try fixtureBytes("astronaut.heic", count: 3000).write(to: directory.appendingPathComponent("IMG_0001.HEIC"))
            // An ISO base-media file with an unknown brand, named as a photo: still a photo's error.
            try Data([0, 0, 0, 16] + Array("ftypzzzz".utf8) + [0, 0, 0, 0]).write(
                to: directory.appendingPathComponent("odd.heic"))
            for name in ["IMG_0001.HEIC", "odd.heic"] {
                let result = try ToolProcess.run([name] + ToolProcess.plumbingFlags, in: directory, timeout: 60)
                #expect(result.status == 1)
                #expect(result.errorLines.count == 1, "\(result.errorLines)")
                #expect(result.errorLines.first?.hasPrefix("error: \(name): ") == true, "\(result.errorLines)")
                #expect(!result.standardError.contains("not a readable video"))
            }
        }
    }

    @Test func outputsOfReadOnlyFormatsArePNG() throws {
        try withTemporaryDirectory { directory in
            let photos = try directory.folder("photos")
            try TestInputs.copyFixture("codec/astronaut.heic", to: photos.appendingPathComponent("IMG_0001.HEIC"))
            try TestInputs.copyFixture("codec/astronaut.webp", to: photos.appendingPathComponent("a.webp"))
            let result = try ToolProcess.run(
                ["photos", "-o", "out", "--crop", "crops"] + fast, in: directory, timeout: 60)
            #expect(result.status == 0, "\(result.standardError)")
            for path in ["out/IMG_0001.HEIC.png", "out/a.webp.png", "crops/IMG_0001_face1.png", "crops/a_face1.png"] {
                let decoded = try ImageCodec.read(path: directory.appendingPathComponent(path).path)
                #expect(decoded.format == .png, "\(path)")
            }
            let refused = try ToolProcess.run(
                ["photos/IMG_0001.HEIC", "-o", "out.heic"] + ToolProcess.plumbingFlags, in: directory, timeout: 60)
            #expect(refused.status == 64)
            #expect(
                refused.errorLines == [
                    "facedetect: -o: 'out.heic': HEIF is read, not written (use .png, .jpg or .jpeg) (see 'facedetect --help')"
                ])
        }
    }

    @Test func heifAndAVIFAreNotVideosThoughTheyAreISOBaseMedia() throws {
        for name in ["astronaut.heic", "astronaut.avif", "heif_exif6.heic"] {
            let bytes = [UInt8](try fixtureBytes(name, count: 64))
            #expect(VideoContainer.sniff(bytes) == nil, "\(name)")
        }
        let mp4: [UInt8] = [0, 0, 0, 24] + Array("ftypisom".utf8) + [0, 0, 2, 0] + Array("isomiso2mp41".utf8)
        #expect(VideoContainer.sniff(mp4) == .mp4)
        #expect(!InputArgument(TestInputs.fixture("codec/astronaut.heic").path).isVideo)
        #expect(!InputArgument(TestInputs.fixture("codec/avif_pattern.avif").path).isVideo)
    }
}
