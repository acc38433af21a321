/// Depthwise 3×3 convolution (stride 1, pad 1) of one output row of a channel-last map.
///
/// The three input rows (above, middle, below) hold `width + 2` pixels each: a zero pixel, the
/// row, a zero pixel, so no tap needs a bounds test; a missing row above or below is a zero row.
/// `weights[(ky·3 + kx)·channels + c]`; `channels` is a multiple of 8. The kernel takes the row
/// in tiles and each tile one group of 8 channels at a time. In x86-64-v3 builds it walks the
/// tile eight pixels at a time: eight sums of 9 dependent multiply-adds in flight (with two or
/// four, the 4-cycle latency of each chain, not the arithmetic, set the pace) and 10 loads per
/// input row for 8 pixels instead of 24. Portable builds (whose SSE registers hold no more) and
/// the last pixels keep the group's nine weights and bias in registers and walk two pixels at a
/// time (the pair shares the middle taps). In x86-64-v4 builds, blocked rows (each group's pixels
/// contiguous) are walked sixteen pixels at a time, two per 16-lane register (`PixelPairs`): the
/// nine weights (each group's 8 repeated in both halves) stay in registers beside eight sums, and
/// each multiply-add does 16 lanes of work instead of 8. (Taking all groups of an 8-pixel block before the
/// next block, in address order, was slower: the compiler then hoisted and spilled weights.) Groups of 8 rather than 4 are faster in
/// both builds (paired runs, 12 photos: ×0.929 portable, ×0.936 x86-64-v3). Every walk adds the
/// taps in the scalar twin's order, so they agree to the bit.
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

    /// Floats of one input row that a tile spans (about 6 KB: the tile's three input rows and its
    /// output row stay in the 32 KB L1 cache while every channel group walks them).
    static let tileFloats = 1536

    /// `output[x][c] = bias[c] + Σ_{ky,kx} row_ky[x + kx][c]·weights[ky·3 + kx][c]`, then ReLU if asked.
    /// The input rows are channel-last, or laid out as `inputLayout` says (`ChannelLayout`: with
    /// `pixelStride` 8, each group's padded row contiguous, the layout `SeparableBlock` gives its
    /// 1×1 rows in x86-64-v3 builds, so that each group's walk reads memory in order); the output
    /// is channel-last. The row is cut into tiles of a multiple of 8 pixels (`tileFloats`), each
    /// done whole by `tile` before the next: walking the full row once per channel group would
    /// read it from L2 eight times for 64 channels. YuNet's channel counts (16, 32, 64), the
    /// activation (`relu` or `slopes`, an ``Epilogue``) and the layout are passed on as types, so that
    /// the compiler folds every tap's offset into its load instruction and leaves no activation test
    /// in the loop (with `nc` a variable, the nine row pointers spilled). `slopes` (PReLU, one per
    /// channel) and `relu` exclude each other. `walk` is the build's choice by default; tests try each.
    static func row(
        _ above: UnsafePointer<Float>, _ middle: UnsafePointer<Float>, _ below: UnsafePointer<Float>,
        width: Int, channels nc: Int, weights: UnsafePointer<Float>, bias: UnsafePointer<Float>, relu: Bool,
        slopes: UnsafePointer<Float>? = nil, inputLayout: ChannelLayout? = nil, walk: Walk = .default,
        into output: UnsafeMutablePointer<Float>
    ) {
        precondition(nc % 8 == 0 && (inputLayout.map { $0.pixelStride == 8 } ?? true) && !(relu && slopes != nil))
        let rows = Rows(above: above, middle: middle, below: below, groupStride: inputLayout?.groupStride ?? 8)
        switch nc {
        case 16: dispatch(Channels16.self, rows, width, weights, bias, relu, slopes, inputLayout != nil, walk, output)
        case 32: dispatch(Channels32.self, rows, width, weights, bias, relu, slopes, inputLayout != nil, walk, output)
        case 64: dispatch(Channels64.self, rows, width, weights, bias, relu, slopes, inputLayout != nil, walk, output)
        default:
            let ps = inputLayout == nil ? nc : 8
            if let slopes {
                anyChannels(PReLUEpilogue(slopes: slopes), rows, width, nc, ps, weights, bias, walk, output)
            } else if relu {
                anyChannels(ReLUEpilogue(), rows, width, nc, ps, weights, bias, walk, output)
            } else {
                anyChannels(NoEpilogue(), rows, width, nc, ps, weights, bias, walk, output)
            }
        }
    }

    /// `row` tile by tile for any channel count, with the epilogue `E` compiled in.
    private static func anyChannels<E: Epilogue>(
        _ e: E, _ rows: Rows, _ width: Int, _ nc: Int, _ ps: Int, _ weights: UnsafePointer<Float>,
        _ bias: UnsafePointer<Float>, _ walk: Walk, _ output: UnsafeMutablePointer<Float>
    ) {
        let step = max(8, tileFloats / nc & ~7)
        var x = 0
        while x < width {
            let n = min(step, width - x)
            tile(
                rows.shifted(x * ps), width: n, channels: nc, pixelStride: ps, weights: weights, bias: bias,
                epilogue: e, walk: walk, into: output + x * nc)
            x += n
        }
    }

    /// The three input rows of `row` and the floats from one channel group to the next in each.
    struct Rows {
        /// The rows above, at and below the output row.
        let above: UnsafePointer<Float>, middle: UnsafePointer<Float>, below: UnsafePointer<Float>
        /// Floats from one group of 8 channels to the next.
        let groupStride: Int

        /// The rows from `offset` floats on.
        @inline(__always)
        func shifted(_ offset: Int) -> Rows {
            Rows(above: above + offset, middle: middle + offset, below: below + offset, groupStride: groupStride)
        }
    }

    /// `row` for the channel count `C`, with the activation (an ``Epilogue``) and `blocked` (input layout)
    /// made types.
    private static func dispatch<C: StaticCount>(
        _ c: C.Type, _ rows: Rows, _ width: Int, _ weights: UnsafePointer<Float>, _ bias: UnsafePointer<Float>,
        _ relu: Bool, _ slopes: UnsafePointer<Float>?, _ blocked: Bool, _ walk: Walk,
        _ output: UnsafeMutablePointer<Float>
    ) {
        if let slopes {
            let e = PReLUEpilogue(slopes: slopes)
            if blocked {
                tiles(c, e, True.self, rows, width, weights, bias, walk, output)
            } else {
                tiles(c, e, False.self, rows, width, weights, bias, walk, output)
            }
            return
        }
        switch (relu, blocked) {
        case (true, true): tiles(c, ReLUEpilogue(), True.self, rows, width, weights, bias, walk, output)
        case (true, false): tiles(c, ReLUEpilogue(), False.self, rows, width, weights, bias, walk, output)
        case (false, true): tiles(c, NoEpilogue(), True.self, rows, width, weights, bias, walk, output)
        case (false, false): tiles(c, NoEpilogue(), False.self, rows, width, weights, bias, walk, output)
        }
    }

    /// `row` tile by tile, for the channel count `C`, the epilogue `E` and the input layout `B`
    /// (blocked or channel-last) as compile-time constants (each triple is its own specialisation).
    private static func tiles<C: StaticCount, E: Epilogue, B: StaticFlag>(
        _: C.Type, _ e: E, _: B.Type, _ rows: Rows, _ width: Int, _ weights: UnsafePointer<Float>,
        _ bias: UnsafePointer<Float>, _ walk: Walk, _ output: UnsafeMutablePointer<Float>
    ) {
        let nc = C.value
        let ps = B.value ? 8 : nc
        // (Blocked rows are read in address order group by group, in tiles of at least 32 pixels,
        // so that each group's walk is long; 2048 output floats per tile measured best.)
        let step = B.value ? max(32, 2048 / nc & ~15) : max(8, tileFloats / nc & ~7)
        var x = 0
        while x < width {
            let n = min(step, width - x)
            tile(
                rows.shifted(x * ps), width: n, channels: nc, pixelStride: ps, weights: weights, bias: bias,
                epilogue: e, walk: walk, into: output + x * nc)
            x += n
        }
    }

    /// How many pixels of a channel group `row` takes per step.
    enum Walk {
        /// Two pixels in 8-lane registers, weights in registers (the portable builds' walk).
        case pairs
        /// Eight pixels in 8-lane registers, weights read from L1 (x86-64-v3 builds).
        case octets
        /// Sixteen pixels, two per 16-lane register, on blocked rows (x86-64-v4 builds); channel-last
        /// rows are walked as `octets`.
        case sixteens

        /// The build's walk.
        #if X86_64_V4
            static let `default` = Walk.sixteens
        #elseif X86_64_V3
            static let `default` = Walk.octets
        #else
            static let `default` = Walk.pairs
        #endif
    }

    /// `row` on `width` pixels, one channel group at a time.
    @inline(__always)
    private static func tile<E: Epilogue>(
        _ rows: Rows, width: Int, channels nc: Int, pixelStride ps: Int, weights: UnsafePointer<Float>,
        bias: UnsafePointer<Float>, epilogue e: E, walk: Walk, into output: UnsafeMutablePointer<Float>
    ) {
        let octets = walk != .pairs
        let sixteens = walk == .sixteens && ps == 8
        for g in stride(from: 0, to: nc, by: 8) {
            let (w0, w1, w2, w3, w4, w5, w6, w7, w8, b) = DepthwiseConvolution.groupWeights(
                weights, bias, channels: nc, group: g)
            let group = g / 8 * rows.groupStride
            var r0 = rows.above + group
            var r1 = rows.middle + group
            var r2 = rows.below + group
            var y = output + g
            var x = 0
            if sixteens {
                let (v0, v1, v2) = (
                    SIMD16(lowHalf: w0, highHalf: w0), SIMD16(lowHalf: w1, highHalf: w1),
                    SIMD16(lowHalf: w2, highHalf: w2)
                )
                let (v3, v4, v5) = (
                    SIMD16(lowHalf: w3, highHalf: w3), SIMD16(lowHalf: w4, highHalf: w4),
                    SIMD16(lowHalf: w5, highHalf: w5)
                )
                let (v6, v7, v8) = (
                    SIMD16(lowHalf: w6, highHalf: w6), SIMD16(lowHalf: w7, highHalf: w7),
                    SIMD16(lowHalf: w8, highHalf: w8)
                )
                while x + 16 <= width {
                    // channels g…g+7 of pixels x…x+15, two per register: bias + the 9 taps each, in the
                    // scalar twin's order
                    var s = PixelPairs(repeating: SIMD16(lowHalf: b, highHalf: b))
                    s.addTaps(r0, v0, v1, v2)
                    s.addTaps(r1, v3, v4, v5)
                    s.addTaps(r2, v6, v7, v8)
                    s.apply(e, at: g)
                    s.store(y, pixelStride: nc)
                    r0 += 16 * ps
                    r1 += 16 * ps
                    r2 += 16 * ps
                    y += 16 * nc
                    x += 16
                }
            }
            while octets && x + 8 <= width {
                // channels g…g+7 of pixels x…x+7: bias + the 9 taps each, in the scalar twin's order
                // (weights read from L1 each time: nine in registers beside eight sums would spill)
                var s = Octet(repeating: bias.loadVector(SIMD8<Float>.self, at: g))
                addTaps(r0, ps, weights + g, nc, 0, &s)
                addTaps(r1, ps, weights + g, nc, 3, &s)
                addTaps(r2, ps, weights + g, nc, 6, &s)
                s.apply(e, at: g)
                s.store(y, pixelStride: nc)
                r0 += 8 * ps
                r1 += 8 * ps
                r2 += 8 * ps
                y += 8 * nc
                x += 8
            }
            while x + 2 <= width {
                // channels g…g+7 of pixels x and x+1: bias + the 9 taps each, in the scalar twin's order
                var a = b
                var c = b
                addTaps(r0, ps, w0, w1, w2, &a, &c)
                addTaps(r1, ps, w3, w4, w5, &a, &c)
                addTaps(r2, ps, w6, w7, w8, &a, &c)
                y.storeVector(e(a, at: g), at: 0)
                y.storeVector(e(c, at: g), at: nc)
                r0 += 2 * ps
                r1 += 2 * ps
                r2 += 2 * ps
                y += 2 * nc
                x += 2
            }
            if x < width {
                // channels g…g+7 of the last pixel
                var a = b
                addTaps(r0, ps, w0, w1, w2, &a)
                addTaps(r1, ps, w3, w4, w5, &a)
                addTaps(r2, ps, w6, w7, w8, &a)
                y.storeVector(e(a, at: g), at: 0)
            }
        }
    }

    /// `row` on input rows without the zero pixels at their ends (`width` pixels each, channel-last; a missing
    /// row above or below is a zero row of `width` pixels), PReLU by `slopes` after it if given: the edge pixels
    /// by `edgePixel`, the others by `row` on the same rows, which pixel 0 starts as the zero pixel would.
    static func tightRow(
        _ above: UnsafePointer<Float>, _ middle: UnsafePointer<Float>, _ below: UnsafePointer<Float>,
        width: Int, channels nc: Int, weights: UnsafePointer<Float>, bias: UnsafePointer<Float>,
        slopes: UnsafePointer<Float>?, walk: Walk = .default, into output: UnsafeMutablePointer<Float>
    ) {
        precondition(nc % 8 == 0 && width > 0)
        let rows = (above, middle, below)
        edgePixel(rows, 0, stride: 1, width: width, channels: nc, weights, bias, slopes, into: output)
        guard width > 1 else { return }
        edgePixel(rows, width - 1, stride: 1, width: width, channels: nc, weights, bias, slopes, into: output)
        guard width > 2 else { return }
        if walk == .sixteens && nc % 16 == 0 {
            interiorInSixteens(
                rows, stride: 1, pixels: 1..<(width - 1), channels: nc, weights, bias, slopes, into: output)
            return
        }
        row(
            above, middle, below, width: width - 2, channels: nc, weights: weights, bias: bias, relu: false,
            slopes: slopes, walk: walk, into: output + nc)
    }

    /// Output pixels `pixels` of a depthwise 3×3 (pad 1, `stride` 1 or 2) on tight channel-last rows, every tap of
    /// them inside the rows (`tightRow`'s interior), then PReLU if `slopes`: 16 channels per vector (`channels` a
    /// multiple of 16; x86-64-v4 builds' walk for SFace's 32 to 1024 channels), eight pixels at a time (eight
    /// independent sums beside the nine weights, in registers), then four, then one; in tiles of about 2048 output
    /// floats, each done for every channel group before the next, so that the tile's input stays in L1. Each sum
    /// adds its taps in the scalar twin's order.
    @inline(__always)
    static func interiorInSixteens(
        _ rows: (UnsafePointer<Float>, UnsafePointer<Float>, UnsafePointer<Float>), stride: Int, pixels: Range<Int>,
        channels nc: Int, _ weights: UnsafePointer<Float>, _ bias: UnsafePointer<Float>,
        _ slopes: UnsafePointer<Float>?, into output: UnsafeMutablePointer<Float>
    ) {
        precondition(nc % 16 == 0)
        let tile = max(8, 2048 / nc & ~7)
        let step = stride * nc
        var start = pixels.lowerBound
        while start < pixels.upperBound {
            let end = min(start + tile, pixels.upperBound)
            for g in Swift.stride(from: 0, to: nc, by: 16) {
                let t = weights + g
                let (w0, w1, w2) = (t.loadVector(at: 0), t.loadVector(at: nc), t.loadVector(at: 2 * nc))
                let (w3, w4, w5) = (t.loadVector(at: 3 * nc), t.loadVector(at: 4 * nc), t.loadVector(at: 5 * nc))
                let (w6, w7, w8) = (t.loadVector(at: 6 * nc), t.loadVector(at: 7 * nc), t.loadVector(at: 8 * nc))
                let b = bias.loadVector(SIMD16<Float>.self, at: g)
                let k = slopes.map { $0.loadVector(SIMD16<Float>.self, at: g) }
                var x = start
                while x + 8 <= end {
                    // channels g…g+15 of pixels x…x+7: bias + the 9 taps each, in the scalar twin's order
                    var s = Octet16(repeating: b)
                    let first = (stride * x - 1) * nc + g
                    s.addTaps(rows.0 + first, step, nc, w0, w1, w2)
                    s.addTaps(rows.1 + first, step, nc, w3, w4, w5)
                    s.addTaps(rows.2 + first, step, nc, w6, w7, w8)
                    if let k { s.prelu(k) }
                    s.store(output + x * nc + g, pixelStride: nc)
                    x += 8
                }
                while x < end {
                    // channels g…g+15 of pixel x
                    let first = (stride * x - 1) * nc + g
                    let (r0, r1, r2) = (rows.0 + first, rows.1 + first, rows.2 + first)
                    var a = multiplyAdd(r0.loadVector(at: 0), w0, b)
                    a = multiplyAdd(r0.loadVector(at: nc), w1, a)
                    a = multiplyAdd(r0.loadVector(at: 2 * nc), w2, a)
                    a = multiplyAdd(r1.loadVector(at: 0), w3, a)
                    a = multiplyAdd(r1.loadVector(at: nc), w4, a)
                    a = multiplyAdd(r1.loadVector(at: 2 * nc), w5, a)
                    a = multiplyAdd(r2.loadVector(at: 0), w6, a)
                    a = multiplyAdd(r2.loadVector(at: nc), w7, a)
                    a = multiplyAdd(r2.loadVector(at: 2 * nc), w8, a)
                    if let k { a = a.prelu(k) }
                    output.storeVector(a, at: x * nc + g)
                    x += 1
                }
            }
            start = end
        }
    }

    /// Output pixel `x` of a depthwise 3×3 (pad 1, `stride` 1 or 2) on tight rows of `width` pixels
    /// (`tightRow`): bias + the taps inside the row, in the scalar twin's order, then PReLU if `slopes`.
    static func edgePixel(
        _ rows: (UnsafePointer<Float>, UnsafePointer<Float>, UnsafePointer<Float>), _ x: Int, stride: Int,
        width: Int, channels nc: Int, _ weights: UnsafePointer<Float>, _ bias: UnsafePointer<Float>,
        _ slopes: UnsafePointer<Float>?, into output: UnsafeMutablePointer<Float>
    ) {
        let first = stride * x - 1
        for g in Swift.stride(from: 0, to: nc, by: 8) {
            // channels g…g+7 of output pixel x: bias + Σ over the taps inside the row
            var a = bias.loadVector(SIMD8<Float>.self, at: g)
            for ky in 0..<3 {
                let r = ky == 0 ? rows.0 : ky == 1 ? rows.1 : rows.2
                for kx in 0..<3 where first + kx >= 0 && first + kx < width {
                    a = multiplyAdd(
                        r.loadVector(SIMD8<Float>.self, at: (first + kx) * nc + g),
                        weights.loadVector(SIMD8<Float>.self, at: (ky * 3 + kx) * nc + g), a)
                }
            }
            output.storeVector(PReLU.apply(a, slopes, at: g), at: x * nc + g)
        }
    }

    /// Adds one input row's three taps (weights `wl`, `wm`, `wr` for the pixels left of, at and
    /// right of the output) to the sums of two neighbouring pixels, `a` and `c`, which share the
    /// middle two loads.
    @inline(__always)
    private static func addTaps(
        _ r: UnsafePointer<Float>, _ ps: Int, _ wl: SIMD8<Float>, _ wm: SIMD8<Float>, _ wr: SIMD8<Float>,
        _ a: inout SIMD8<Float>, _ c: inout SIMD8<Float>
    ) {
        let l = r.loadVector(SIMD8<Float>.self, at: 0)
        let m = r.loadVector(SIMD8<Float>.self, at: ps)
        let n = r.loadVector(SIMD8<Float>.self, at: 2 * ps)
        let o = r.loadVector(SIMD8<Float>.self, at: 3 * ps)
        a = multiplyAdd(l, wl, a)
        c = multiplyAdd(m, wl, c)
        a = multiplyAdd(m, wm, a)
        c = multiplyAdd(n, wm, c)
        a = multiplyAdd(n, wr, a)
        c = multiplyAdd(o, wr, c)
    }

    /// `addTaps` for eight neighbouring pixels, which share their loads (10 for 8 pixels); the three
    /// weights are taps `first`, `first + 1`, `first + 2` of the group at `w`. Input k is the left
    /// tap of pixel k, the middle one of pixel k − 1 and the right one of pixel k − 2, so each sum
    /// still adds its taps left to right.
    @inline(__always)
    private static func addTaps(
        _ r: UnsafePointer<Float>, _ ps: Int, _ w: UnsafePointer<Float>, _ nc: Int, _ first: Int, _ s: inout Octet
    ) {
        let wl = w.loadVector(SIMD8<Float>.self, at: first * nc)
        let wm = w.loadVector(SIMD8<Float>.self, at: (first + 1) * nc)
        let wr = w.loadVector(SIMD8<Float>.self, at: (first + 2) * nc)
        var p = r.loadVector(SIMD8<Float>.self, at: 0)
        s.s0 = multiplyAdd(p, wl, s.s0)
        p = r.loadVector(SIMD8<Float>.self, at: ps)
        s.s1 = multiplyAdd(p, wl, s.s1)
        s.s0 = multiplyAdd(p, wm, s.s0)
        p = r.loadVector(SIMD8<Float>.self, at: 2 * ps)
        s.s2 = multiplyAdd(p, wl, s.s2)
        s.s1 = multiplyAdd(p, wm, s.s1)
        s.s0 = multiplyAdd(p, wr, s.s0)
        p = r.loadVector(SIMD8<Float>.self, at: 3 * ps)
        s.s3 = multiplyAdd(p, wl, s.s3)
        s.s2 = multiplyAdd(p, wm, s.s2)
        s.s1 = multiplyAdd(p, wr, s.s1)
        p = r.loadVector(SIMD8<Float>.self, at: 4 * ps)
        s.s4 = multiplyAdd(p, wl, s.s4)
        s.s3 = multiplyAdd(p, wm, s.s3)
        s.s2 = multiplyAdd(p, wr, s.s2)
        p = r.loadVector(SIMD8<Float>.self, at: 5 * ps)
        s.s5 = multiplyAdd(p, wl, s.s5)
        s.s4 = multiplyAdd(p, wm, s.s4)
        s.s3 = multiplyAdd(p, wr, s.s3)
        p = r.loadVector(SIMD8<Float>.self, at: 6 * ps)
        s.s6 = multiplyAdd(p, wl, s.s6)
        s.s5 = multiplyAdd(p, wm, s.s5)
        s.s4 = multiplyAdd(p, wr, s.s4)
        p = r.loadVector(SIMD8<Float>.self, at: 7 * ps)
        s.s7 = multiplyAdd(p, wl, s.s7)
        s.s6 = multiplyAdd(p, wm, s.s6)
        s.s5 = multiplyAdd(p, wr, s.s5)
        p = r.loadVector(SIMD8<Float>.self, at: 8 * ps)
        s.s7 = multiplyAdd(p, wm, s.s7)
        s.s6 = multiplyAdd(p, wr, s.s6)
        p = r.loadVector(SIMD8<Float>.self, at: 9 * ps)
        s.s7 = multiplyAdd(p, wr, s.s7)
    }

    /// `addTaps` for one pixel.
    @inline(__always)
    private static func addTaps(
        _ r: UnsafePointer<Float>, _ ps: Int, _ wl: SIMD8<Float>, _ wm: SIMD8<Float>, _ wr: SIMD8<Float>,
        _ a: inout SIMD8<Float>
    ) {
        a = multiplyAdd(r.loadVector(SIMD8<Float>.self, at: 0), wl, a)
        a = multiplyAdd(r.loadVector(SIMD8<Float>.self, at: ps), wm, a)
        a = multiplyAdd(r.loadVector(SIMD8<Float>.self, at: 2 * ps), wr, a)
    }

    /// Scalar reference twin of `row` on a whole `height`×`width` map (no padding in `input`;
    /// taps outside the map count as zero).
    static func mapScalar(
        _ input: [Float], height h: Int, width w: Int, channels nc: Int, weights: [Float], bias: [Float], relu: Bool,
        slopes: [Float]? = nil
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
                    s = relu ? max(s, 0) : s
                    out[(y * w + x) * nc + c] = slopes.map { PReLU.apply(s, slope: $0[c]) } ?? s
                }
            }
        }
        return out
    }
}

