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
        layout: ChannelLayout? = nil, slopes: UnsafePointer<Float>? = nil, into output: UnsafeMutablePointer<Float>
    ) {
        if let slopes {
            row(
                input, pixels: pixels, inputs: ni, weights: weights, bias: bias, outputs: no, layout: layout,
                epilogue: PReLUEpilogue(slopes: slopes), into: output)
        } else {
            row(
                input, pixels: pixels, inputs: ni, weights: weights, bias: bias, outputs: no, layout: layout,
                epilogue: NoEpilogue(), into: output)
        }
    }

    /// `row` with the activation `e` (PReLU by `slopes`, or none) compiled in.
    @inline(__always)
    static func row<E: Epilogue>(
        _ input: UnsafePointer<Float>, pixels: Int, inputs ni: Int,
        weights: UnsafePointer<Float>, bias: UnsafePointer<Float>, outputs no: Int,
        layout: ChannelLayout?, epilogue e: E, into output: UnsafeMutablePointer<Float>
    ) {
        #if X86_64_V4
            if no % 64 == 0 {
                rowSextetsOf64(
                    input, pixels: pixels, inputs: ni, weights: weights, bias: bias, outputs: no, layout: layout,
                    epilogue: e, into: output)
            } else {
                rowDozensOf16(
                    input, pixels: pixels, inputs: ni, weights: weights, bias: bias, outputs: no, layout: layout,
                    epilogue: e, into: output)
            }
        #elseif X86_64_V3
            rowSextets(
                input, pixels: pixels, inputs: ni, weights: weights, bias: bias, outputs: no, layout: layout,
                epilogue: e, into: output)
        #else
            rowPairs(
                input, pixels: pixels, inputs: ni, weights: weights, bias: bias, outputs: no, layout: layout,
                epilogue: e, into: output)
        #endif
    }

    /// `row` six pixels × 64 outputs at a time in 16-lane vectors (AVX-512's 32 registers: 24 sums,
    /// four weight vectors, a broadcast input); `outputs` is a multiple of 64. The last 0–5 pixels go
    /// to `rowQuads`. YuNet's input counts (16, 64) and SFace's (32 to 1024) are passed on as constants, so that
    /// each pixel's input is a fixed offset from one pointer (with `inputs` a variable, the six offsets took
    /// registers and overflow checks inside the loop).
    static func rowSextetsOf64<E: Epilogue>(
        _ input: UnsafePointer<Float>, pixels: Int, inputs ni: Int,
        weights: UnsafePointer<Float>, bias: UnsafePointer<Float>, outputs no: Int,
        layout: ChannelLayout?, epilogue e: E, into output: UnsafeMutablePointer<Float>
    ) {
        switch ni {
        case 16: sextetsOf64(Channels16.self, input, pixels, ni, weights, bias, no, layout, e, output)
        case 32: sextetsOf64(Channels32.self, input, pixels, ni, weights, bias, no, layout, e, output)
        case 64: sextetsOf64(Channels64.self, input, pixels, ni, weights, bias, no, layout, e, output)
        case 128: sextetsOf64(Channels128.self, input, pixels, ni, weights, bias, no, layout, e, output)
        case 256: sextetsOf64(Channels256.self, input, pixels, ni, weights, bias, no, layout, e, output)
        case 512: sextetsOf64(Channels512.self, input, pixels, ni, weights, bias, no, layout, e, output)
        case 1024: sextetsOf64(Channels1024.self, input, pixels, ni, weights, bias, no, layout, e, output)
        default: sextetsOf64(AnyCount.self, input, pixels, ni, weights, bias, no, layout, e, output)
        }
    }

    /// `rowSextetsOf64`'s walk for `N` inputs (`inputs` if `N` is `AnyCount`): one specialisation per
    /// count and epilogue, each with its count a constant.
    private static func sextetsOf64<N: StaticCount, E: Epilogue>(
        _: N.Type, _ input: UnsafePointer<Float>, _ pixels: Int, _ inputs: Int, _ weights: UnsafePointer<Float>,
        _ bias: UnsafePointer<Float>, _ no: Int, _ layout: ChannelLayout?, _ e: E,
        _ output: UnsafeMutablePointer<Float>
    ) {
        let ni = N.value > 0 ? N.value : inputs
        precondition(no % 64 == 0)
        let (ps, gs) = (layout?.pixelStride ?? no, layout?.groupStride ?? 8)
        var p = 0
        while p + 6 <= pixels {
            let x = input + p * ni
            for o in stride(from: 0, to: no, by: 64) {
                // 64 outputs of pixels p…p+5: bias + Σ_c x[c]·w[c][o…o+63]
                var s = Sextet64(repeating: bias + o)
                var (w, end, xc) = (weights + o, weights + o + ni * no, x)
                while w < end {
                    s.add(
                        w.loadVector(at: 0), w.loadVector(at: 16), w.loadVector(at: 32), w.loadVector(at: 48),
                        times: xc, inputs: ni)
                    w += no
                    xc += 1
                }
                s.store(output + p * ps + o / 8 * gs, pixelStride: ps, groupStride: gs, epilogue: e, channel: o)
            }
            p += 6
        }
        if p < pixels {
            rowQuads(
                input + p * ni, pixels: pixels - p, inputs: ni, weights: weights, bias: bias, outputs: no,
                layout: layout, epilogue: e, into: output + p * ps)
        }
    }

    /// `row` twelve pixels × 16 outputs at a time in 16-lane vectors (twelve sums, for outputs that
    /// are not a multiple of 64); the last 0–11 pixels go to `rowSextets`. Input counts as in
    /// `rowSextetsOf64`.
    static func rowDozensOf16<E: Epilogue>(
        _ input: UnsafePointer<Float>, pixels: Int, inputs ni: Int,
        weights: UnsafePointer<Float>, bias: UnsafePointer<Float>, outputs no: Int,
        layout: ChannelLayout?, epilogue e: E, into output: UnsafeMutablePointer<Float>
    ) {
        switch ni {
        case 16: dozensOf16(Channels16.self, input, pixels, ni, weights, bias, no, layout, e, output)
        case 64: dozensOf16(Channels64.self, input, pixels, ni, weights, bias, no, layout, e, output)
        default: dozensOf16(AnyCount.self, input, pixels, ni, weights, bias, no, layout, e, output)
        }
    }

    /// `rowDozensOf16`'s walk for `N` inputs (`inputs` if `N` is `AnyCount`), specialised as
    /// `sextetsOf64`.
    private static func dozensOf16<N: StaticCount, E: Epilogue>(
        _: N.Type, _ input: UnsafePointer<Float>, _ pixels: Int, _ inputs: Int, _ weights: UnsafePointer<Float>,
        _ bias: UnsafePointer<Float>, _ no: Int, _ layout: ChannelLayout?, _ e: E,
        _ output: UnsafeMutablePointer<Float>
    ) {
        let ni = N.value > 0 ? N.value : inputs
        precondition(no % 16 == 0)
        let (ps, gs) = (layout?.pixelStride ?? no, layout?.groupStride ?? 8)
        var p = 0
        while p + 12 <= pixels {
            let x = input + p * ni
            for o in stride(from: 0, to: no, by: 16) {
                // 16 outputs of pixels p…p+11: bias + Σ_c x[c]·w[c][o…o+15]
                var s = Dozen16(repeating: bias.loadVector(at: o))
                var (w, end, xc) = (weights + o, weights + o + ni * no, x)
                while w < end {
                    s.add(w.loadVector(at: 0), times: xc, inputs: ni)
                    w += no
                    xc += 1
                }
                s.store(output + p * ps + o / 8 * gs, pixelStride: ps, groupStride: gs, epilogue: e, channel: o)
            }
            p += 12
        }
        if p < pixels {
            rowSextets(
                input + p * ni, pixels: pixels - p, inputs: ni, weights: weights, bias: bias, outputs: no,
                layout: layout, epilogue: e, into: output + p * ps)
        }
    }

    /// `row` six pixels at a time in 8-lane vectors; the last 0–5 pixels go to `rowQuads`, and so do
    /// the last 8 when 2 would be left (two quads, not a pair in 4-lane vectors at half the rate).
    static func rowSextets<E: Epilogue>(
        _ input: UnsafePointer<Float>, pixels: Int, inputs ni: Int,
        weights: UnsafePointer<Float>, bias: UnsafePointer<Float>, outputs no: Int,
        layout: ChannelLayout?, epilogue e: E, into output: UnsafeMutablePointer<Float>
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
                y.storeVector(e(a0, at: o), at: 0)
                y.storeVector(e(a1, at: o + 8), at: gs)
                y.storeVector(e(b0, at: o), at: ps)
                y.storeVector(e(b1, at: o + 8), at: ps + gs)
                y.storeVector(e(c0, at: o), at: 2 * ps)
                y.storeVector(e(c1, at: o + 8), at: 2 * ps + gs)
                y.storeVector(e(d0, at: o), at: 3 * ps)
                y.storeVector(e(d1, at: o + 8), at: 3 * ps + gs)
                y.storeVector(e(e0, at: o), at: 4 * ps)
                y.storeVector(e(e1, at: o + 8), at: 4 * ps + gs)
                y.storeVector(e(f0, at: o), at: 5 * ps)
                y.storeVector(e(f1, at: o + 8), at: 5 * ps + gs)
            }
            p += 6
        }
        if p < pixels {
            rowQuads(
                input + p * ni, pixels: pixels - p, inputs: ni, weights: weights, bias: bias, outputs: no,
                layout: layout, epilogue: e, into: output + p * ps)
        }
    }

    /// `row` four pixels at a time in 8-lane vectors; the last 0–3 pixels go to `rowPairs`.
    static func rowQuads<E: Epilogue>(
        _ input: UnsafePointer<Float>, pixels: Int, inputs ni: Int,
        weights: UnsafePointer<Float>, bias: UnsafePointer<Float>, outputs no: Int,
        layout: ChannelLayout?, epilogue e: E, into output: UnsafeMutablePointer<Float>
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
                y.storeVector(e(a0, at: o), at: 0)
                y.storeVector(e(a1, at: o + 8), at: gs)
                y.storeVector(e(b0, at: o), at: ps)
                y.storeVector(e(b1, at: o + 8), at: ps + gs)
                y.storeVector(e(c0, at: o), at: 2 * ps)
                y.storeVector(e(c1, at: o + 8), at: 2 * ps + gs)
                y.storeVector(e(d0, at: o), at: 3 * ps)
                y.storeVector(e(d1, at: o + 8), at: 3 * ps + gs)
            }
            p += 4
        }
        if p < pixels {
            rowPairs(
                input + p * ni, pixels: pixels - p, inputs: ni, weights: weights, bias: bias, outputs: no,
                layout: layout, epilogue: e, into: output + p * ps)
        }
    }

    /// `row` two pixels at a time in 4-lane vectors.
    static func rowPairs<E: Epilogue>(
        _ input: UnsafePointer<Float>, pixels: Int, inputs ni: Int,
        weights: UnsafePointer<Float>, bias: UnsafePointer<Float>, outputs no: Int,
        layout: ChannelLayout?, epilogue e: E, into output: UnsafeMutablePointer<Float>
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
                y0.storeVector(e(a0, at: o), at: 0)
                y0.storeVector(e(a1, at: o + 4), at: 4)
                y0.storeVector(e(a2, at: o + 8), at: gs)
                y0.storeVector(e(a3, at: o + 12), at: gs + 4)
                y1.storeVector(e(b0, at: o), at: 0)
                y1.storeVector(e(b1, at: o + 4), at: 4)
                y1.storeVector(e(b2, at: o + 8), at: gs)
                y1.storeVector(e(b3, at: o + 12), at: gs + 4)
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
                (a, b) = (e(a, at: o), e(b, at: o + 16))
                (c, d) = (e(c, at: o + 32), e(d, at: o + 48))
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
                a = e(a, at: o)
                let y = output + p * ps + o / 8 * gs
                y.storeVector(a.lowHalf, at: 0)
                y.storeVector(a.highHalf, at: gs)
            }
        }
    }

    /// Scalar reference twin of `row`.
    static func rowScalar(
        _ input: [Float], pixels: Int, inputs ni: Int, weights: [Float], bias: [Float], outputs no: Int,
        slopes: [Float]? = nil
    ) -> [Float] {
        var out = [Float](repeating: 0, count: pixels * no)
        for p in 0..<pixels {
            for o in 0..<no {
                var s = bias[o]
                for c in 0..<ni { s += input[p * ni + c] * weights[c * no + o] }
                out[p * no + o] = slopes.map { PReLU.apply(s, slope: $0[o]) } ?? s
            }
        }
        return out
    }
}

