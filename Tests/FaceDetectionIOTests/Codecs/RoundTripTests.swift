import FaceDetection
import FaceDetectionIO
import Foundation
import Testing

/// Encoding and decoding give back the picture: exactly through PNG, closely through JPEG.
struct RoundTripTests {
    @Test func fThroughPNGIsExact() throws {
        let f = fPicture()
        let png = try ImageCodec.encode(f, as: .png)
        #expect(ImageFormat.sniff(png) == .png)
        let decoded = try ImageCodec.decode(png, name: "f.png")
        #expect(decoded.image == f)
        #expect(decoded.image[0, 0] == RGB(255, 0, 0) && decoded.image[5, 0] == RGB(0, 0, 255))
        #expect(decoded.image[0, 4] == RGB(255, 0, 0) && decoded.image[5, 4] == RGB(0, 0, 255))
    }

    @Test(arguments: [100, 95, 90])
    func fThroughJPEGIsClose(quality: Int) throws {
        let f = fPicture()
        let jpeg = try ImageCodec.encode(f, as: .jpeg, quality: quality)
        #expect(ImageFormat.sniff(jpeg) == .jpeg)
        let decoded = try ImageCodec.decode(jpeg, name: "f.jpg")
        #expect(decoded.image.width == 6 && decoded.image.height == 5)
        // Every pixel keeps its colour class: red stays red, blue stays blue (no flips, no swapped channels).
        for y in 0..<5 {
            for x in 0..<6 {
                let want = f[x, y]
                let got = decoded.image[x, y]
                #expect(
                    abs(Int(want.r) - Int(got.r)) < 64 && abs(Int(want.b) - Int(got.b)) < 64 && got.g < 64,
                    "pixel (\(x), \(y)): \(got) for \(want)")
            }
        }
        #expect(ReferencePixels.meanDifference(decoded.image, f) < 12)
    }

    @Test func photoThroughPNGIsExactAndThroughJPEGClose() throws {
        let photo = try RGBImage(contentsOf: FixturePaths.photo("astronaut.png"))
        #expect(try ImageCodec.decode(ImageCodec.encode(photo, as: .png), name: "a.png").image == photo)
        let jpeg = try ImageCodec.decode(ImageCodec.encode(photo, as: .jpeg, quality: 92), name: "a.jpg").image
        #expect(ReferencePixels.meanDifference(jpeg, photo) < 3)
        let low = try ImageCodec.encode(photo, as: .jpeg, quality: 20)
        #expect(low.count < (try ImageCodec.encode(photo, as: .jpeg, quality: 92)).count)
    }

    @Test func encodeRefusesBadArguments() {
        #expect(throws: ImageCodecError.self) { try ImageCodec.encode(fPicture(), as: .jpeg, quality: 0) }
        #expect(throws: ImageCodecError.self) { try ImageCodec.encode(fPicture(), as: .jpeg, quality: 101) }
        #expect(throws: ImageCodecError.self) { try ImageCodec.encode(RGBImage(width: 0, height: 0), as: .png) }
        #expect(throws: ImageCodecError.self) { try ImageCodec.encode(RGBImage(width: 3, height: 0), as: .jpeg) }
    }

    @Test func oddSizesRoundTripThroughPNG() throws {
        for (width, height) in [(1, 1), (1, 7), (13, 1), (17, 9)] {
            var image = RGBImage(width: width, height: height)
            for y in 0..<height {
                for x in 0..<width { image[x, y] = RGB(UInt8(x * 15), UInt8(y * 27), UInt8((x ^ y) * 9)) }
            }
            #expect(try ImageCodec.decode(ImageCodec.encode(image, as: .png), name: "odd.png").image == image)
        }
    }
}