/// The sums of one channel group for eight neighbouring pixels (eight registers).
struct Octet {
    /// Pixels 0…7.
    var s0, s1, s2, s3, s4, s5, s6, s7: SIMD8<Float>

    /// Every pixel's sum `v`.
    @inline(__always)
    init(repeating v: SIMD8<Float>) { (s0, s1, s2, s3, s4, s5, s6, s7) = (v, v, v, v, v, v, v, v) }

    /// Every sum (channels `channel…channel+7`) through `e`.
    @inline(__always)
    mutating func apply<E: Epilogue>(_ e: E, at g: Int) {
        (s0, s1, s2, s3) = (e(s0, at: g), e(s1, at: g), e(s2, at: g), e(s3, at: g))
        (s4, s5, s6, s7) = (e(s4, at: g), e(s5, at: g), e(s6, at: g), e(s7, at: g))
    }

    /// Pixel k's sum to `y + k·pixelStride`.
    @inline(__always)
    func store(_ y: UnsafeMutablePointer<Float>, pixelStride n: Int) {
        y.storeVector(s0, at: 0)
        y.storeVector(s1, at: n)
        y.storeVector(s2, at: 2 * n)
        y.storeVector(s3, at: 3 * n)
        y.storeVector(s4, at: 4 * n)
        y.storeVector(s5, at: 5 * n)
        y.storeVector(s6, at: 6 * n)
        y.storeVector(s7, at: 7 * n)
    }
}