/// The sums of 64 outputs (four 16-lane vectors) for six pixels: `rowSextetsOf64`'s 24 registers.
struct Sextet64 {
    /// Pixel k's outputs 16j…16j+15 in `pkxj`.
    var p0x0, p0x1, p0x2, p0x3, p1x0, p1x1, p1x2, p1x3, p2x0, p2x1, p2x2, p2x3: SIMD16<Float>
    var p3x0, p3x1, p3x2, p3x3, p4x0, p4x1, p4x2, p4x3, p5x0, p5x1, p5x2, p5x3: SIMD16<Float>

    /// Every pixel's sums set to the 64 floats at `bias`.
    @inline(__always)
    init(repeating bias: UnsafePointer<Float>) {
        let (b0, b1, b2, b3) = (
            bias.loadVector(at: 0), bias.loadVector(at: 16), bias.loadVector(at: 32), bias.loadVector(at: 48)
        )
        (p0x0, p0x1, p0x2, p0x3) = (b0, b1, b2, b3)
        (p1x0, p1x1, p1x2, p1x3) = (b0, b1, b2, b3)
        (p2x0, p2x1, p2x2, p2x3) = (b0, b1, b2, b3)
        (p3x0, p3x1, p3x2, p3x3) = (b0, b1, b2, b3)
        (p4x0, p4x1, p4x2, p4x3) = (b0, b1, b2, b3)
        (p5x0, p5x1, p5x2, p5x3) = (b0, b1, b2, b3)
    }

