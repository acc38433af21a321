import FaceDetection
import FaceDetectionIO
import Foundation
import Testing

/// EXIF orientation: the parser and upright decodes of all eight fixtures (the pixel transform
/// itself is tested in FaceDetectionTests/ImageOrientationTests).
struct OrientationTests {
    @Test(arguments: ImageOrientation.allCases)
    func fixtureDecodesUpright(orientation: ImageOrientation) throws {
        let decoded = try ImageCodec.read(path: FixturePaths.codec("exif_orientation_\(orientation.rawValue).jpg"))
        let upright = try ReferencePixels.readPPM(FixturePaths.codec("exif_upright.ref.ppm"))
        #expect(decoded.image.width == 24 && decoded.image.height == 16)
        #expect(decoded.fullWidth == 24 && decoded.fullHeight == 16)
        // Stored at quality 95 with 4:4:4 chroma: close to the original picture, whatever the rotation.
        #expect(ReferencePixels.meanDifference(decoded.image, upright) < 4)
    }

    @Test(arguments: ImageOrientation.allCases)
    func exifPayloadRoundTripsThroughAJPEG(orientation: ImageOrientation) throws {
        let upright = fPicture()
        // Store the picture the way a camera with this orientation would, then read it back upright.
        let stored = upright.applying(inverse(of: orientation))
        for bigEndian in [false, true] {
            let exif = ExifOrientation.payload(for: orientation, bigEndian: bigEndian)
            #expect(ExifOrientation.value(inExif: exif) == orientation.rawValue)
            let jpeg = try ImageCodec.encodeJPEG(stored, quality: 100, exif: exif)
            let decoded = try ImageCodec.decode(jpeg, name: "f.jpg")
            #expect(decoded.image.width == upright.width && decoded.image.height == upright.height)
            #expect(ReferencePixels.maxDifference(decoded.image, upright) <= 40)
            #expect(dominantColors(decoded.image) == dominantColors(upright))
        }
    }

    @Test func malformedExifIsIgnoredSafely() {
        let good = ExifOrientation.payload(for: .right)
        #expect(ExifOrientation.value(inExif: good) == 6)
        // Every prefix and every single-byte corruption must give nil or some value, never a crash.
        for cut in 0..<good.count { _ = ExifOrientation.value(inExif: Array(good.prefix(cut))) }
        for index in good.indices {
            for value: UInt8 in [0x00, 0xFF, 0x7F] {
                var bad = good
                bad[index] = value
                _ = ExifOrientation.value(inExif: bad)
            }
        }
        #expect(ExifOrientation.value(inExif: Array(good.prefix(good.count - 8))) == nil)  // entry cut off
        var farOffset = good
        farOffset[10...13] = [0xFF, 0xFF, 0xFF, 0x7F]  // IFD0 offset far past the end
        #expect(ExifOrientation.value(inExif: farOffset) == nil)
        #expect(ExifOrientation.value(inExif: Array("Exif\0\0XX*\0".utf8)) == nil)
        #expect(ExifOrientation.value(inExif: []) == nil)
    }

    @Test func invalidOrientationValueIsIgnoredWithAWarning() throws {
        var exif = ExifOrientation.payload(for: .up)
        exif[6 + 8 + 2 + 8] = 9  // the Orientation value (little-endian low byte)
        #expect(ExifOrientation.value(inExif: exif) == 9)
        let image = fPicture()
        let decoded = try ImageCodec.decode(try ImageCodec.encodeJPEG(image, quality: 95, exif: exif), name: "nine.jpg")
        #expect(decoded.image.width == image.width && decoded.image.height == image.height)
        #expect(decoded.warnings == ["ignored invalid EXIF orientation 9"])
    }

    // MARK: - Plain references

    /// The orientation that undoes `orientation`'s transform (6 and 8 swap; the others undo themselves).
    private func inverse(of orientation: ImageOrientation) -> ImageOrientation {
        switch orientation {
        case .right: return .left
        case .left: return .right
        default: return orientation
        }
    }

    /// Colour names (r, b or other) of the four corners, for checks that survive JPEG noise.
    private func dominantColors(_ image: RGBImage) -> [Character] {
        [(0, 0), (image.width - 1, 0), (0, image.height - 1), (image.width - 1, image.height - 1)].map { x, y in
            let c = image[x, y]
            return c.r > 128 && c.b < 128 ? "r" : c.b > 128 && c.r < 128 ? "b" : "?"
        }
    }
}

/// A 6×5 (width × height) red "F" on blue, after stb's image_write_test: no symmetry, so any flip,
/// turn or swapped channel changes it.
func fPicture() -> RGBImage {
    let rows = ["RRRRRB", "RBBBBB", "RRRRBB", "RBBBBB", "RBBBBB"]
    var image = RGBImage(width: 6, height: 5, fill: RGB(0, 0, 255))
    for (y, row) in rows.enumerated() {
        for (x, c) in row.enumerated() where c == "R" { image[x, y] = RGB(255, 0, 0) }
    }
    return image
}

/// PNG's eXIf chunk carries an orientation too.
struct PNGExifOrientationTests {
    @Test func pngExifOrientationIsApplied() throws {
        let decoded = try ImageCodec.read(path: FixturePaths.codec("png_exif_orientation_6.png"))
        // Stored 11 wide x 13 high, upright 13 x 11 (the 13x11 RGB fixture).
        #expect(decoded.image.width == 13 && decoded.image.height == 11)
        #expect(decoded.fullWidth == 13 && decoded.fullHeight == 11)
        #expect(decoded.image == (try ImageCodec.read(path: FixturePaths.codec("png_rgb_8bit.png")).image))
    }

    @Test func chunkWithImpossibleLengthIsIgnored() throws {
        var bytes = [UInt8](try ImageCodec.encode(fPicture(), as: .png))
        // Make the IHDR chunk's length absurd: the walk must stop, libpng then rejects the file.
        bytes[8...11] = [0x7F, 0xFF, 0xFF, 0xFF]
        #expect(throws: ImageCodecError.self) { try ImageCodec.decode(bytes, name: "bad-length.png") }
    }
}