/// The sums of 16 channels for eight output pixels, `interiorInSixteens`'s registers.
struct Octet16 {
    /// Pixels 0…7.
    var s0, s1, s2, s3, s4, s5, s6, s7: SIMD16<Float>

    /// Every pixel's sum `v`.
    @inline(__always)
    init(repeating v: SIMD16<Float>) { (s0, s1, s2, s3, s4, s5, s6, s7) = (v, v, v, v, v, v, v, v) }

    /// Adds one input row's three taps (weights `wl`, `wm`, `wr`): pixel k's left tap is at `r + k·step`, its
    /// middle and right ones `nc` and `2·nc` floats on.
    @inline(__always)
    mutating func addTaps(
        _ r: UnsafePointer<Float>, _ step: Int, _ nc: Int, _ wl: SIMD16<Float>, _ wm: SIMD16<Float>,
        _ wr: SIMD16<Float>
    ) {
        addTap(r, step, wl)
        addTap(r + nc, step, wm)
        addTap(r + 2 * nc, step, wr)
    }

    /// Adds pixel k's input at `t + k·step` times `w` to its sum, for every k.
    @inline(__always)
    mutating func addTap(_ t: UnsafePointer<Float>, _ step: Int, _ w: SIMD16<Float>) {
        s0 = multiplyAdd(t.loadVector(at: 0), w, s0)
        s1 = multiplyAdd(t.loadVector(at: step), w, s1)
        s2 = multiplyAdd(t.loadVector(at: 2 * step), w, s2)
        s3 = multiplyAdd(t.loadVector(at: 3 * step), w, s3)
        s4 = multiplyAdd(t.loadVector(at: 4 * step), w, s4)
        s5 = multiplyAdd(t.loadVector(at: 5 * step), w, s5)
        s6 = multiplyAdd(t.loadVector(at: 6 * step), w, s6)
        s7 = multiplyAdd(t.loadVector(at: 7 * step), w, s7)
    }

