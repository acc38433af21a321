/// 1×1 convolution of channel-last pixels: a row of pixels times a weight matrix.
///
/// Layout: `input[p·inputs + c]`, `weights[c·outputs + o]`, `output[p·outputs + o]` (or as
/// `layout` says: `ChannelLayout`); `outputs` is a multiple of 16. Two kernels, one per register
/// file: `rowPairs` keeps 2 pixels × 16 outputs in eight SIMD4 accumulators (eight of the sixteen SSE registers; wider vectors or more pixels
/// spill), `rowSextets` 6 pixels × 16 outputs in twelve SIMD8 accumulators (of AVX2's sixteen
/// 8-lane registers: two more hold a weight pair and one a broadcast input), with `rowQuads`
/// (4 pixels, eight accumulators) for the last pixels; each reads a weight once per pixel group.
/// Twelve independent sums keep both fused multiply-add units busy through their 4-cycle
/// latency, where eight left them waiting; every kernel adds the products in the same order
/// (bias, then input channels in turn), so they agree to the bit.
enum PointwiseConvolution {
    /// `output[p][o] = bias[o] + Σ_c input[p][c]·weights[c][o]` for `pixels` pixels, by the kernel
    /// that suits the build's CPU.
    @inline(__always)
    static func row(
        _ input: UnsafePointer<Float>, pixels: Int, inputs ni: Int,
        weights: UnsafePointer<Float>, bias: UnsafePointer<Float>, outputs no: Int,
        layout: ChannelLayout? = nil, into output: UnsafeMutablePointer<Float>
    ) {
        #if X86_64_V3
            rowSextets(
                input, pixels: pixels, inputs: ni, weights: weights, bias: bias, outputs: no, layout: layout,
                into: output)
        #else
            rowPairs(
                input, pixels: pixels, inputs: ni, weights: weights, bias: bias, outputs: no, layout: layout,
                into: output)
        #endif
    }

    /// `row` six pixels at a time in 8-lane vectors; the last 0–5 pixels go to `rowQuads`, and so do
    /// the last 8 when 2 would be left (two quads, not a pair in 4-lane vectors at half the rate).
    static func rowSextets(
        _ input: UnsafePointer<Float>, pixels: Int, inputs ni: Int,
        weights: UnsafePointer<Float>, bias: UnsafePointer<Float>, outputs no: Int,
        layout: ChannelLayout? = nil, into output: UnsafeMutablePointer<Float>
    ) {
        precondition(no % 16 == 0)
        let (ps, gs) = (layout?.pixelStride ?? no, layout?.groupStride ?? 8)
        let sextets = pixels % 6 == 2 && pixels >= 8 ? pixels - 8 : pixels
        var p = 0
        while p + 6 <= sextets {
            let x0 = input + p * ni
            let x1 = x0 + ni
            let x2 = x1 + ni
            let x3 = x2 + ni
            let x4 = x3 + ni
            let x5 = x4 + ni
            for o in stride(from: 0, to: no, by: 16) {
                // 16 outputs of pixels p…p+5: bias + Σ_c x[c]·w[c][o…o+15]
                var a0 = bias.loadVector(SIMD8<Float>.self, at: o)
                var a1 = bias.loadVector(SIMD8<Float>.self, at: o + 8)
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
                var w = weights + o
                for c in 0..<ni {
                    let lo = w.loadVector(SIMD8<Float>.self, at: 0)
                    let hi = w.loadVector(SIMD8<Float>.self, at: 8)
                    let s = SIMD8<Float>(repeating: x0[c])
                    a0 = multiplyAdd(s, lo, a0)
                    a1 = multiplyAdd(s, hi, a1)
                    let t = SIMD8<Float>(repeating: x1[c])
                    b0 = multiplyAdd(t, lo, b0)
                    b1 = multiplyAdd(t, hi, b1)
                    let u = SIMD8<Float>(repeating: x2[c])
                    c0 = multiplyAdd(u, lo, c0)
                    c1 = multiplyAdd(u, hi, c1)
                    let v = SIMD8<Float>(repeating: x3[c])
                    d0 = multiplyAdd(v, lo, d0)
                    d1 = multiplyAdd(v, hi, d1)
                    let q = SIMD8<Float>(repeating: x4[c])
                    e0 = multiplyAdd(q, lo, e0)
                    e1 = multiplyAdd(q, hi, e1)
                    let r = SIMD8<Float>(repeating: x5[c])
                    f0 = multiplyAdd(r, lo, f0)
                    f1 = multiplyAdd(r, hi, f1)
                    w += no
                }
                let y = output + p * ps + o / 8 * gs
                y.storeVector(a0, at: 0)
                y.storeVector(a1, at: gs)
                y.storeVector(b0, at: ps)
                y.storeVector(b1, at: ps + gs)
                y.storeVector(c0, at: 2 * ps)
                y.storeVector(c1, at: 2 * ps + gs)
                y.storeVector(d0, at: 3 * ps)
                y.storeVector(d1, at: 3 * ps + gs)
                y.storeVector(e0, at: 4 * ps)
                y.storeVector(e1, at: 4 * ps + gs)
                y.storeVector(f0, at: 5 * ps)
                y.storeVector(f1, at: 5 * ps + gs)
            }
            p += 6
        }
        if p < pixels {
            rowQuads(
                input + p * ni, pixels: pixels - p, inputs: ni, weights: weights, bias: bias, outputs: no,
                layout: layout, into: output + p * ps)
        }
    }

