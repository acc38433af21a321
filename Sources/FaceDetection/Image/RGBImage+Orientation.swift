/// How a stored picture must be turned to appear upright: the eight EXIF orientations.
///
/// Raw values are the EXIF `Orientation` tag values (1…8). Case names follow UIKit's
/// `UIImage.Orientation`, whose cases map one to one onto the EXIF values.
public enum ImageOrientation: Int, Sendable, CaseIterable {
    /// 1: already upright.
    case up = 1
    /// 2: mirrored left to right.
    case upMirrored = 2
    /// 3: rotated 180°.
    case down = 3
    /// 4: mirrored top to bottom.
    case downMirrored = 4
    /// 5: transposed (mirrored across the top-left to bottom-right diagonal).
    case leftMirrored = 5
    /// 6: needs a 90° clockwise turn to be upright.
    case right = 6
    /// 7: transversed (mirrored across the top-right to bottom-left diagonal).
    case rightMirrored = 7
    /// 8: needs a 90° counter-clockwise turn to be upright.
    case left = 8

    /// True for orientations 5…8, whose upright picture has width and height swapped.
    public var swapsDimensions: Bool { rawValue >= 5 }
}

extension RGBImage {
    /// The upright picture for a stored picture with EXIF `orientation` (what a viewer shows).
    ///
    /// Output pixel (x, y) is read from the stored picture (W × H) at:
    /// 1 (x, y) · 2 (W−1−x, y) · 3 (W−1−x, H−1−y) · 4 (x, H−1−y) ·
    /// 5 (y, x) · 6 (y, H−1−x) · 7 (W−1−y, H−1−x) · 8 (W−1−y, x).
    public func applying(_ orientation: ImageOrientation) -> RGBImage {
        if orientation == .up { return self }
        // Source pixel index of output (x, y) = start + x * xStep + y * yStep.
        let (w, h) = (width, height)
        let (start, xStep, yStep) = orientation.storedPixels(width: w, height: h)
        let outWidth = orientation.swapsDimensions ? h : w
        let outHeight = orientation.swapsDimensions ? w : h
        if outWidth == 0 || outHeight == 0 { return RGBImage(width: outWidth, height: outHeight) }
        let tile = 64  // output is filled in 64 x 64 tiles so that turned reads stay in cache
        let out = [UInt8](unsafeUninitializedCapacity: outWidth * outHeight * 3) { buffer, count in
            let target = buffer.baseAddress!
            pixels.withUnsafeBufferPointer { sourceBuffer in
                // Safety: s follows the source map above, so 0 ≤ s < w·h and 3·s + 2 < pixels.count;
                // o < outWidth·outHeight·3, the capacity of `buffer`.
                let source = sourceBuffer.baseAddress!
                for tileY in stride(from: 0, to: outHeight, by: tile) {
                    for tileX in stride(from: 0, to: outWidth, by: tile) {
                        let tileEnd = min(tileX + tile, outWidth)
                        for y in tileY..<min(tileY + tile, outHeight) {
                            var s = start + y * yStep + tileX * xStep
                            var o = (y * outWidth + tileX) * 3
                            // Copy one tile row, stepping through the source by xStep pixels.
                            for _ in tileX..<tileEnd {
                                target[o] = source[3 * s]
                                target[o + 1] = source[3 * s + 1]
                                target[o + 2] = source[3 * s + 2]
                                o += 3
                                s += xStep
                            }
                        }
                    }
                }
            }
            count = outWidth * outHeight * 3
        }
        return RGBImage(width: outWidth, height: outHeight, pixels: out)
    }
}

extension ImageOrientation {
    /// Where the pixels of the upright picture (``RGBImage/applying(_:)``) lie in a stored picture
    /// `width` × `height` pixels: upright pixel (x, y) is stored pixel `start + x · xStep + y · yStep`
    /// (pixels counted row by row), which is the table above.
    func storedPixels(width w: Int, height h: Int) -> (start: Int, xStep: Int, yStep: Int) {
        switch self {
        case .up: return (0, 1, w)
        case .upMirrored: return (w - 1, -1, w)
        case .down: return ((h - 1) * w + w - 1, -1, -w)
        case .downMirrored: return ((h - 1) * w, 1, -w)
        case .leftMirrored: return (0, w, 1)
        case .right: return ((h - 1) * w, -w, 1)
        case .rightMirrored: return ((h - 1) * w + w - 1, -w, -1)
        case .left: return (w - 1, w, -1)
        }
    }
}