    /// Adds one input channel of each pixel (pixel k's at `x[k·inputs]`) times the weights `w0…w3`.
    @inline(__always)
    mutating func add(
        _ w0: SIMD16<Float>, _ w1: SIMD16<Float>, _ w2: SIMD16<Float>, _ w3: SIMD16<Float>,
        times x: UnsafePointer<Float>, inputs ni: Int
    ) {
        var s = SIMD16<Float>(repeating: x[0])
        (p0x0, p0x1, p0x2, p0x3) = (
            multiplyAdd(s, w0, p0x0), multiplyAdd(s, w1, p0x1), multiplyAdd(s, w2, p0x2), multiplyAdd(s, w3, p0x3)
        )
        s = SIMD16<Float>(repeating: x[ni])
        (p1x0, p1x1, p1x2, p1x3) = (
            multiplyAdd(s, w0, p1x0), multiplyAdd(s, w1, p1x1), multiplyAdd(s, w2, p1x2), multiplyAdd(s, w3, p1x3)
        )
        s = SIMD16<Float>(repeating: x[2 * ni])
        (p2x0, p2x1, p2x2, p2x3) = (
            multiplyAdd(s, w0, p2x0), multiplyAdd(s, w1, p2x1), multiplyAdd(s, w2, p2x2), multiplyAdd(s, w3, p2x3)
        )
        s = SIMD16<Float>(repeating: x[3 * ni])
        (p3x0, p3x1, p3x2, p3x3) = (
            multiplyAdd(s, w0, p3x0), multiplyAdd(s, w1, p3x1), multiplyAdd(s, w2, p3x2), multiplyAdd(s, w3, p3x3)
        )
        s = SIMD16<Float>(repeating: x[4 * ni])
        (p4x0, p4x1, p4x2, p4x3) = (
            multiplyAdd(s, w0, p4x0), multiplyAdd(s, w1, p4x1), multiplyAdd(s, w2, p4x2), multiplyAdd(s, w3, p4x3)
        )
        s = SIMD16<Float>(repeating: x[5 * ni])
        (p5x0, p5x1, p5x2, p5x3) = (
            multiplyAdd(s, w0, p5x0), multiplyAdd(s, w1, p5x1), multiplyAdd(s, w2, p5x2), multiplyAdd(s, w3, p5x3)
        )
    }

