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
    /// 2·oy − 1, 2·oy, 2·oy + 1, by the kernel that suits the build's CPU.
    @inline(__always)
    func row(
        _ r0: UnsafePointer<Float>, _ r1: UnsafePointer<Float>, _ r2: UnsafePointer<Float>, outputWidth w: Int,
        into output: UnsafeMutablePointer<Float>
    ) {
        #if X86_64_V3
            rowSextets(r0, r1, r2, outputWidth: w, into: output)
        #else
            rowSingles(r0, r1, r2, outputWidth: w, into: output)
        #endif
    }

    /// `row` six pixels at a time in 8-lane vectors: twelve accumulators (AVX2's sixteen 8-lane
    /// registers, two more for a weight pair), each weight read once per six pixels; the last 0–5
    /// pixels one at a time. Sums in `rowSingles`'s order, so the two agree to the bit.
    func rowSextets(
        _ r0: UnsafePointer<Float>, _ r1: UnsafePointer<Float>, _ r2: UnsafePointer<Float>, outputWidth w: Int,
        into output: UnsafeMutablePointer<Float>
    ) {
        weights.withUnsafeBufferPointer { wb in
            bias.withUnsafeBufferPointer { bb in
                // Safety: weights hold 27·16 floats and bias 16 (checked in init); input rows hold
                // rowCount(w) floats and are read at < (2·(w − 1) + 3)·3; output holds w·16 floats.
                let wp = wb.baseAddress!
                let bp = bb.baseAddress!
                var ox = 0
                while ox + 6 <= w {
                    // 16 outputs of pixels ox…ox+5: bias + Σ over each one's 27 patch values, then ReLU
                    var a0 = bp.loadVector(SIMD8<Float>.self, at: 0)
                    var a1 = bp.loadVector(SIMD8<Float>.self, at: 8)
                    var b0 = a0
                    var b1 = a1
                    var c0 = a0
                    var c1 = a1
                    var d0 = a0
                    var d1 = a1
                    var e0 = a0
                    var e1 = a1
                    var f0 = a0
                    var f1 = a1
                    for ky in 0..<3 {
                        let patch = (ky == 0 ? r0 : ky == 1 ? r1 : r2) + 6 * ox
                        var wk = wp + ky * 9 * 16
                        for t in 0..<9 {
                            let lo = wk.loadVector(SIMD8<Float>.self, at: 0)
                            let hi = wk.loadVector(SIMD8<Float>.self, at: 8)
                            let s = SIMD8<Float>(repeating: patch[t])
                            a0 = multiplyAdd(s, lo, a0)
                            a1 = multiplyAdd(s, hi, a1)
                            let u = SIMD8<Float>(repeating: patch[t + 6])
                            b0 = multiplyAdd(u, lo, b0)
                            b1 = multiplyAdd(u, hi, b1)
                            let v = SIMD8<Float>(repeating: patch[t + 12])
                            c0 = multiplyAdd(v, lo, c0)
                            c1 = multiplyAdd(v, hi, c1)
                            let q = SIMD8<Float>(repeating: patch[t + 18])
                            d0 = multiplyAdd(q, lo, d0)
                            d1 = multiplyAdd(q, hi, d1)
                            let r = SIMD8<Float>(repeating: patch[t + 24])
                            e0 = multiplyAdd(r, lo, e0)
                            e1 = multiplyAdd(r, hi, e1)
                            let z = SIMD8<Float>(repeating: patch[t + 30])
                            f0 = multiplyAdd(z, lo, f0)
                            f1 = multiplyAdd(z, hi, f1)
                            wk += 16
                        }
                    }
                    let y = output + ox * 16
                    y.storeVector(maximum(a0, .zero), at: 0)
                    y.storeVector(maximum(a1, .zero), at: 8)
                    y.storeVector(maximum(b0, .zero), at: 16)
                    y.storeVector(maximum(b1, .zero), at: 24)
                    y.storeVector(maximum(c0, .zero), at: 32)
                    y.storeVector(maximum(c1, .zero), at: 40)
                    y.storeVector(maximum(d0, .zero), at: 48)
                    y.storeVector(maximum(d1, .zero), at: 56)
                    y.storeVector(maximum(e0, .zero), at: 64)
                    y.storeVector(maximum(e1, .zero), at: 72)
                    y.storeVector(maximum(f0, .zero), at: 80)
                    y.storeVector(maximum(f1, .zero), at: 88)
                    ox += 6
                }
                while ox < w {
                    // 16 outputs of pixel ox: bias + Σ over the 27 patch values, then ReLU
                    var a0 = bp.loadVector(SIMD8<Float>.self, at: 0)
                    var a1 = bp.loadVector(SIMD8<Float>.self, at: 8)
                    for ky in 0..<3 {
                        let patch = (ky == 0 ? r0 : ky == 1 ? r1 : r2) + 6 * ox
                        var wk = wp + ky * 9 * 16
                        for t in 0..<9 {
                            let s = SIMD8<Float>(repeating: patch[t])
                            a0 = multiplyAdd(s, wk.loadVector(SIMD8<Float>.self, at: 0), a0)
                            a1 = multiplyAdd(s, wk.loadVector(SIMD8<Float>.self, at: 8), a1)
                            wk += 16
                        }
                    }
                    let y = output + ox * 16
                    y.storeVector(maximum(a0, .zero), at: 0)
                    y.storeVector(maximum(a1, .zero), at: 8)
                    ox += 1
                }
            }
        }
    }

    /// `row` one pixel at a time in 4-lane vectors (four accumulators: the SSE build's kernel).
    func rowSingles(
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
