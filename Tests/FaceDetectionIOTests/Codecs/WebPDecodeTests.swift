import FaceDetection
import FaceDetectionIO
import Foundation
import Testing

/// WebP through libwebp: the fixtures of tools/fixtures/make_heif_webp_fixtures.py (lossy, lossless, alpha,
/// EXIF orientation, an animation) and hostile files.
struct WebPDecodeTests {
    private func read(_ name: String, limits: DecodeLimits = .init()) throws -> DecodedImage {
        try ImageCodec.read(path: FixturePaths.codec(name), limits: limits)
    }

    private func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: FixturePaths.codec(name))))
    }

    @Test func lossyDecodesCloseToItsSourceAndLosslessExactly() throws {
        let source = try read("heif_pattern.png").image
        let lossy = try read("webp_pattern.webp")
        #expect(lossy.format == .webp && lossy.warnings.isEmpty)
        #expect(lossy.image.width == 41 && lossy.image.height == 29)
        #expect(ReferencePixels.meanDifference(lossy.image, source) < 6)
        #expect(try read("webp_lossless.webp").image == source)
        // Pillow's WebP, once an example of an unread format: an 8 x 6 picture.
        let pillow = try ImageCodec.read(path: FixturePaths.codec("bad/image.webp"))
        #expect(pillow.format == .webp && pillow.image.width == 8 && pillow.image.height == 6)
    }

    @Test func alphaIsCompositedOverWhiteAsForPNG() throws {
        let webp = try read("webp_alpha.webp").image
        let png = try ImageCodec.read(path: FixturePaths.codec("png_rgba_8bit.png")).image
        #expect(webp == png)
    }

    @Test(arguments: [
        ("webp_exif6.webp", ImageOrientation.right), ("webp_exif3.webp", .down),
        ("webp_exif6_prefixed.webp", .right),
    ])
    func exifOrientationIsApplied(name: String, orientation: ImageOrientation) throws {
        let stored = try read("webp_lossless.webp").image
        let decoded = try read(name)
        #expect(decoded.image == stored.applying(orientation))
        #expect(decoded.fullWidth == decoded.image.width && decoded.fullHeight == decoded.image.height)
        var asked: (Int, Int)?
        _ = try ImageCodec.read(path: FixturePaths.codec(name)) {
            asked = ($0, $1)
            return 1
        }
        #expect(asked.map { [$0.0, $0.1] } == [decoded.image.width, decoded.image.height])
    }

    @Test func anAnimationGivesItsFirstFrameAndSaysSo() throws {
        let decoded = try read("webp_animated.webp")
        #expect(decoded.image == (try read("heif_pattern.png").image))
        #expect(decoded.warnings == ["animated WebP: only the first of 2 frames was read"])
    }

    @Test func theDeclaredSizeIsCheckedBeforeDecoding() throws {
        for name in ["webp_pattern.webp", "webp_animated.webp"] {
            let error = try #require(throws: ImageCodecError.self) { try read(name, limits: .init(maxPixels: 1000)) }
            #expect(
                error
                    == .exceedsLimits(
                        path: FixturePaths.codec(name),
                        reason: "image too large: 41x29 exceeds the limit of 1000 pixels"))
        }
    }

    /// A VP8X header edited to declare a 16384 x 16384 canvas (the frame inside stays 41 x 29):
    /// refused by the limits before any pixel memory, and with larger limits libwebp's own check
    /// fails it instead of decoding into the wrong size.
    @Test func aLyingCanvasIsRefused() throws {
        var data = try bytes("webp_animated.webp")
        #expect(Array(data[12..<16]) == Array("VP8X".utf8))
        for (offset, value) in [(24, 16383), (27, 16383)] {  // canvas width − 1, height − 1: 24 bits each
            for k in 0..<3 { data[offset + k] = UInt8(value >> (8 * k) & 0xFF) }
        }
        let error = try #require(throws: ImageCodecError.self) {
            try ImageCodec.decode(data, name: "lying.webp", limits: .init(maxPixels: 1 << 20))
        }
        #expect(
            error
                == .exceedsLimits(
                    path: "lying.webp", reason: "image too large: 16384x16384 exceeds the limit of 1048576 pixels"))
    }

    /// Every cut of the file fails with an error (most as truncated), never a crash.
    @Test(arguments: ["webp_pattern.webp", "webp_alpha.webp", "webp_animated.webp", "astronaut.webp"])
    func everyTruncationFailsCleanly(name: String) throws {
        let data = try bytes(name)
        var truncated = 0
        for cut in stride(from: 1, to: data.count, by: max(1, data.count / 150)) {
            do {
                _ = try ImageCodec.decode(Array(data.prefix(cut)), name: "cut")
                Issue.record("\(name) cut at \(cut) of \(data.count) decoded")
            } catch {
                if case .truncated(_, .webp, _) = error { truncated += 1 }
                #expect(!error.description.contains("\n"))
            }
        }
        #expect(truncated > 0)
    }
}