    /// Pixel k's 64 sums, channels `channel…channel+63`, through `e` to `y + k·pixelStride`, 8 channels
    /// per `groupStride`.
    @inline(__always)
    func store<E: Epilogue>(
        _ y: UnsafeMutablePointer<Float>, pixelStride ps: Int, groupStride gs: Int, epilogue e: E, channel o: Int
    ) {
        storeSixteen(p0x0, p0x1, p0x2, p0x3, y, gs, e, o)
        storeSixteen(p1x0, p1x1, p1x2, p1x3, y + ps, gs, e, o)
        storeSixteen(p2x0, p2x1, p2x2, p2x3, y + 2 * ps, gs, e, o)
        storeSixteen(p3x0, p3x1, p3x2, p3x3, y + 3 * ps, gs, e, o)
        storeSixteen(p4x0, p4x1, p4x2, p4x3, y + 4 * ps, gs, e, o)
        storeSixteen(p5x0, p5x1, p5x2, p5x3, y + 5 * ps, gs, e, o)
    }
}

/// The sums of 16 outputs (one 16-lane vector) for twelve pixels: `rowDozensOf16`'s registers.
struct Dozen16 {
    /// Pixel k's 16 outputs in `pk`.
    var p0, p1, p2, p3, p4, p5, p6, p7, p8, p9, p10, p11: SIMD16<Float>