    /// Negative sums times `k` (PReLU).
    @inline(__always)
    mutating func prelu(_ k: SIMD16<Float>) {
        (s0, s1, s2, s3) = (s0.prelu(k), s1.prelu(k), s2.prelu(k), s3.prelu(k))
        (s4, s5, s6, s7) = (s4.prelu(k), s5.prelu(k), s6.prelu(k), s7.prelu(k))
    }

    /// Pixel k's sum to `y + k·pixelStride`.
    @inline(__always)
    func store(_ y: UnsafeMutablePointer<Float>, pixelStride n: Int) {
        y.storeVector(s0, at: 0)
        y.storeVector(s1, at: n)
        y.storeVector(s2, at: 2 * n)
        y.storeVector(s3, at: 3 * n)
        y.storeVector(s4, at: 4 * n)
        y.storeVector(s5, at: 5 * n)
        y.storeVector(s6, at: 6 * n)
        y.storeVector(s7, at: 7 * n)
    }
}

/// The sums of one channel group for sixteen neighbouring pixels of a blocked row, two per 16-lane
/// register: pixels 2k and 2k + 1 in the low and high halves of `sk` (eight registers).
struct PixelPairs {
    /// Pixels 0…15, in pairs.
    var s0, s1, s2, s3, s4, s5, s6, s7: SIMD16<Float>