    /// `row` four pixels at a time in 8-lane vectors; the last 0–3 pixels go to `rowPairs`.
    static func rowQuads(
        _ input: UnsafePointer<Float>, pixels: Int, inputs ni: Int,
        weights: UnsafePointer<Float>, bias: UnsafePointer<Float>, outputs no: Int,
        layout: ChannelLayout? = nil, into output: UnsafeMutablePointer<Float>
    ) {
        precondition(no % 16 == 0)
        let (ps, gs) = (layout?.pixelStride ?? no, layout?.groupStride ?? 8)
        var p = 0
        while p + 4 <= pixels {
            let x0 = input + p * ni
            let x1 = x0 + ni
            let x2 = x1 + ni
            let x3 = x2 + ni
            for o in stride(from: 0, to: no, by: 16) {
                // 16 outputs of pixels p…p+3: bias + Σ_c x[c]·w[c][o…o+15]
                var a0 = bias.loadVector(SIMD8<Float>.self, at: o)
                var a1 = bias.loadVector(SIMD8<Float>.self, at: o + 8)
                var b0 = a0
                var b1 = a1
                var c0 = a0
                var c1 = a1
                var d0 = a0
                var d1 = a1
                var w = weights + o
                for c in 0..<ni {
                    let lo = w.loadVector(SIMD8<Float>.self, at: 0)
                    let hi = w.loadVector(SIMD8<Float>.self, at: 8)
                    let s = SIMD8<Float>(repeating: x0[c])
                    a0 = multiplyAdd(s, lo, a0)
                    a1 = multiplyAdd(s, hi, a1)
                    let t = SIMD8<Float>(repeating: x1[c])
                    b0 = multiplyAdd(t, lo, b0)
                    b1 = multiplyAdd(t, hi, b1)
                    let u = SIMD8<Float>(repeating: x2[c])
                    c0 = multiplyAdd(u, lo, c0)
                    c1 = multiplyAdd(u, hi, c1)
                    let v = SIMD8<Float>(repeating: x3[c])
                    d0 = multiplyAdd(v, lo, d0)
                    d1 = multiplyAdd(v, hi, d1)
                    w += no
                }
                let y = output + p * ps + o / 8 * gs
                y.storeVector(a0, at: 0)
                y.storeVector(a1, at: gs)
                y.storeVector(b0, at: ps)
                y.storeVector(b1, at: ps + gs)
                y.storeVector(c0, at: 2 * ps)
                y.storeVector(c1, at: 2 * ps + gs)
                y.storeVector(d0, at: 3 * ps)
                y.storeVector(d1, at: 3 * ps + gs)
            }
            p += 4
        }
        if p < pixels {
            rowPairs(
                input + p * ni, pixels: pixels - p, inputs: ni, weights: weights, bias: bias, outputs: no,
                layout: layout, into: output + p * ps)
        }
    }