    /// Every pixel's sums set to `bias`.
    @inline(__always)
    init(repeating b: SIMD16<Float>) {
        (p0, p1, p2, p3, p4, p5, p6, p7, p8, p9, p10, p11) = (b, b, b, b, b, b, b, b, b, b, b, b)
    }

    /// Adds one input channel of each pixel (pixel k's at `x[k·inputs]`) times the weights `w`.
    @inline(__always)
    mutating func add(_ w: SIMD16<Float>, times x: UnsafePointer<Float>, inputs ni: Int) {
        p0 = multiplyAdd(SIMD16(repeating: x[0]), w, p0)
        p1 = multiplyAdd(SIMD16(repeating: x[ni]), w, p1)
        p2 = multiplyAdd(SIMD16(repeating: x[2 * ni]), w, p2)
        p3 = multiplyAdd(SIMD16(repeating: x[3 * ni]), w, p3)
        p4 = multiplyAdd(SIMD16(repeating: x[4 * ni]), w, p4)
        p5 = multiplyAdd(SIMD16(repeating: x[5 * ni]), w, p5)
        p6 = multiplyAdd(SIMD16(repeating: x[6 * ni]), w, p6)
        p7 = multiplyAdd(SIMD16(repeating: x[7 * ni]), w, p7)
        p8 = multiplyAdd(SIMD16(repeating: x[8 * ni]), w, p8)
        p9 = multiplyAdd(SIMD16(repeating: x[9 * ni]), w, p9)
        p10 = multiplyAdd(SIMD16(repeating: x[10 * ni]), w, p10)
        p11 = multiplyAdd(SIMD16(repeating: x[11 * ni]), w, p11)
    }

