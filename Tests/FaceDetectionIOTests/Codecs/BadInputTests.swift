import FaceDetection
import FaceDetectionIO
import Foundation
import Testing

/// Every kind of bad input fails with a clear one-line reason that names the file (or, for a
/// truncated JPEG, decodes with a warning).
struct BadInputTests {
    /// The reason `ImageCodec.read` gives for the fixture `bad/name`, or nil when it succeeds.
    private func failure(_ name: String, limits: DecodeLimits = .init()) -> ImageCodecError? {
        do {
            _ = try ImageCodec.read(path: FixturePaths.codec("bad/" + name), limits: limits)
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: [
        ("empty.jpg", "empty file"),
        ("truncated.png", "truncated PNG"),
        ("not_an_image.jpg", "not a JPEG, PNG, HEIF, AVIF or WebP image (looks like text)"),
        ("image.gif", "not a JPEG, PNG, HEIF, AVIF or WebP image (looks like GIF)"),
        ("image.bmp", "not a JPEG, PNG, HEIF, AVIF or WebP image (looks like BMP)"),
        ("image.tiff", "not a JPEG, PNG, HEIF, AVIF or WebP image (looks like TIFF)"),
    ])
    func failsWithExactReason(name: String, reason: String) throws {
        let error = try #require(failure(name))
        #expect(error.reason == reason)
        #expect(error.path.hasSuffix("bad/" + name))
        #expect(error.description == "\(error.path): \(reason)")
    }

    @Test(arguments: [("corrupt.jpg", "corrupt JPEG: "), ("corrupt.png", "corrupt PNG: ")])
    func corruptBytesFailWithTheLibraryMessage(name: String, prefix: String) throws {
        let error = try #require(failure(name))
        #expect(error.reason.hasPrefix(prefix))
        #expect(error.reason.count > prefix.count)
        #expect(!error.description.contains("\n"))
    }

    @Test func eachKindOfFailureIsACaseACallerCanSwitchOn() throws {
        let path = { (name: String) in FixturePaths.codec("bad/" + name) }
        #expect(failure("empty.jpg") == .empty(path: path("empty.jpg")))
        #expect(failure("truncated.png") == .truncated(path: path("truncated.png"), format: .png, detail: nil))
        #expect(
            failure("image.gif")
                == .unsupportedFormat(
                    path: path("image.gif"), reason: "not a JPEG, PNG, HEIF, AVIF or WebP image (looks like GIF)"))
        guard case .corrupt(_, .jpeg, _) = failure("corrupt.jpg") else {
            Issue.record("corrupt.jpg: \(String(describing: failure("corrupt.jpg")))")
            return
        }
        guard case .exceedsLimits = failure("huge_sof.jpg") else {
            Issue.record("huge_sof.jpg: \(String(describing: failure("huge_sof.jpg")))")
            return
        }
        let missing = FixturePaths.codec("no-such-file.png")
        #expect(throws: ImageCodecError.cannotRead(path: missing, errno: ENOENT)) { try ImageCodec.read(path: missing) }
        #expect(throws: ImageCodecError.unknownOutputFormat(path: "out.gif")) {
            try ImageCodec.write(RGBImage(width: 2, height: 2), to: "out.gif")
        }
        #expect(throws: ImageCodecError.cannotWrite(path: "/no-such-dir/out.png", errno: ENOENT)) {
            try ImageCodec.write(RGBImage(width: 2, height: 2), to: "/no-such-dir/out.png")
        }
    }

    @Test func hugePNGHeaderFailsBeforeAllocating() throws {
        // 100000 x 100000 x 3 bytes would be 30 GB; the guard must refuse it from the header alone.
        let error = try #require(failure("huge_ihdr.png"))
        #expect(error.reason == "image too large: 100000x100000 exceeds the limit of 32768 pixels per side")
        let budget = try #require(
            failure("huge_ihdr.png", limits: DecodeLimits(maxDimension: 200_000, maxPixels: 50_000_000)))
        #expect(budget.reason == "image too large: 100000x100000 exceeds the limit of 50000000 pixels")
    }

    @Test func hugeJPEGHeaderFailsBeforeAllocating() throws {
        let error = try #require(failure("huge_sof.jpg"))
        #expect(error.reason == "image too large: 65000x65000 exceeds the limit of 32768 pixels per side")
    }

    @Test func limitsRefuseAnOrdinaryImageWhenSetLow() throws {
        #expect(throws: ImageCodecError.self) {
            try ImageCodec.read(
                path: FixturePaths.photo("grace_hopper.jpg"), limits: DecodeLimits(maxPixels: 512 * 600 - 1))
        }
        let image = try ImageCodec.read(
            path: FixturePaths.photo("grace_hopper.jpg"), limits: DecodeLimits(maxDimension: 600, maxPixels: 512 * 600))
        #expect(image.image.width == 512)
    }

    @Test func truncatedJPEGDecodesWithWarningAndGreyRemainder() throws {
        let decoded = try ImageCodec.read(path: FixturePaths.codec("bad/truncated.jpg"))
        let full = try ReferencePixels.readPPM(FixturePaths.codec("bad/truncated.full.ref.ppm"))
        #expect(decoded.warnings.first == "Premature end of JPEG file")
        #expect(decoded.image.width == full.width && decoded.image.height == full.height)
        // The first MCU rows decode as in the complete file; the last row is the grey that fills missing data.
        let rows = 24  // the first MCU rows (16 pixels each), away from the cut
        let topRows = RGBImage(
            width: full.width, height: rows, pixels: Array(decoded.image.pixels.prefix(full.width * rows * 3)))
        let fullTop = RGBImage(
            width: full.width, height: rows, pixels: Array(full.pixels.prefix(full.width * rows * 3)))
        #expect(ReferencePixels.maxDifference(topRows, fullTop) <= 1)
        let lastRow = decoded.image.pixels.suffix(full.width * 3)
        #expect(lastRow.allSatisfy { abs(Int($0) - 128) <= 1 })
    }

    @Test func truncatedJPEGHeaderFails() throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: FixturePaths.codec("jpeg_baseline.jpg"))))
        for cut in [3, 20, 100] {
            #expect(throws: ImageCodecError.self) { try ImageCodec.decode(Array(bytes.prefix(cut)), name: "cut.jpg") }
        }
        let error = #expect(throws: ImageCodecError.self) {
            try ImageCodec.decode(Array(bytes.prefix(2)), name: "two.jpg")
        }
        #expect(error?.reason == "truncated JPEG")
    }

    @Test func contentDecidesTheFormatNotTheExtension() throws {
        let png = try ImageCodec.read(path: FixturePaths.codec("bad/png_named.jpg"))
        #expect(png.format == .png && png.image.width == 9 && png.image.height == 7)
        let jpeg = try ImageCodec.read(path: FixturePaths.codec("bad/jpeg_named.png"))
        #expect(jpeg.format == .jpeg && jpeg.image.width == 9 && jpeg.image.height == 7)
    }

    @Test func missingFileAndDirectoryGiveClearReasons() throws {
        let missing = #expect(throws: ImageCodecError.self) {
            try ImageCodec.read(path: FixturePaths.codec("no-such-file.png"))
        }
        #expect(missing?.reason == "no such file")
        #expect(missing?.path == FixturePaths.codec("no-such-file.png"))
        let directory = #expect(throws: ImageCodecError.self) { try ImageCodec.read(path: FixturePaths.codec("bad")) }
        #expect(directory?.reason == "is a directory")
        let throughFile = #expect(throws: ImageCodecError.self) {
            try RGBImage(contentsOf: FixturePaths.codec("manifest.txt/x.png"))
        }
        #expect(throughFile?.reason == "a path component is not a directory")
    }

    @Test(.enabled(if: geteuid() != 0, "root can read any file"))
    func unreadableFileSaysPermissionDenied() throws {
        let directory = try FixturePaths.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/locked.png"
        try ImageCodec.write(RGBImage(width: 2, height: 2), to: path)
        chmod(path, 0)
        let error = #expect(throws: ImageCodecError.self) { try ImageCodec.read(path: path) }
        #expect(error?.reason == "permission denied")
    }

    @Test func everyPrefixOfAValidFileFailsOrWarnsWithoutCrashing() throws {
        // Cutting a file anywhere must give an ImageCodecError or a decoded image, never a crash.
        // A cut PNG decodes only when all its image data is there (just the 12-byte IEND chunk is cut).
        for name in [
            "png_rgba_adam7.png", "png_palette_trns.png", "png_exif_orientation_6.png", "jpeg_progressive.jpg",
            "exif_orientation_6.jpg",
        ] {
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: FixturePaths.codec(name))))
            let complete = try ImageCodec.decode(bytes, name: name).image
            for cut in stride(from: 0, to: bytes.count, by: 7) {
                do {
                    let decoded = try ImageCodec.decode(Array(bytes.prefix(cut)), name: name)
                    if decoded.format == .png {
                        #expect(cut >= bytes.count - 12 && decoded.image == complete, "\(name) cut at \(cut)")
                    } else {
                        #expect(decoded.warnings.first == "Premature end of JPEG file", "\(name) cut at \(cut)")
                    }
                } catch {
                }
            }
        }
    }
}

