/// 1×1 convolution to exactly 8 output channels (face mesh v2's first layer of each full-size block,
/// 16 → 8 channels on 128×128 pixels), which `PointwiseConvolution`'s kernels, built on groups of 16
/// outputs, do not take.
///
/// Layout as `PointwiseConvolution`'s: `input[p·inputs + c]`, `weights[c·8 + o]`, `output[p·8 + o]`.
/// The eight outputs of a pixel fit one 8-lane vector, so the kernel keeps eight pixels' sums in
/// eight registers and reads each weight row once per eight pixels: eight independent chains of
/// multiply-adds keep both units busy through their latency. Every path adds the products in the
/// scalar twin's order (bias, then input channels in turn); they differ only where the build fuses
/// the multiply-adds (`multiplyAdd`).
enum NarrowPointwiseConvolution {
    /// Output channels.
    static let outputs = 8

    /// `output[p][o] = bias[o] + Σ_c input[p][c]·weights[c][o]` for `pixels` pixels and 8 outputs.
    static func row(
        _ input: UnsafePointer<Float>, pixels: Int, inputs ni: Int,
        weights: UnsafePointer<Float>, bias: UnsafePointer<Float>, into output: UnsafeMutablePointer<Float>
    ) {
        let b = bias.loadVector(SIMD8<Float>.self, at: 0)
        var p = 0
        while p + 8 <= pixels {
            // pixels p…p+7: eight sums of 8 outputs
            let x = input + p * ni
            var (a0, a1, a2, a3, a4, a5, a6, a7) = (b, b, b, b, b, b, b, b)
            for c in 0..<ni {
                let w = weights.loadVector(SIMD8<Float>.self, at: c * 8)
                a0 = multiplyAdd(SIMD8(repeating: x[c]), w, a0)
                a1 = multiplyAdd(SIMD8(repeating: x[ni + c]), w, a1)
                a2 = multiplyAdd(SIMD8(repeating: x[2 * ni + c]), w, a2)
                a3 = multiplyAdd(SIMD8(repeating: x[3 * ni + c]), w, a3)
                a4 = multiplyAdd(SIMD8(repeating: x[4 * ni + c]), w, a4)
                a5 = multiplyAdd(SIMD8(repeating: x[5 * ni + c]), w, a5)
                a6 = multiplyAdd(SIMD8(repeating: x[6 * ni + c]), w, a6)
                a7 = multiplyAdd(SIMD8(repeating: x[7 * ni + c]), w, a7)
            }
            let y = output + p * 8
            y.storeVector(a0, at: 0)
            y.storeVector(a1, at: 8)
            y.storeVector(a2, at: 16)
            y.storeVector(a3, at: 24)
            y.storeVector(a4, at: 32)
            y.storeVector(a5, at: 40)
            y.storeVector(a6, at: 48)
            y.storeVector(a7, at: 56)
            p += 8
        }
        for p in p..<pixels {
            // the last pixels one at a time
            let x = input + p * ni
            var a = b
            for c in 0..<ni {
                a = multiplyAdd(SIMD8(repeating: x[c]), weights.loadVector(SIMD8<Float>.self, at: c * 8), a)
            }
            (output + p * 8).storeVector(a, at: 0)
        }
    }

    /// Scalar reference twin of `row`.
    static func rowScalar(_ input: [Float], pixels: Int, inputs ni: Int, weights: [Float], bias: [Float]) -> [Float] {
        var out = [Float](repeating: 0, count: pixels * 8)
        for p in 0..<pixels {
            for o in 0..<8 {
                var s = bias[o]
                for c in 0..<ni { s += input[p * ni + c] * weights[c * 8 + o] }
                out[p * 8 + o] = s
            }
        }
        return out
    }
}
