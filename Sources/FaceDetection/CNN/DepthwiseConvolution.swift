/// Depthwise 3×3 convolution (stride 1, pad 1) of one output row of a channel-last map.
///
/// The three input rows (above, middle, below) hold `width + 2` pixels each: a zero pixel, the
/// row, a zero pixel, so no tap needs a bounds test; a missing row above or below is a zero row.
/// `weights[(ky·3 + kx)·channels + c]`; `channels` is a multiple of 4. For each group of 4
/// channels the nine weights and the bias stay in registers while the kernel walks the row two
/// pixels at a time (the pair shares the middle taps: 4 loads per input row instead of 6).
enum DepthwiseConvolution {
    /// `output[x][c] = bias[c] + Σ_{ky,kx} row_ky[x + kx][c]·weights[ky·3 + kx][c]`, then ReLU if asked.
    static func row(
        _ above: UnsafePointer<Float>, _ middle: UnsafePointer<Float>, _ below: UnsafePointer<Float>,
        width: Int, channels nc: Int, weights: UnsafePointer<Float>, bias: UnsafePointer<Float>, relu: Bool,
        into output: UnsafeMutablePointer<Float>
    ) {
        precondition(nc % 4 == 0)
        for g in stride(from: 0, to: nc, by: 4) {
            let w0 = weights.loadVector(SIMD4<Float>.self, at: g)
            let w1 = weights.loadVector(SIMD4<Float>.self, at: nc + g)
            let w2 = weights.loadVector(SIMD4<Float>.self, at: 2 * nc + g)
            let w3 = weights.loadVector(SIMD4<Float>.self, at: 3 * nc + g)
            let w4 = weights.loadVector(SIMD4<Float>.self, at: 4 * nc + g)
            let w5 = weights.loadVector(SIMD4<Float>.self, at: 5 * nc + g)
            let w6 = weights.loadVector(SIMD4<Float>.self, at: 6 * nc + g)
            let w7 = weights.loadVector(SIMD4<Float>.self, at: 7 * nc + g)
            let w8 = weights.loadVector(SIMD4<Float>.self, at: 8 * nc + g)
            let b = bias.loadVector(SIMD4<Float>.self, at: g)
            var r0 = above + g
            var r1 = middle + g
            var r2 = below + g
            var y = output + g
            var x = 0
            while x + 2 <= width {
                // channels g…g+3 of pixels x and x+1: bias + the 9 taps each, in the scalar twin's order
                var l = r0.loadVector(SIMD4<Float>.self, at: 0)
                var m = r0.loadVector(SIMD4<Float>.self, at: nc)
                var n = r0.loadVector(SIMD4<Float>.self, at: 2 * nc)
                var o = r0.loadVector(SIMD4<Float>.self, at: 3 * nc)
                var a = multiplyAdd(l, w0, b)
                var c = multiplyAdd(m, w0, b)
                a = multiplyAdd(m, w1, a)
                c = multiplyAdd(n, w1, c)
                a = multiplyAdd(n, w2, a)
                c = multiplyAdd(o, w2, c)
                l = r1.loadVector(SIMD4<Float>.self, at: 0)
                m = r1.loadVector(SIMD4<Float>.self, at: nc)
                n = r1.loadVector(SIMD4<Float>.self, at: 2 * nc)
                o = r1.loadVector(SIMD4<Float>.self, at: 3 * nc)
                a = multiplyAdd(l, w3, a)
                c = multiplyAdd(m, w3, c)
                a = multiplyAdd(m, w4, a)
                c = multiplyAdd(n, w4, c)
                a = multiplyAdd(n, w5, a)
                c = multiplyAdd(o, w5, c)
                l = r2.loadVector(SIMD4<Float>.self, at: 0)
                m = r2.loadVector(SIMD4<Float>.self, at: nc)
                n = r2.loadVector(SIMD4<Float>.self, at: 2 * nc)
                o = r2.loadVector(SIMD4<Float>.self, at: 3 * nc)
                a = multiplyAdd(l, w6, a)
                c = multiplyAdd(m, w6, c)
                a = multiplyAdd(m, w7, a)
                c = multiplyAdd(n, w7, c)
                a = multiplyAdd(n, w8, a)
                c = multiplyAdd(o, w8, c)
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
                // channels g…g+3 of the last pixel
                var a = multiplyAdd(r0.loadVector(SIMD4<Float>.self, at: 0), w0, b)
                a = multiplyAdd(r0.loadVector(SIMD4<Float>.self, at: nc), w1, a)
                a = multiplyAdd(r0.loadVector(SIMD4<Float>.self, at: 2 * nc), w2, a)
                a = multiplyAdd(r1.loadVector(SIMD4<Float>.self, at: 0), w3, a)
                a = multiplyAdd(r1.loadVector(SIMD4<Float>.self, at: nc), w4, a)
                a = multiplyAdd(r1.loadVector(SIMD4<Float>.self, at: 2 * nc), w5, a)
                a = multiplyAdd(r2.loadVector(SIMD4<Float>.self, at: 0), w6, a)
                a = multiplyAdd(r2.loadVector(SIMD4<Float>.self, at: nc), w7, a)
                a = multiplyAdd(r2.loadVector(SIMD4<Float>.self, at: 2 * nc), w8, a)
                if relu { a = maximum(a, .zero) }
                y.storeVector(a, at: 0)
            }
        }
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