/// A progressive JPEG with thousands of scans is refused (a CPU-time guard), one with fewer decodes.
struct ScanLimitTests {
    /// `jpeg_progressive.jpg` with its last scan repeated `copies` more times before EOI.
    private func repeatingLastScan(_ copies: Int) throws -> [UInt8] {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: FixturePaths.codec("jpeg_progressive.jpg"))))
        let eoi = bytes.count - 2
        #expect(bytes[eoi] == 0xFF && bytes[eoi + 1] == 0xD9)
        let lastScan = try #require((0..<eoi - 1).last { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xDA })
        let scan = bytes[lastScan..<eoi]
        var out = Array(bytes[..<eoi])
        for _ in 0..<copies { out += scan }
        return out + [0xFF, 0xD9]
    }

    @Test func tooManyScansFail() throws {
        let error = #expect(throws: ImageCodecError.self) {
            try ImageCodec.decode(try repeatingLastScan(1_100), name: "scans.jpg")
        }
        #expect(error?.reason == "corrupt JPEG: more than 1000 progressive scans")
    }

    @Test func manyScansBelowTheLimitDecode() throws {
        let decoded = try ImageCodec.decode(try repeatingLastScan(900), name: "scans.jpg")
        #expect(decoded.image.width == 40 && decoded.image.height == 30)
    }
}

