import FaceDetection
import Foundation
import Synchronization
import Testing

@testable import FaceDetectionIO

/// HEIF (HEIC) and AVIF through libheif: the fixtures of tools/fixtures/make_heif_webp_fixtures.py, the
/// file's own transforms, alpha, and hostile files.
struct HEIFDecodeTests {
    private func read(_ name: String, limits: DecodeLimits = .init()) throws -> DecodedImage {
        try ImageCodec.read(path: FixturePaths.codec(name), limits: limits)
    }

    /// Fixture `name` decodes to the size of the reference picture `reference` (a PPM) and differs
    /// from it by less than `tolerance` per sample on average.
    private func expect(_ name: String, near reference: String, meanDifferenceBelow tolerance: Double) throws {
        let decoded = try read(name).image
        let expected = try ReferencePixels.readPPM(FixturePaths.codec(reference))
        try #require(decoded.width == expected.width && decoded.height == expected.height)
        #expect(ReferencePixels.meanDifference(decoded, expected) < tolerance)
    }

    private func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: FixturePaths.codec(name))))
    }

    @Test(arguments: [("heif_pattern.heic", ImageFormat.heif), ("avif_pattern.avif", .avif)])
    func decodesCloseToItsSource(name: String, format: ImageFormat) throws {
        let decoded = try read(name)
        let source = try read("heif_pattern.png").image
        #expect(decoded.format == format)
        #expect(decoded.image.width == 41 && decoded.image.height == 29)  // odd sides: cropped by `clap`
        #expect(decoded.fullWidth == 41 && decoded.fullHeight == 29 && decoded.scale == 1)
        #expect(decoded.warnings.isEmpty)
        // Quality 90, 4:2:0 chroma: close to the source on average.
        #expect(ReferencePixels.meanDifference(decoded.image, source) < 6)
    }

    /// Each transform, on the same coded picture, equals the untransformed decode turned by the
    /// EXIF orientation it stands for: irot counts quarter turns anti-clockwise; imir 0 exchanges
    /// top and bottom (EXIF 4), 1 left and right (EXIF 2), as ISO/IEC 23008-12:2022 6.5.12 says;
    /// irot then imir, in their order.
    @Test(arguments: [
        ("heif_irot1.heic", ImageOrientation.left), ("heif_irot2.heic", .down), ("heif_irot3.heic", .right),
        ("heif_imir0.heic", .downMirrored), ("heif_imir1.heic", .upMirrored), ("heif_irot1_imir0.heic", .leftMirrored),
        ("avif_irot3.avif", .right),
    ])
    func theFilesOwnTransformsAreApplied(name: String, orientation: ImageOrientation) throws {
        let plain = try read(name.hasSuffix(".avif") ? "avif_pattern.avif" : "heif_pattern.heic").image
        let decoded = try read(name)
        let matching = ImageOrientation.allCases.filter { plain.applying($0) == decoded.image }
        #expect(matching == [orientation])
        #expect(decoded.fullWidth == decoded.image.width && decoded.fullHeight == decoded.image.height)
    }

    /// heif_exif6.heic carries a JPEG's Exif block with orientation 6 and no `irot`: HEIF leaves
    /// orientation to irot/imir, so it stays as stored (as libheif's heif-convert shows it). With
    /// irot 3 as well, as a phone writes both, it is turned once.
    @Test func exifOrientationInsideHEIFIsNotAppliedOnTopOfIrot() throws {
        let stored = try read("heif_exif6.heic").image
        let jpeg = try ImageCodec.read(path: FixturePaths.codec("exif_orientation_6.jpg")).image
        #expect(stored.width == jpeg.height && stored.height == jpeg.width)
        let turned = try read("heif_exif6_irot3.heic").image
        #expect(ImageOrientation.allCases.filter { stored.applying($0) == turned } == [.right])
        // Both lossy (HEVC at quality 90 of the JPEG at 95, 16 x 24 pixels): close, where any other turn is far.
        #expect(ReferencePixels.meanDifference(turned, jpeg) < 12)
    }

    @Test func tenBitSamplesAreReducedToEight() throws {
        // A 13 x 11 picture of busy gradients through lossy HEVC: within 16 on average, where samples
        // reduced the wrong way (their low 8 bits, or unscaled) would be off by far more.
        try expect("heif_10bit.heic", near: "png_rgb_16bit.ref.ppm", meanDifferenceBelow: 16)
    }

    /// Of a collection (two images here: the pattern, then its negative), the primary one is read.
    @Test func theCollectionsPrimaryImageIsRead() throws {
        let decoded = try read("heif_collection.heic").image
        let source = try read("heif_pattern.png").image
        #expect(ReferencePixels.meanDifference(decoded, source) < 6)
    }

    /// Threads decoding at once (a batch's workers) each get the same pixels.
    @Test func concurrentDecodesAgree() throws {
        let path = FixturePaths.codec("astronaut.heic")
        let reference = try ImageCodec.read(path: path).image
        let results = Mutex<[RGBImage?]>(Array(repeating: nil, count: 6))
        DispatchQueue.concurrentPerform(iterations: 6) { index in
            let image = try? ImageCodec.read(
                path: FixturePaths.codec(index.isMultiple(of: 2) ? "astronaut.heic" : "astronaut.avif")
            ).image
            results.withLock { $0[index] = image }
        }
        let images = results.withLock { $0 }
        #expect(images.allSatisfy { $0 != nil })
        for index in stride(from: 0, to: 6, by: 2) { #expect(images[index] == reference) }
    }

    @Test func alphaIsCompositedOverWhite() throws {
        try expect("heif_alpha.heic", near: "png_rgba_8bit.ref.ppm", meanDifferenceBelow: 8)
    }

    @Test func theDeclaredSizeIsCheckedBeforeDecoding() throws {
        var asked: (Int, Int)?
        #expect(
            throws: ImageCodecError.exceedsLimits(
                path: FixturePaths.codec("heif_irot1.heic"),
                reason: "image too large: 29x41 exceeds the limit of 1000 pixels")
        ) {
            _ = try ImageCodec.read(path: FixturePaths.codec("heif_irot1.heic"), limits: .init(maxPixels: 1000)) {
                asked = ($0, $1)
                return 1
            }
        }
        #expect(asked == nil)
        let error = try #require(throws: ImageCodecError.self) {
            try read("heif_pattern.heic", limits: .init(maxDimension: 40))
        }
        guard case .exceedsLimits = error else { throw error }
    }

    /// `ispe` (the image's declared size) edited to claim more than the limits: refused from the
    /// boxes, before the HEVC decoder runs.
    @Test(arguments: [(100_000, 100_000), (30_000, 30_000)])
    func aLyingSizeIsRefused(width: Int, height: Int) throws {
        var data = try bytes("heif_pattern.heic")
        let ispe = Array("ispe".utf8)
        var patched = 0
        for at in 0..<(data.count - 16) where Array(data[at..<at + 4]) == ispe {
            for (offset, value) in [(8, width), (12, height)] {
                for k in 0..<4 { data[at + offset + k] = UInt8(value >> (24 - 8 * k) & 0xFF) }
            }
            patched += 1
        }
        #expect(patched >= 1)
        let error = try #require(throws: ImageCodecError.self) { try ImageCodec.decode(data, name: "lying.heic") }
        guard case .exceedsLimits(let path, let reason) = error else { throw error }
        #expect(path == "lying.heic" && reason.hasPrefix("image too large"))
    }

    /// The HEVC parameter set declares 16384 x 16384 where `ispe` says 41 x 29: refused from the
    /// boxes, before the decoder fills a picture of the parameter set's size.
    @Test func anHEVCPictureLargerThanTheImageIsRefusedBeforeDecoding() throws {
        for name in ["heif_pattern.heic", "heif_irot1.heic", "astronaut.heic", "heif_collection.heic"] {
            let sizes = HEVCCodedSize.sizes(inHEIF: try bytes(name))
            #expect(!sizes.isEmpty, "\(name)")
            #expect(
                sizes.allSatisfy { $0.width >= 29 && $0.width <= 512 + 64 && $0.height <= 512 + 64 },
                "\(name): \(sizes)")
        }
        #expect(
            HEVCCodedSize.sizes(inHEIF: try bytes("heif_sps_16384.heic")).map { [$0.width, $0.height] } == [
                [16384, 16384]
            ])
        let error = try #require(throws: ImageCodecError.self) { try read("heif_sps_16384.heic") }
        #expect(error.reason == "corrupt HEIF: its HEVC picture is 16384x16384, larger than the 41x29 image")
    }

    /// Every cut of the file fails with an error (most as truncated), never a crash.
    @Test(arguments: ["heif_pattern.heic", "avif_pattern.avif"])
    func everyTruncationFailsCleanly(name: String) throws {
        let data = try bytes(name)
        var truncated = 0
        for cut in stride(from: 1, to: data.count, by: 7) {
            do {
                _ = try ImageCodec.decode(Array(data.prefix(cut)), name: "cut")
                Issue.record("\(name) cut at \(cut) of \(data.count) decoded")
            } catch {
                if case .truncated = error { truncated += 1 }
                #expect(!error.description.contains("\n"))
            }
        }
        #expect(truncated > 0)
        let error = try #require(throws: ImageCodecError.self) {
            try ImageCodec.decode(Array(data.prefix(data.count - 20)), name: "cut.heic")
        }
        guard case .truncated(_, let format, let detail?) = error else { throw error }
        #expect(format == (name.hasSuffix(".avif") ? .avif : .heif))
        #expect(detail.contains("end of file") || detail.contains("End of data"), "\(detail)")
    }

    @Test func aFileCutInsideItsBoxesIsTruncatedNotCorrupt() throws {
        let data = try bytes("heif_pattern.heic")
        let error = try #require(throws: ImageCodecError.self) {
            try ImageCodec.decode(Array(data.prefix(200)), name: "cut.heic")
        }
        guard case .truncated(_, .heif, _) = error else { throw error }
    }

    @Test func imagesAreReadNotWritten() throws {
        let picture = RGBImage(width: 2, height: 2, pixels: [UInt8](repeating: 9, count: 12))
        for format in [ImageFormat.heif, .avif, .webp] {
            #expect(!format.isWritable && format.outputFormat == .png)
            #expect(throws: ImageCodecError.self) { try ImageCodec.encode(picture, as: format) }
        }
        let directory = try FixturePaths.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let error = try #require(throws: ImageCodecError.self) { try picture.write(to: directory + "/x.heic") }
        #expect(error.reason == "cannot write HEIF: it is read, not written (use a .png, .jpg or .jpeg file name)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty)
    }
}
