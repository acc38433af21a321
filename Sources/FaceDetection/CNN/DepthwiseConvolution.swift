/// Depthwise 3×3 convolution (stride 1, pad 1) of one output row of a channel-last map.
///
/// The three input rows (above, middle, below) hold `width + 2` pixels each: a zero pixel, the
/// row, a zero pixel, so no tap needs a bounds test; a missing row above or below is a zero row.
/// `weights[(ky·3 + kx)·channels + c]`; `channels` is a multiple of 8. For each group of 8
/// channels the nine weights and the bias stay in registers while the kernel walks the row two
/// pixels at a time (the pair shares the middle taps: 4 loads per input row instead of 6). Groups
/// of 8 rather than 4 are faster in both builds (paired runs, 12 photos: ×0.929 portable, ×0.936
/// x86-64-v3).
enum DepthwiseConvolution {
    /// The nine taps `weights[(ky·3 + kx)·channels + g…g+7]` and the bias `bias[g…g+7]` of the group of
    /// 8 channels starting at `g`, which the row kernels keep in registers while they walk a row.
    @inline(__always)
    static func groupWeights(
        _ weights: UnsafePointer<Float>, _ bias: UnsafePointer<Float>, channels nc: Int, group g: Int
    ) -> (
        SIMD8<Float>, SIMD8<Float>, SIMD8<Float>, SIMD8<Float>, SIMD8<Float>, SIMD8<Float>, SIMD8<Float>,
        SIMD8<Float>, SIMD8<Float>, SIMD8<Float>
    ) {
        (
            weights.loadVector(SIMD8<Float>.self, at: g), weights.loadVector(SIMD8<Float>.self, at: nc + g),
            weights.loadVector(SIMD8<Float>.self, at: 2 * nc + g),
            weights.loadVector(SIMD8<Float>.self, at: 3 * nc + g),
            weights.loadVector(SIMD8<Float>.self, at: 4 * nc + g),
            weights.loadVector(SIMD8<Float>.self, at: 5 * nc + g),
            weights.loadVector(SIMD8<Float>.self, at: 6 * nc + g),
            weights.loadVector(SIMD8<Float>.self, at: 7 * nc + g),
            weights.loadVector(SIMD8<Float>.self, at: 8 * nc + g), bias.loadVector(SIMD8<Float>.self, at: g)
        )
    }

    /// `output[x][c] = bias[c] + Σ_{ky,kx} row_ky[x + kx][c]·weights[ky·3 + kx][c]`, then ReLU if asked.
    static func row(
        _ above: UnsafePointer<Float>, _ middle: UnsafePointer<Float>, _ below: UnsafePointer<Float>,
        width: Int, channels nc: Int, weights: UnsafePointer<Float>, bias: UnsafePointer<Float>, relu: Bool,
        into output: UnsafeMutablePointer<Float>
    ) {
        precondition(nc % 8 == 0)
        for g in stride(from: 0, to: nc, by: 8) {
            let (w0, w1, w2, w3, w4, w5, w6, w7, w8, b) = DepthwiseConvolution.groupWeights(
                weights, bias, channels: nc, group: g)
            var r0 = above + g
            var r1 = middle + g
            var r2 = below + g
            var y = output + g
            var x = 0
            while x + 2 <= width {
                // channels g…g+7 of pixels x and x+1: bias + the 9 taps each, in the scalar twin's order
                var a = b
                var c = b
                addTaps(r0, nc, w0, w1, w2, &a, &c)
                addTaps(r1, nc, w3, w4, w5, &a, &c)
                addTaps(r2, nc, w6, w7, w8, &a, &c)
                if relu {
                    a = maximum(a, .zero)
                    c = maximum(c, .zero)
                }
                y.storeVector(a, at: 0)
                y.storeVector(c, at: nc)
                r0 += 2 * nc
                r1 += 2 * nc
                r2 += 2 * nc
                y += 2 * nc
                x += 2
            }
            if x < width {
                // channels g…g+7 of the last pixel
                var a = b
                addTaps(r0, nc, w0, w1, w2, &a)
                addTaps(r1, nc, w3, w4, w5, &a)
                addTaps(r2, nc, w6, w7, w8, &a)
                if relu { a = maximum(a, .zero) }
                y.storeVector(a, at: 0)
            }
        }
    }

    /// Adds one input row's three taps (weights `wl`, `wm`, `wr` for the pixels left of, at and
    /// right of the output) to the sums of two neighbouring pixels, `a` and `c`, which share the
    /// middle two loads.
    @inline(__always)
    private static func addTaps(
        _ r: UnsafePointer<Float>, _ nc: Int, _ wl: SIMD8<Float>, _ wm: SIMD8<Float>, _ wr: SIMD8<Float>,
        _ a: inout SIMD8<Float>, _ c: inout SIMD8<Float>
    ) {
        let l = r.loadVector(SIMD8<Float>.self, at: 0)
        let m = r.loadVector(SIMD8<Float>.self, at: nc)
        let n = r.loadVector(SIMD8<Float>.self, at: 2 * nc)
        let o = r.loadVector(SIMD8<Float>.self, at: 3 * nc)
        a = multiplyAdd(l, wl, a)
        c = multiplyAdd(m, wl, c)
        a = multiplyAdd(m, wm, a)
        c = multiplyAdd(n, wm, c)
        a = multiplyAdd(n, wr, a)
        c = multiplyAdd(o, wr, c)
    }

    /// `addTaps` for one pixel.
    @inline(__always)
    private static func addTaps(
        _ r: UnsafePointer<Float>, _ nc: Int, _ wl: SIMD8<Float>, _ wm: SIMD8<Float>, _ wr: SIMD8<Float>,
        _ a: inout SIMD8<Float>
    ) {
        a = multiplyAdd(r.loadVector(SIMD8<Float>.self, at: 0), wl, a)
        a = multiplyAdd(r.loadVector(SIMD8<Float>.self, at: nc), wm, a)
        a = multiplyAdd(r.loadVector(SIMD8<Float>.self, at: 2 * nc), wr, a)
    }

    /// Scalar reference twin of `row` on a whole `height`×`width` map (no padding in `input`;
    /// taps outside the map count as zero).
    static func mapScalar(
        _ input: [Float], height h: Int, width w: Int, channels nc: Int, weights: [Float], bias: [Float], relu: Bool
    ) -> [Float] {
        var out = [Float](repeating: 0, count: h * w * nc)
        for y in 0..<h {
            for x in 0..<w {
                for c in 0..<nc {
                    var s = bias[c]
                    for ky in 0..<3 {
                        for kx in 0..<3 {
                            let yy = y + ky - 1
                            let xx = x + kx - 1
                            let v = yy < 0 || yy >= h || xx < 0 || xx >= w ? 0 : input[(yy * w + xx) * nc + c]
                            s += v * weights[(ky * 3 + kx) * nc + c]
                        }
                    }
                    out[(y * w + x) * nc + c] = relu ? max(s, 0) : s
                }
            }
        }
        return out
    }
}
