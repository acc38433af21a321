/// Reads the colour of one stored pixel of a ``PixelBuffer`` through raw pointers, for the
/// one-pass conversion of `RGBImage(_:)`: one type per memory layout, so that the loop is
/// specialised for each and has no format switch per pixel.
protocol PixelSampler {
    /// Writes the RGB colour of stored pixel (x, y) to `target[0...2]`; (x, y) must be inside the
    /// picture (checked once for the whole buffer by `PixelBuffer.init`).
    func store(x: Int, y: Int, to target: UnsafeMutablePointer<UInt8>)
}

/// RGB8, RGBA8 and BGRA8 with straight alpha: three bytes at fixed offsets in each pixel.
struct PackedSampler: PixelSampler {
    /// The first byte of the first row.
    let base: UnsafePointer<UInt8>
    /// The row stride in bytes.
    let bytesPerRow: Int
    /// 3 or 4.
    let bytesPerPixel: Int
    /// Offsets of red, green and blue inside a pixel.
    let red: Int, green: Int, blue: Int

    @inline(__always)
    func store(x: Int, y: Int, to target: UnsafeMutablePointer<UInt8>) {
        let p = base + y * bytesPerRow + x * bytesPerPixel
        target[0] = p[red]
        target[1] = p[green]
        target[2] = p[blue]
    }
}

/// RGBA8 and BGRA8 with premultiplied alpha: the colour divided back by alpha.
struct PremultipliedSampler: PixelSampler {
    /// The same layout as a straight pixel.
    let packed: PackedSampler

    @inline(__always)
    func store(x: Int, y: Int, to target: UnsafeMutablePointer<UInt8>) {
        let p = packed.base + y * packed.bytesPerRow + x * 4
        let a = p[3]
        target[0] = PremultipliedAlpha.unpremultiplied(p[packed.red], alpha: a)
        target[1] = PremultipliedAlpha.unpremultiplied(p[packed.green], alpha: a)
        target[2] = PremultipliedAlpha.unpremultiplied(p[packed.blue], alpha: a)
    }
}

/// Grey8: the byte three times.
struct GraySampler: PixelSampler {
    /// The first byte of the first row.
    let base: UnsafePointer<UInt8>
    /// The row stride in bytes.
    let bytesPerRow: Int

    @inline(__always)
    func store(x: Int, y: Int, to target: UnsafeMutablePointer<UInt8>) {
        let v = base[y * bytesPerRow + x]
        target[0] = v
        target[1] = v
        target[2] = v
    }
}

/// 4:2:0 YCbCr: a luma plane and two chroma sample sequences at half resolution, which may share a
/// plane (NV12, NV21: `chromaStep` 2) or not (I420: 1).
struct YCbCrSampler: PixelSampler {
    /// The luma plane's first byte and stride.
    let luma: UnsafePointer<UInt8>, lumaBytesPerRow: Int
    /// The first Cb and Cr samples of the first chroma row.
    let cb: UnsafePointer<UInt8>, cr: UnsafePointer<UInt8>
    /// The strides of the Cb and Cr rows (the same plane's for NV12 and NV21).
    let cbBytesPerRow: Int, crBytesPerRow: Int
    /// The distance in bytes between two chroma samples of a row (2 when Cb and Cr interleave).
    let chromaStep: Int
    /// The colour matrix.
    let coefficients: YCbCrCoefficients

    @inline(__always)
    func store(x: Int, y: Int, to target: UnsafeMutablePointer<UInt8>) {
        let column = (x >> 1) * chromaStep
        let rgb = coefficients.rgb(
            y: luma[y * lumaBytesPerRow + x], cb: cb[(y >> 1) * cbBytesPerRow + column],
            cr: cr[(y >> 1) * crBytesPerRow + column])
        target[0] = rgb.r
        target[1] = rgb.g
        target[2] = rgb.b
    }
}
