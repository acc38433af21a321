/// A full 3×3 convolution, stride 2, pad 1, from RGB bytes to 16 channels, then ReLU: the first
/// layer of YuNet. The image counts as zero-padded to `2·outputWidth` × `2·outputHeight`.
///
/// Each input row is first widened to floats with its padding (`fillRow`), so the kernel reads
/// the 3×3×3 patch of an output pixel as three runs of 9 contiguous floats.
struct StemConvolution: Sendable {
    /// `weights[((ky·3 + kx)·3 + c)·16 + o]`, RGB order.
    let weights: [Float]
    /// One bias per output channel.
    let bias: [Float]

    /// Floats `fillRow` writes for an output row `outputWidth` pixels wide.
    static func rowCount(outputWidth w: Int) -> Int { (2 * w + 1) * 3 }

    /// Input row `iy` (−1 and rows past the image are zero) as floats: element `(ix + 1)·3 + c` is
    /// channel `c` of pixel `ix`, for `ix` in −1 ..< 2·outputWidth (zero outside the image).
    static func fillRow(_ image: RGBImage, _ iy: Int, outputWidth w: Int, into row: UnsafeMutablePointer<Float>) {
        let count = rowCount(outputWidth: w)
        row.initialize(repeating: 0, count: count)
        guard iy >= 0 && iy < image.height else { return }
        let n = min(image.width, 2 * w) * 3
        image.pixels.withUnsafeBufferPointer { px in
            // Safety: reads n ≤ width·3 bytes of row iy < height; writes elements 3 ..< 3 + n < count.
            let src = px.baseAddress! + iy * image.width * 3
            for i in 0..<n { row[3 + i] = Float(src[i]) }
        }
    }

    /// Output row `oy` (`outputWidth` pixels × 16 channels) from the filled input rows
    /// 2·oy − 1, 2·oy, 2·oy + 1.
    func row(
        _ r0: UnsafePointer<Float>, _ r1: UnsafePointer<Float>, _ r2: UnsafePointer<Float>, outputWidth w: Int,
        into output: UnsafeMutablePointer<Float>
    ) {
        weights.withUnsafeBufferPointer { wb in
            bias.withUnsafeBufferPointer { bb in
                // Safety: weights hold 27·16 floats and bias 16 (checked in init); input rows hold
                // rowCount(w) floats and are read at < (2·(w − 1) + 3)·3; output holds w·16 floats.
                let wp = wb.baseAddress!
                let bp = bb.baseAddress!
                for ox in 0..<w {
                    // 16 outputs of pixel ox: bias + Σ over the 27 patch values, then ReLU
                    var a0 = bp.loadVector(SIMD4<Float>.self, at: 0)
                    var a1 = bp.loadVector(SIMD4<Float>.self, at: 4)
                    var a2 = bp.loadVector(SIMD4<Float>.self, at: 8)
                    var a3 = bp.loadVector(SIMD4<Float>.self, at: 12)
                    for ky in 0..<3 {
                        let patch = (ky == 0 ? r0 : ky == 1 ? r1 : r2) + 6 * ox
                        var wk = wp + ky * 9 * 16
                        for t in 0..<9 {
                            let s = SIMD4<Float>(repeating: patch[t])
                            a0 = multiplyAdd(s, wk.loadVector(SIMD4<Float>.self, at: 0), a0)
                            a1 = multiplyAdd(s, wk.loadVector(SIMD4<Float>.self, at: 4), a1)
                            a2 = multiplyAdd(s, wk.loadVector(SIMD4<Float>.self, at: 8), a2)
                            a3 = multiplyAdd(s, wk.loadVector(SIMD4<Float>.self, at: 12), a3)
                            wk += 16
                        }
                    }
                    let y = output + ox * 16
                    y.storeVector(maximum(a0, .zero), at: 0)
                    y.storeVector(maximum(a1, .zero), at: 4)
                    y.storeVector(maximum(a2, .zero), at: 8)
                    y.storeVector(maximum(a3, .zero), at: 12)
                }
            }
        }
    }

    /// Scalar reference twin: the whole `outputHeight`×`outputWidth`×16 map straight from the bytes.
    func scalar(_ image: RGBImage, outputHeight h: Int, outputWidth w: Int) -> [Float] {
        var x = [Float](repeating: 0, count: h * w * 16)
        for oy in 0..<h {
            for ox in 0..<w {
                for o in 0..<16 {
                    var s = bias[o]
                    for ky in 0..<3 {
                        for kx in 0..<3 {
                            let iy = 2 * oy - 1 + ky
                            let ix = 2 * ox - 1 + kx
                            for c in 0..<3 {
                                let inside = iy >= 0 && iy < image.height && ix >= 0 && ix < image.width
                                let v = inside ? Float(image.pixels[(iy * image.width + ix) * 3 + c]) : 0
                                s += v * weights[((ky * 3 + kx) * 3 + c) * 16 + o]
                            }
                        }
                    }
                    x[(oy * w + ox) * 16 + o] = max(s, 0)
                }
            }
        }
        return x
    }
}