    /// Pixel k's 16 sums, channels `channel…channel+15`, through `e` to `y + k·pixelStride`, 8 channels
    /// per `groupStride`.
    @inline(__always)
    func store<E: Epilogue>(
        _ y: UnsafeMutablePointer<Float>, pixelStride ps: Int, groupStride gs: Int, epilogue e: E, channel o: Int
    ) {
        let (p0, p1, p2, p3) = (e(p0, at: o), e(p1, at: o), e(p2, at: o), e(p3, at: o))
        let (p4, p5, p6, p7) = (e(p4, at: o), e(p5, at: o), e(p6, at: o), e(p7, at: o))
        let (p8, p9, p10, p11) = (e(p8, at: o), e(p9, at: o), e(p10, at: o), e(p11, at: o))
        y.storeVector(p0.lowHalf, at: 0)
        y.storeVector(p0.highHalf, at: gs)
        y.storeVector(p1.lowHalf, at: ps)
        y.storeVector(p1.highHalf, at: ps + gs)
        y.storeVector(p2.lowHalf, at: 2 * ps)
        y.storeVector(p2.highHalf, at: 2 * ps + gs)
        y.storeVector(p3.lowHalf, at: 3 * ps)
        y.storeVector(p3.highHalf, at: 3 * ps + gs)
        y.storeVector(p4.lowHalf, at: 4 * ps)
        y.storeVector(p4.highHalf, at: 4 * ps + gs)
        y.storeVector(p5.lowHalf, at: 5 * ps)
        y.storeVector(p5.highHalf, at: 5 * ps + gs)
        y.storeVector(p6.lowHalf, at: 6 * ps)
        y.storeVector(p6.highHalf, at: 6 * ps + gs)
        y.storeVector(p7.lowHalf, at: 7 * ps)
        y.storeVector(p7.highHalf, at: 7 * ps + gs)
        y.storeVector(p8.lowHalf, at: 8 * ps)
        y.storeVector(p8.highHalf, at: 8 * ps + gs)
        y.storeVector(p9.lowHalf, at: 9 * ps)
        y.storeVector(p9.highHalf, at: 9 * ps + gs)
        y.storeVector(p10.lowHalf, at: 10 * ps)
        y.storeVector(p10.highHalf, at: 10 * ps + gs)
        y.storeVector(p11.lowHalf, at: 11 * ps)
        y.storeVector(p11.highHalf, at: 11 * ps + gs)
    }
}

/// Four 16-lane vectors (channels `channel…channel+63`) through `e` to `y`, 8 channels per `groupStride`.
@inline(__always)
private func storeSixteen<E: Epilogue>(
    _ a: SIMD16<Float>, _ b: SIMD16<Float>, _ c: SIMD16<Float>, _ d: SIMD16<Float>, _ y: UnsafeMutablePointer<Float>,
    _ gs: Int, _ e: E, _ o: Int
) {
    let (a, b) = (e(a, at: o), e(b, at: o + 16))
    let (c, d) = (e(c, at: o + 32), e(d, at: o + 48))
    y.storeVector(a.lowHalf, at: 0)
    y.storeVector(a.highHalf, at: gs)
    y.storeVector(b.lowHalf, at: 2 * gs)
    y.storeVector(b.highHalf, at: 3 * gs)
    y.storeVector(c.lowHalf, at: 4 * gs)
    y.storeVector(c.highHalf, at: 5 * gs)
    y.storeVector(d.lowHalf, at: 6 * gs)
    y.storeVector(d.highHalf, at: 7 * gs)
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