    /// Every pixel's sum `v`.
    @inline(__always)
    init(repeating v: SIMD16<Float>) { (s0, s1, s2, s3, s4, s5, s6, s7) = (v, v, v, v, v, v, v, v) }

    /// Adds one input row's three taps (weights `wl`, `wm`, `wr`, each group's 8 in both halves) to
    /// every pair; `r` is the input pixel left of pixel 0, and input pixel j is at `r + 8j`. Input
    /// pair `ek` (pixels 2k, 2k + 1) is pair k's left tap and pair k − 1's right one; the middle taps
    /// are the halves between two loaded pairs (a shuffle instead of a load across cache lines).
    /// The left taps of every pair go first, then the middle, then the right ones: eight independent
    /// sums side by side, each still adding its taps left to right.
    @inline(__always)
    mutating func addTaps(_ r: UnsafePointer<Float>, _ wl: SIMD16<Float>, _ wm: SIMD16<Float>, _ wr: SIMD16<Float>) {
        let e0 = r.loadVector(at: 0)
        let e1 = r.loadVector(at: 16)
        let e2 = r.loadVector(at: 32)
        let e3 = r.loadVector(at: 48)
        let e4 = r.loadVector(at: 64)
        let e5 = r.loadVector(at: 80)
        let e6 = r.loadVector(at: 96)
        let e7 = r.loadVector(at: 112)
        let e8 = r.loadVector(at: 128)
        s0 = multiplyAdd(e0, wl, s0)
        s1 = multiplyAdd(e1, wl, s1)
        s2 = multiplyAdd(e2, wl, s2)
        s3 = multiplyAdd(e3, wl, s3)
        s4 = multiplyAdd(e4, wl, s4)
        s5 = multiplyAdd(e5, wl, s5)
        s6 = multiplyAdd(e6, wl, s6)
        s7 = multiplyAdd(e7, wl, s7)
        s0 = multiplyAdd(Self.between(e0, e1), wm, s0)
        s1 = multiplyAdd(Self.between(e1, e2), wm, s1)
        s2 = multiplyAdd(Self.between(e2, e3), wm, s2)
        s3 = multiplyAdd(Self.between(e3, e4), wm, s3)
        s4 = multiplyAdd(Self.between(e4, e5), wm, s4)
        s5 = multiplyAdd(Self.between(e5, e6), wm, s5)
        s6 = multiplyAdd(Self.between(e6, e7), wm, s6)
        s7 = multiplyAdd(Self.between(e7, e8), wm, s7)
        s0 = multiplyAdd(e1, wr, s0)
        s1 = multiplyAdd(e2, wr, s1)
        s2 = multiplyAdd(e3, wr, s2)
        s3 = multiplyAdd(e4, wr, s3)
        s4 = multiplyAdd(e5, wr, s4)
        s5 = multiplyAdd(e6, wr, s5)
        s6 = multiplyAdd(e7, wr, s6)
        s7 = multiplyAdd(e8, wr, s7)
    }

