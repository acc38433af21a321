import FaceDetection
import Testing

/// `RGBImage.applying(_:)` against a plain per-pixel reference built from two primitives.
struct ImageOrientationTests {
    @Test(arguments: ImageOrientation.allCases)
    func applyingMatchesPerPixelReference(orientation: ImageOrientation) {
        // odd, and across 64-pixel tiles
        for (width, height) in [(1, 1), (1, 5), (4, 1), (3, 2), (7, 5), (6, 6), (131, 70), (64, 129)] {
            var image = RGBImage(width: width, height: height)
            for y in 0..<height {
                for x in 0..<width { image[x, y] = RGB(UInt8(x % 256), UInt8(y % 256), UInt8((x * 16 + y) % 256)) }
            }
            #expect(image.applying(orientation) == referenceApplying(orientation, to: image))
        }
        #expect(RGBImage(width: 0, height: 3).applying(orientation).pixels.isEmpty)
    }

    /// Rotates 90° clockwise: the simplest possible per-pixel definition.
    private func rotatedClockwise(_ image: RGBImage) -> RGBImage {
        var out = RGBImage(width: image.height, height: image.width)
        for y in 0..<image.height { for x in 0..<image.width { out[image.height - 1 - y, x] = image[x, y] } }
        return out
    }

    /// Mirrors left to right.
    private func mirrored(_ image: RGBImage) -> RGBImage {
        var out = RGBImage(width: image.width, height: image.height)
        for y in 0..<image.height { for x in 0..<image.width { out[image.width - 1 - x, y] = image[x, y] } }
        return out
    }

    /// Each EXIF orientation built from the two primitives above (EXIF 5 = mirror after a clockwise turn, …).
    private func referenceApplying(_ orientation: ImageOrientation, to image: RGBImage) -> RGBImage {
        let r = rotatedClockwise
        switch orientation {
        case .up: return image
        case .upMirrored: return mirrored(image)
        case .down: return r(r(image))
        case .downMirrored: return mirrored(r(r(image)))
        case .leftMirrored: return mirrored(r(image))
        case .right: return r(image)
        case .rightMirrored: return mirrored(r(r(r(image))))
        case .left: return r(r(r(image)))
        }
    }
}