/// A large file that is not an image is refused from its first bytes.
struct LargeNonImageTests {
    @Test func largeTextFileIsRefusedByItsStart() throws {
        let directory = try FixturePaths.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/big.jpg"
        let line = Array("not a picture, just a long log file\n".utf8)
        var text: [UInt8] = []
        while text.count < 300_000 { text += line }
        try Data(text).write(to: URL(fileURLWithPath: path))
        let error = #expect(throws: ImageCodecError.self) { try ImageCodec.read(path: path) }
        #expect(error?.reason == "not a JPEG, PNG, HEIF, AVIF or WebP image (looks like text)")
    }
}

/// `DecodeLimits.maxFileBytes` bounds what is read: a large file is refused by its size, an
/// endless device after at most the limit.
struct FileSizeLimitTests {
    @Test func aRegularFileAboveTheLimitIsRefusedBeforeReading() throws {
        let path = FixturePaths.codec("jpeg_203x151.jpg")
        let size = try #require(FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        #expect(throws: ImageCodecError.fileTooLarge(path: path, limit: size - 1)) {
            try ImageCodec.read(path: path, limits: DecodeLimits(maxFileBytes: size - 1))
        }
        #expect(try ImageCodec.read(path: path, limits: DecodeLimits(maxFileBytes: size)).image.width == 203)
    }

    @Test func anEndlessDeviceIsRefusedNotReadForever() throws {
        // /dev/zero never ends: its first bytes are no image, and the cap stops the read anyway.
        let error = try #require(throws: ImageCodecError.self) {
            try ImageCodec.read(path: "/dev/zero", limits: DecodeLimits(maxFileBytes: 1 << 20))
        }
        #expect(error.reason.hasPrefix("not a JPEG, PNG, HEIF, AVIF or WebP image"))
    }

    @Test func anEndlessImageLikeStreamStopsAtTheLimit() throws {
        // A FIFO fed a JPEG's start and then endless bytes: refused once the limit is reached.
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fifo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = directory.appendingPathComponent("stream").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let jpegStart = Array(
            try Data(contentsOf: URL(fileURLWithPath: FixturePaths.codec("jpeg_203x151.jpg"))).prefix(1024))
        let writer = Thread {
            guard let handle = FileHandle(forWritingAtPath: fifo) else { return }
            var chunk = jpegStart
            chunk += [UInt8](repeating: 0, count: 1 << 16)
            // Ends when the reader closes the FIFO (the write then fails with EPIPE, SIGPIPE ignored).
            while (try? handle.write(contentsOf: chunk)) != nil {}
            try? handle.close()
        }
        signal(SIGPIPE, SIG_IGN)
        writer.start()
        let error = try #require(throws: ImageCodecError.self) {
            try ImageCodec.read(path: fifo, limits: DecodeLimits(maxFileBytes: 4 << 20))
        }
        #expect(error.reason == "file too large: more than \(4 << 20) bytes (the limit)")
    }
}