    /// The pixels between two neighbouring pairs: `e`'s high half and `f`'s low half.
    @inline(__always)
    static func between(_ e: SIMD16<Float>, _ f: SIMD16<Float>) -> SIMD16<Float> {
        SIMD16(lowHalf: e.highHalf, highHalf: f.lowHalf)
    }

    /// Every pair's sums (channels `channel…channel+7` in both halves) through `e`.
    @inline(__always)
    mutating func apply<E: Epilogue>(_ e: E, at g: Int) {
        (s0, s1, s2, s3) = (e.pairs(s0, at: g), e.pairs(s1, at: g), e.pairs(s2, at: g), e.pairs(s3, at: g))
        (s4, s5, s6, s7) = (e.pairs(s4, at: g), e.pairs(s5, at: g), e.pairs(s6, at: g), e.pairs(s7, at: g))
    }

    /// Pixel k's sum to `y + k·pixelStride`.
    @inline(__always)
    func store(_ y: UnsafeMutablePointer<Float>, pixelStride n: Int) {
        y.storeVector(s0.lowHalf, at: 0)
        y.storeVector(s0.highHalf, at: n)
        y.storeVector(s1.lowHalf, at: 2 * n)
        y.storeVector(s1.highHalf, at: 3 * n)
        y.storeVector(s2.lowHalf, at: 4 * n)
        y.storeVector(s2.highHalf, at: 5 * n)
        y.storeVector(s3.lowHalf, at: 6 * n)
        y.storeVector(s3.highHalf, at: 7 * n)
        y.storeVector(s4.lowHalf, at: 8 * n)
        y.storeVector(s4.highHalf, at: 9 * n)
        y.storeVector(s5.lowHalf, at: 10 * n)
        y.storeVector(s5.highHalf, at: 11 * n)
        y.storeVector(s6.lowHalf, at: 12 * n)
        y.storeVector(s6.highHalf, at: 13 * n)
        y.storeVector(s7.lowHalf, at: 14 * n)
        y.storeVector(s7.highHalf, at: 15 * n)
    }
}

/// An integer fixed by a type, for kernels specialised on it (a generic parameter's static value
/// is a constant in each specialisation).
protocol StaticCount {
    /// The integer.
    static var value: Int { get }
}

/// A flag fixed by a type (see `StaticCount`).
protocol StaticFlag {
    /// The flag.
    static var value: Bool { get }
}

/// 16 channels.
enum Channels16: StaticCount { static var value: Int { 16 } }
/// 32 channels.
enum Channels32: StaticCount { static var value: Int { 32 } }
/// 64 channels.
enum Channels64: StaticCount { static var value: Int { 64 } }
/// 128 channels.
enum Channels128: StaticCount { static var value: Int { 128 } }
/// 256 channels.
enum Channels256: StaticCount { static var value: Int { 256 } }
/// 512 channels.
enum Channels512: StaticCount { static var value: Int { 512 } }
/// 1024 channels.
enum Channels1024: StaticCount { static var value: Int { 1024 } }
/// A count not fixed by the type (0): the kernel takes the one it is passed.
enum AnyCount: StaticCount { static var value: Int { 0 } }
/// Yes.
enum True: StaticFlag { static var value: Bool { true } }
/// No.
enum False: StaticFlag { static var value: Bool { false } }
