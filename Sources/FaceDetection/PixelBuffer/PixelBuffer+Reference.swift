extension PixelBuffer {
    /// The upright RGB picture, the plain way: for every output pixel, where it comes from in the
    /// stored picture (the table of ``RGBImage/applying(_:)``), then that pixel's colour read by
    /// format. The reference that `RGBImage(_:)`'s one-pass loop is tested against.
    func referenceRGBImage() -> RGBImage {
        var image = RGBImage(width: uprightWidth, height: uprightHeight)
        for y in 0..<uprightHeight {
            for x in 0..<uprightWidth {
                let (sx, sy) = storedPosition(ofUprightX: x, y: y)
                image[x, y] = referenceColor(x: sx, y: sy)
            }
        }
        return image
    }

    /// The stored pixel shown at upright (x, y): 1 (x, y) · 2 (W−1−x, y) · 3 (W−1−x, H−1−y) ·
    /// 4 (x, H−1−y) · 5 (y, x) · 6 (y, H−1−x) · 7 (W−1−y, H−1−x) · 8 (W−1−y, x), for a stored W × H.
    func storedPosition(ofUprightX x: Int, y: Int) -> (x: Int, y: Int) {
        let w = width
        let h = height
        switch orientation {
        case .up: return (x, y)
        case .upMirrored: return (w - 1 - x, y)
        case .down: return (w - 1 - x, h - 1 - y)
        case .downMirrored: return (x, h - 1 - y)
        case .leftMirrored: return (y, x)
        case .right: return (y, h - 1 - x)
        case .rightMirrored: return (w - 1 - y, h - 1 - x)
        case .left: return (w - 1 - y, x)
        }
    }

    /// The colour of stored pixel (x, y), read byte by byte from its planes.
    func referenceColor(x: Int, y: Int) -> RGB {
        func byte(_ plane: Int, _ column: Int, _ row: Int) -> UInt8 {
            planes[plane].bytes[row * planes[plane].bytesPerRow + column]
        }
        switch format {
        case .rgb8:
            return RGB(byte(0, 3 * x, y), byte(0, 3 * x + 1, y), byte(0, 3 * x + 2, y))
        case .rgba8(let alpha), .bgra8(let alpha):
            let first = byte(0, 4 * x, y)
            let green = byte(0, 4 * x + 1, y)
            let third = byte(0, 4 * x + 2, y)
            let a = byte(0, 4 * x + 3, y)
            var (r, b) = format == .rgba8(alpha) ? (first, third) : (third, first)
            var g = green
            if alpha == .premultiplied {
                r = PremultipliedAlpha.unpremultiplied(r, alpha: a)
                g = PremultipliedAlpha.unpremultiplied(g, alpha: a)
                b = PremultipliedAlpha.unpremultiplied(b, alpha: a)
            }
            return RGB(r, g, b)
        case .gray8:
            let v = byte(0, x, y)
            return RGB(v, v, v)
        case .nv12(let range, let matrix), .nv21(let range, let matrix):
            let first = byte(1, 2 * (x / 2), y / 2)
            let second = byte(1, 2 * (x / 2) + 1, y / 2)
            let (cb, cr) = format == .nv12(range, matrix: matrix) ? (first, second) : (second, first)
            let c = YCbCrCoefficients(range, matrix).rgb(y: byte(0, x, y), cb: cb, cr: cr)
            return RGB(c.r, c.g, c.b)
        case .i420(let range, let matrix):
            let c = YCbCrCoefficients(range, matrix).rgb(
                y: byte(0, x, y), cb: byte(1, x / 2, y / 2), cr: byte(2, x / 2, y / 2))
            return RGB(c.r, c.g, c.b)
        }
    }
}
