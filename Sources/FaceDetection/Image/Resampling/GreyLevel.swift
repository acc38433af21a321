/// The grey level of an RGB pixel: one rule per use, each the rule of the reference that its
/// model was trained or checked against, so that the model sees the values it expects.
enum GreyLevel {
    /// The cascade detector's rule: OpenCV's fixed-point BT.601 weights,
    /// `(9798 R + 19235 G + 3735 B + 16384) >> 15`, as `cv::cvtColor(COLOR_RGB2GRAY)` computes 8-bit
    /// images in OpenCV 4.x, so that cascade windows see exactly the values OpenCV's detector sees.
    @inline(__always)
    static func cascade(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> UInt8 {
        UInt8(truncatingIfNeeded: (UInt32(r) &* 9798 &+ UInt32(g) &* 19235 &+ UInt32(b) &* 3735 &+ 16384) >> 15)
    }

    /// The shape predictor's rule: dlib's for RGB pixels, `(R + G + B) / 3` rounded down (dlib's
    /// `pixel.h`), what dlib's predictor sees when given an RGB image.
    @inline(__always)
    static func landmarks(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> UInt8 {
        UInt8((UInt16(r) + UInt16(g) + UInt16(b)) / 3)
    }

    /// The attribute features' rule (smile, eyes open, mouth interior): luma in floats,
    /// 0.299 R + 0.587 G + 0.114 B, unrounded.
    @inline(__always)
    static func attributes(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> Float {
        0.299 * Float(r) + 0.587 * Float(g) + 0.114 * Float(b)
    }

    /// ``attributes(_:_:_:)`` interpolated bilinearly at a continuous position of `image` (pixel i's
    /// centre at i + 0.5), clamped to the centres of the outermost pixels; 0 in an empty image, and
    /// a NaN coordinate (a degenerate mesh) reads the first pixel row or column.
    static func attributes(_ image: RGBImage, x: Float, y: Float) -> Float {
        let (width, height) = (image.width, image.height)
        guard width > 0, height > 0 else { return 0 }
        let fx = x.isNaN ? 0 : min(max(x - 0.5, 0), Float(width - 1))
        let fy = y.isNaN ? 0 : min(max(y - 0.5, 0), Float(height - 1))
        let x0 = min(Int(fx), max(width - 2, 0))
        let y0 = min(Int(fy), max(height - 2, 0))
        let (x1, y1) = (min(x0 + 1, width - 1), min(y0 + 1, height - 1))
        let (ax, ay) = (fx - Float(x0), fy - Float(y0))
        func value(_ px: Int, _ py: Int) -> Float {
            let i = (py * width + px) * 3
            return attributes(image.pixels[i], image.pixels[i + 1], image.pixels[i + 2])
        }
        let top = value(x0, y0) * (1 - ax) + value(x1, y0) * ax
        let bottom = value(x0, y1) * (1 - ax) + value(x1, y1) * ax
        return top * (1 - ay) + bottom * ay
    }
}
