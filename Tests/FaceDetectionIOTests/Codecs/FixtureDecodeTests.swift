import FaceDetection
import FaceDetectionIO
import Testing

/// libjpeg/libpng decodes match the reference decoder's pixels (Pillow, with our alpha and 16-bit rules).
struct FixtureDecodeTests {
    /// The decode fixtures (a missing or unreadable list fails the tests that take it).
    static func manifest() throws -> [[String]] { try ReferencePixels.lines(FixturePaths.codec("manifest.txt")) }

    @Test func manifestListsEveryKindOfFixture() throws {
        // PNG: grey 1/2/4/8/16, RGB 8/16, palette 1/2/4/8 + tRNS, tRNS keys, grey+alpha, RGBA, Adam7; JPEG; EXIF 1…8.
        let manifest = try Self.manifest()
        #expect(manifest.count >= 35)
        #expect(manifest.filter { $0[0].hasSuffix(".png") }.count >= 21)
        #expect(manifest.filter { $0[0].hasPrefix("exif_orientation_") }.count == 8)
        // The photo checksums list (the arguments of photoPNGMatchesReferenceChecksum) is not empty either.
        #expect(try !ReferencePixels.lines(FixturePaths.codec("photo_crc32.txt")).isEmpty)
    }

    @Test(arguments: try manifest())
    func decodeMatchesReference(entry: [String]) throws {
        let (file, reference, tolerance) = (entry[0], entry[1], Int(entry[2]) ?? -1)
        let decoded = try ImageCodec.read(path: FixturePaths.codec(file))
        let expected = try ReferencePixels.readPPM(FixturePaths.codec(reference))
        try #require(decoded.image.width == expected.width && decoded.image.height == expected.height)
        let difference = ReferencePixels.maxDifference(decoded.image, expected)
        #expect(difference <= tolerance, "\(file): max difference \(difference) > \(tolerance)")
        #expect(decoded.warnings.isEmpty)
        #expect(decoded.scale == 1)
        #expect(decoded.format == (file.hasSuffix(".png") ? .png : .jpeg))
    }

    @Test(arguments: try ReferencePixels.lines(FixturePaths.codec("photo_crc32.txt")))
    func photoPNGMatchesReferenceChecksum(entry: [String]) throws {
        let image = try RGBImage(contentsOf: FixturePaths.photo(entry[0]))
        #expect(image.width == Int(entry[1]) && image.height == Int(entry[2]))
        #expect(String(ReferencePixels.crc32(image.pixels), radix: 16) == entry[3].drop { $0 == "0" }.lowercased())
    }

    @Test func graceHopperAtOneEighthMatchesReference() throws {
        let decoded = try ImageCodec.read(path: FixturePaths.photo("grace_hopper.jpg"), maxScale: 8)
        let expected = try ReferencePixels.readPPM(FixturePaths.codec("grace_hopper.scale8.ref.ppm"))
        #expect(decoded.scale == 8 && decoded.fullWidth == 512 && decoded.fullHeight == 600)
        #expect(decoded.image.width == 64 && decoded.image.height == 75)
        #expect(ReferencePixels.maxDifference(decoded.image, expected) <= 2)
    }
}
