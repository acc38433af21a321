import FaceDetection
import FaceDetectionIO
import Foundation
import Testing

/// Writing is atomic, picks the format from the extension, and fails cleanly leaving nothing behind.
struct WriteTests {
    private func listing(_ directory: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
    }

    @Test(arguments: ["f.png", "f.PNG", "f.jpg", "f.jpeg", "f.JPG"])
    func writesTheFormatOfTheExtension(name: String) throws {
        let directory = try FixturePaths.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try fPicture().write(to: directory + "/" + name, quality: 100)
        #expect(try listing(directory) == [name])  // no temporary file left
        let read = try ImageCodec.read(path: directory + "/" + name)
        #expect(read.format == ImageFormat(fileExtension: String(name.split(separator: ".")[1])))
        #expect(ReferencePixels.maxDifference(read.image, fPicture()) <= (read.format == .png ? 0 : 40))
    }

    @Test(arguments: ["out.png", "out.jpg"])
    func theStreamedFileIsTheEncodingInMemory(name: String) throws {
        let directory = try FixturePaths.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // Larger than the 64 KiB the shims gather before each write(2), so that they write many times.
        let photo = try RGBImage(contentsOf: FixturePaths.photo("grace_hopper.jpg"))
        try photo.write(to: directory + "/" + name, quality: 97)
        let written = try [UInt8](Data(contentsOf: URL(fileURLWithPath: directory + "/" + name)))
        let format = try #require(ImageFormat(path: name))
        #expect(written.count > 1 << 16)
        #expect(written == (try ImageCodec.encode(photo, as: format, quality: 97)))
        #expect(try listing(directory) == [name])
    }

    @Test func replacesAnExistingFileWhole() throws {
        let directory = try FixturePaths.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/out.png"
        try RGBImage(width: 50, height: 40, fill: RGB(1, 2, 3)).write(to: path)
        try fPicture().write(to: path)
        #expect(try RGBImage(contentsOf: path) == fPicture())
        #expect(try listing(directory) == ["out.png"])
    }

    @Test func unknownExtensionFailsBeforeWriting() throws {
        let directory = try FixturePaths.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for name in ["out.bmp", "out", "out.png.txt", ".png"] {
            let error = #expect(throws: ImageCodecError.self) { try fPicture().write(to: directory + "/" + name) }
            #expect(error?.path == directory + "/" + name)
            #expect(error?.reason.hasPrefix("unknown output format") == true)
        }
        #expect(try listing(directory).isEmpty)
    }

    @Test func missingOrFileParentDirectoryFailsNamingTheOutput() throws {
        let directory = try FixturePaths.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let missing = directory + "/no/such/dir/out.png"
        let error = #expect(throws: ImageCodecError.self) { try fPicture().write(to: missing) }
        #expect(error?.path == missing)
        #expect(error?.reason == "cannot write: no such file")
        try fPicture().write(to: directory + "/file.png")
        let underFile = directory + "/file.png/out.png"
        let notDirectory = #expect(throws: ImageCodecError.self) { try fPicture().write(to: underFile) }
        #expect(notDirectory?.description.hasPrefix(underFile + ": cannot write") == true)
        #expect(try listing(directory) == ["file.png"])
    }

    @Test func failedRenameRemovesTheTemporaryFile() throws {
        // The destination is a non-empty directory: the temporary file is written, the rename fails,
        // and the temporary file must be gone afterwards.
        let directory = try FixturePaths.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let blocker = directory + "/taken.png"
        try FileManager.default.createDirectory(atPath: blocker + "/inside", withIntermediateDirectories: true)
        let error = #expect(throws: ImageCodecError.self) { try fPicture().write(to: blocker) }
        #expect(error?.path == blocker)
        #expect(error?.reason.hasPrefix("cannot write: ") == true)
        #expect(try listing(directory) == ["taken.png"])
    }

    @Test(.enabled(if: geteuid() != 0, "root can write into read-only directories"))
    func readOnlyDirectoryLeavesNothingBehind() throws {
        let directory = try FixturePaths.makeTemporaryDirectory()
        defer {
            chmod(directory, 0o755)
            try? FileManager.default.removeItem(atPath: directory)
        }
        chmod(directory, 0o555)
        let error = #expect(throws: ImageCodecError.self) { try fPicture().write(to: directory + "/out.png") }
        #expect(error?.reason == "cannot write: permission denied")
        #expect(try listing(directory).isEmpty)
    }

    @Test func readingNeverModifiesTheInput() throws {
        let path = FixturePaths.codec("exif_orientation_6.jpg")
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        _ = try ImageCodec.read(path: path, maxScale: 2)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        let after = try FileManager.default.attributesOfItem(atPath: path)
        #expect(after[.modificationDate] as? Date == attributes[.modificationDate] as? Date)
    }
}
