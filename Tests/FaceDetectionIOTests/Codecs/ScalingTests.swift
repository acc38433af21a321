import FaceDetection
import FaceDetectionIO
import Testing

/// libjpeg's DCT scaling: maxScale picks 1/2, 1/4 or 1/8 size, rounded up, close to Pillow's scaled decode.
struct ScalingTests {
    @Test(arguments: [
        (2, 2, 102, 76), (3, 2, 102, 76), (4, 4, 51, 38), (7, 4, 51, 38), (8, 8, 26, 19), (100, 8, 26, 19),
    ])
    func scaledDecodeHasTheRightSizeAndPixels(maxScale: Int, scale: Int, width: Int, height: Int) throws {
        let decoded = try ImageCodec.read(path: FixturePaths.codec("jpeg_203x151.jpg"), maxScale: maxScale)
        #expect(decoded.scale == scale)
        #expect(decoded.image.width == width && decoded.image.height == height)
        #expect(decoded.fullWidth == 203 && decoded.fullHeight == 151)
        let reference = try ReferencePixels.readPPM(FixturePaths.codec("jpeg_203x151.scale\(scale).ref.ppm"))
        #expect(ReferencePixels.maxDifference(decoded.image, reference) <= 1)
        // And similar to the full decode averaged over scale x scale blocks.
        let full = try ImageCodec.read(path: FixturePaths.codec("jpeg_203x151.jpg")).image
        #expect(ReferencePixels.meanDifference(decoded.image, boxDownscaled(full, by: scale)) < 6)
    }

    @Test(arguments: [0, 1, -3])
    func maxScaleOneOrLessDecodesFullSize(maxScale: Int) throws {
        let decoded = try ImageCodec.read(path: FixturePaths.codec("jpeg_203x151.jpg"), maxScale: maxScale)
        #expect(decoded.scale == 1 && decoded.image.width == 203 && decoded.image.height == 151)
    }

    @Test func pngIgnoresMaxScale() throws {
        let decoded = try ImageCodec.read(path: FixturePaths.photo("camera.png"), maxScale: 8)
        #expect(decoded.scale == 1 && decoded.image.width == 512)
    }

    @Test func rotatedJPEGReportsUprightFullSizeWhenScaled() throws {
        let image = RGBImage(width: 40, height: 24, fill: RGB(200, 10, 10))
        let jpeg = try ImageCodec.encodeJPEG(image, quality: 90, exif: ExifOrientation.payload(for: .right))
        let decoded = try ImageCodec.decode(jpeg, name: "r.jpg", maxScale: 8)
        #expect(decoded.fullWidth == 24 && decoded.fullHeight == 40)
        #expect(decoded.image.width == 3 && decoded.image.height == 5)
    }

    /// Mean of each scale x scale block (partial blocks at the right and bottom edges average what they have).
    private func boxDownscaled(_ image: RGBImage, by scale: Int) -> RGBImage {
        let width = (image.width + scale - 1) / scale
        let height = (image.height + scale - 1) / scale
        var out = RGBImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                var sum = [0, 0, 0]
                var count = 0
                for sy in y * scale..<min((y + 1) * scale, image.height) {
                    for sx in x * scale..<min((x + 1) * scale, image.width) {
                        let c = image[sx, sy]
                        sum[0] += Int(c.r)
                        sum[1] += Int(c.g)
                        sum[2] += Int(c.b)
                        count += 1
                    }
                }
                out[x, y] = RGB(UInt8(sum[0] / count), UInt8(sum[1] / count), UInt8(sum[2] / count))
            }
        }
        return out
    }
}