    /// `row` two pixels at a time in 4-lane vectors.
    static func rowPairs(
        _ input: UnsafePointer<Float>, pixels: Int, inputs ni: Int,
        weights: UnsafePointer<Float>, bias: UnsafePointer<Float>, outputs no: Int,
        layout: ChannelLayout? = nil, into output: UnsafeMutablePointer<Float>
    ) {
        precondition(no % 16 == 0)
        let (ps, gs) = (layout?.pixelStride ?? no, layout?.groupStride ?? 8)
        var p = 0
        while p + 2 <= pixels {
            let x0 = input + p * ni
            let x1 = x0 + ni
            for o in stride(from: 0, to: no, by: 16) {
                // 16 outputs of pixels p and p+1: bias + Σ_c x[c]·w[c][o…o+15]
                var a0 = bias.loadVector(SIMD4<Float>.self, at: o)
                var a1 = bias.loadVector(SIMD4<Float>.self, at: o + 4)
                var a2 = bias.loadVector(SIMD4<Float>.self, at: o + 8)
                var a3 = bias.loadVector(SIMD4<Float>.self, at: o + 12)
                var b0 = a0
                var b1 = a1
                var b2 = a2
                var b3 = a3
                var w = weights + o
                for c in 0..<ni {
                    let s = SIMD4<Float>(repeating: x0[c])
                    let t = SIMD4<Float>(repeating: x1[c])
                    a0 = multiplyAdd(s, w.loadVector(SIMD4<Float>.self, at: 0), a0)
                    b0 = multiplyAdd(t, w.loadVector(SIMD4<Float>.self, at: 0), b0)
                    a1 = multiplyAdd(s, w.loadVector(SIMD4<Float>.self, at: 4), a1)
                    b1 = multiplyAdd(t, w.loadVector(SIMD4<Float>.self, at: 4), b1)
                    a2 = multiplyAdd(s, w.loadVector(SIMD4<Float>.self, at: 8), a2)
                    b2 = multiplyAdd(t, w.loadVector(SIMD4<Float>.self, at: 8), b2)
                    a3 = multiplyAdd(s, w.loadVector(SIMD4<Float>.self, at: 12), a3)
                    b3 = multiplyAdd(t, w.loadVector(SIMD4<Float>.self, at: 12), b3)
                    w += no
                }
                let y0 = output + p * ps + o / 8 * gs
                let y1 = y0 + ps
                y0.storeVector(a0, at: 0)
                y0.storeVector(a1, at: 4)
                y0.storeVector(a2, at: gs)
                y0.storeVector(a3, at: gs + 4)
                y1.storeVector(b0, at: 0)
                y1.storeVector(b1, at: 4)
                y1.storeVector(b2, at: gs)
                y1.storeVector(b3, at: gs + 4)
            }
            p += 2
        }
        if p < pixels {
            let x0 = input + p * ni
            var o = 0
            while o + 64 <= no {
                // 64 outputs of the last pixel: bias + Σ_c x[c]·w[c][o…o+63], in four independent sums (one
                // sum alone waits on each multiply-add's latency)
                var a = bias.loadVector(SIMD16<Float>.self, at: o)
                var b = bias.loadVector(SIMD16<Float>.self, at: o + 16)
                var c = bias.loadVector(SIMD16<Float>.self, at: o + 32)
                var d = bias.loadVector(SIMD16<Float>.self, at: o + 48)
                var w = weights + o
                for k in 0..<ni {
                    let s = SIMD16<Float>(repeating: x0[k])
                    a = multiplyAdd(s, w.loadVector(SIMD16<Float>.self, at: 0), a)
                    b = multiplyAdd(s, w.loadVector(SIMD16<Float>.self, at: 16), b)
                    c = multiplyAdd(s, w.loadVector(SIMD16<Float>.self, at: 32), c)
                    d = multiplyAdd(s, w.loadVector(SIMD16<Float>.self, at: 48), d)
                    w += no
                }
                let y = output + p * ps + o / 8 * gs
                y.storeVector(a.lowHalf, at: 0)
                y.storeVector(a.highHalf, at: gs)
                y.storeVector(b.lowHalf, at: 2 * gs)
                y.storeVector(b.highHalf, at: 3 * gs)
                y.storeVector(c.lowHalf, at: 4 * gs)
                y.storeVector(c.highHalf, at: 5 * gs)
                y.storeVector(d.lowHalf, at: 6 * gs)
                y.storeVector(d.highHalf, at: 7 * gs)
                o += 64
            }
            for o in stride(from: o, to: no, by: 16) {
                // 16 outputs of the last pixel: bias + Σ_c x[c]·w[c][o…o+15]
                var a = bias.loadVector(SIMD16<Float>.self, at: o)
                var w = weights + o
                for c in 0..<ni {
                    a = multiplyAdd(SIMD16<Float>(repeating: x0[c]), w.loadVector(SIMD16<Float>.self, at: 0), a)
                    w += no
                }
                let y = output + p * ps + o / 8 * gs
                y.storeVector(a.lowHalf, at: 0)
                y.storeVector(a.highHalf, at: gs)
            }
        }
    }

    /// Scalar reference twin of `row`.
    static func rowScalar(
        _ input: [Float], pixels: Int, inputs ni: Int, weights: [Float], bias: [Float], outputs no: Int
    ) -> [Float] {
        var out = [Float](repeating: 0, count: pixels * no)
        for p in 0..<pixels {
            for o in 0..<no {
                var s = bias[o]
                for c in 0..<ni { s += input[p * ni + c] * weights[c * no + o] }
                out[p * no + o] = s
            }
        }
        return out
    }
}

/// Where a kernel writes channel `o` of pixel `p` of a row, in groups of 8 channels: at
/// `p·pixelStride + (o / 8)·groupStride + o % 8`. Channel-last rows (the default) have `pixelStride` = the
/// channel count and `groupStride` = 8; blocked rows have `pixelStride` = 8 and `groupStride` = a
/// whole row of one group (each group's pixels contiguous, which the depthwise kernel then reads
/// in address order).
struct ChannelLayout {
    /// Floats from one pixel to the next within a group.
    let pixelStride: Int
    /// Floats from one group of 8 channels to the next within a pixel.
    let groupStride: Int
}
