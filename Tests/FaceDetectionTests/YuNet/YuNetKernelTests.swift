import Foundation
import Testing

@testable import FaceDetection

/// Largest absolute difference between two equally long arrays (fails when the lengths differ).
private func worstDifference(_ a: [Float], _ b: [Float]) -> Float {
    #expect(a.count == b.count)
    return zip(a, b).map { abs($0 - $1) }.max() ?? 0
}

/// The 1×1 convolution's kernels against their scalar twin: pixel counts that exercise the
/// sextet, quad and pair loops and every tail (14 pixels: a sextet and two quads), input channels
/// that are not multiples of 4, one to five output blocks (the last pixel's 64-output loop and its
/// 16-output rest); outputs channel-last and blocked (`ChannelLayout`). Group 12 is the 16-lane
/// kernel of 12 pixels × 16 outputs, group 64 the one of 6 pixels × 64 outputs (sizes whose outputs
/// are a multiple of 64), with YuNet's input counts 16 and 64 (constants inside) and others.
@Test(arguments: [0, 4, 6, 12, 64], [false, true])
func pointwiseRowMatchesScalarTwin(group: Int, blocked: Bool) {
    var rng = TestRandom(state: 1)
    let sizes = [
        (1, 3, 16), (2, 16, 16), (3, 27, 32), (7, 5, 48), (10, 64, 64), (13, 17, 32), (17, 16, 16), (5, 9, 80),
        (14, 7, 32), (25, 64, 64), (24, 16, 16), (30, 64, 16), (13, 16, 128), (19, 5, 192),
    ]
    for (pixels, inputs, outputs) in sizes where group != 64 || outputs % 64 == 0 {
        let x = rng.floats(pixels * inputs)
        let w = rng.floats(inputs * outputs)
        let b = rng.floats(outputs)
        let layout = blocked ? ChannelLayout(pixelStride: 8, groupStride: 8 * pixels) : nil
        var y = [Float](repeating: .nan, count: pixels * outputs)
        y.withUnsafeMutableBufferPointer { out in
            // Safety: x, w, b and out hold exactly the counts `row` reads and writes.
            let o = out.baseAddress!
            if group == 64 {
                PointwiseConvolution.rowSextetsOf64(
                    x, pixels: pixels, inputs: inputs, weights: w, bias: b, outputs: outputs, layout: layout,
                    epilogue: NoEpilogue(), into: o)
            } else if group == 12 {
                PointwiseConvolution.rowDozensOf16(
                    x, pixels: pixels, inputs: inputs, weights: w, bias: b, outputs: outputs, layout: layout,
                    epilogue: NoEpilogue(), into: o)
            } else if group == 6 {
                PointwiseConvolution.rowSextets(
                    x, pixels: pixels, inputs: inputs, weights: w, bias: b, outputs: outputs, layout: layout,
                    epilogue: NoEpilogue(), into: o)
            } else if group == 4 {
                PointwiseConvolution.rowQuads(
                    x, pixels: pixels, inputs: inputs, weights: w, bias: b, outputs: outputs, layout: layout,
                    epilogue: NoEpilogue(), into: o)
            } else {
                PointwiseConvolution.rowPairs(
                    x, pixels: pixels, inputs: inputs, weights: w, bias: b, outputs: outputs, layout: layout,
                    epilogue: NoEpilogue(), into: o)
            }
        }
        // Blocked: channel c of pixel p at (c / 8)·8·pixels + p·8 + c % 8; back to channel-last.
        let channelLast =
            blocked
            ? (0..<(pixels * outputs)).map { i in y[(i % outputs) / 8 * 8 * pixels + i / outputs * 8 + i % 8] } : y
        let expected = PointwiseConvolution.rowScalar(
            x, pixels: pixels, inputs: inputs, weights: w, bias: b, outputs: outputs)
        #expect(worstDifference(channelLast, expected) < 1e-4, "\(pixels) px, \(inputs)→\(outputs)")
    }
}

/// The depthwise 3×3 against its scalar twin on odd widths and heights, with and without ReLU:
/// each output row from the zero-padded rows above, at and below it (zero rows at the edges),
/// channel-last or blocked (each group of 8 channels a padded row of its own).
@Test(arguments: [DepthwiseConvolution.Walk.pairs, .octets, .sixteens], [false, true])
func depthwiseRowMatchesScalarTwin(walk: DepthwiseConvolution.Walk, blocked: Bool) {
    var rng = TestRandom(state: 2)
    for (h, w, c) in [(1, 1, 8), (2, 3, 8), (3, 5, 16), (4, 2, 24), (5, 9, 32), (2, 30, 64), (3, 101, 16), (2, 47, 64)]
    {
        for relu in [false, true] {
            let input = rng.floats(h * w * c)
            let weights = rng.floats(9 * c)
            let bias = rng.floats(c)
            // Rows of w + 2 pixels (a zero pixel at each end); padded[0] and padded[h + 1] are zero rows.
            let rowLength = (w + 2) * c
            var padded = [Float](repeating: 0, count: (h + 2) * rowLength)
            for y in 0..<h {
                for i in 0..<(w * c) {
                    // pixel i / c, channel i % c, after the zero pixel
                    let at = blocked ? (i % c) / 8 * (w + 2) * 8 + (i / c + 1) * 8 + i % 8 : c + i
                    padded[(y + 1) * rowLength + at] = input[y * w * c + i]
                }
            }
            let layout = blocked ? ChannelLayout(pixelStride: 8, groupStride: (w + 2) * 8) : nil
            var output = [Float](repeating: .nan, count: h * w * c)
            padded.withUnsafeBufferPointer { p in
                output.withUnsafeMutableBufferPointer { o in
                    // Safety: rows y, y+1, y+2 of `padded` and row y of `output` are in bounds for y < h.
                    for y in 0..<h {
                        let above = p.baseAddress! + y * rowLength
                        DepthwiseConvolution.row(
                            above, above + rowLength, above + 2 * rowLength, width: w, channels: c,
                            weights: weights, bias: bias, relu: relu, inputLayout: layout, walk: walk,
                            into: o.baseAddress! + y * w * c)
                    }
                }
            }
            let expected = DepthwiseConvolution.mapScalar(
                input, height: h, width: w, channels: c, weights: weights, bias: bias, relu: relu)
            #expect(worstDifference(output, expected) < 1e-5, "\(h)×\(w)×\(c) relu \(relu)")
        }
    }
}

/// The stride-2 stem's two kernels (six pixels at a time and one) against their scalar twin on odd image sizes, with output maps that cover the
/// image exactly and ones that reach into the zero padding (as YuNet's multiple-of-32 input does).
@Test(arguments: [false, true])
func stemRowMatchesScalarTwin(sextets: Bool) {
    var rng = TestRandom(state: 3)
    let stem = StemConvolution(weights: rng.floats(27 * 16), bias: rng.floats(16))
    for (width, height, extra) in [(1, 1, 0), (3, 5, 0), (7, 2, 1), (33, 17, 3), (26, 3, 0)] {
        let pixels = rng.floats(width * height * 3).map { UInt8(($0 + 1) * 127.5) }
        let image = RGBImage(width: width, height: height, pixels: pixels)
        let outW = (width + 1) / 2 + extra
        let outH = (height + 1) / 2 + extra
        let n = StemConvolution.rowCount(outputWidth: outW)
        var rows = [Float](repeating: 0, count: 3 * n)
        var output = [Float](repeating: .nan, count: outH * outW * 16)
        rows.withUnsafeMutableBufferPointer { r in
            output.withUnsafeMutableBufferPointer { o in
                // Safety: three rows of rowCount floats; output row oy holds outW·16 floats.
                let r0 = r.baseAddress!
                for oy in 0..<outH {
                    for k in 0..<3 {
                        StemConvolution.fillRow(image, 2 * oy - 1 + k, outputWidth: outW, into: r0 + k * n)
                    }
                    let y = o.baseAddress! + oy * outW * 16
                    if sextets {
                        stem.rowSextets(r0, r0 + n, r0 + 2 * n, outputWidth: outW, into: y)
                    } else {
                        stem.rowSingles(r0, r0 + n, r0 + 2 * n, outputWidth: outW, into: y)
                    }
                }
            }
        }
        let expected = stem.scalar(image, outputHeight: outH, outputWidth: outW)
        // Sums of 27 products of bytes (≤ 255) and weights (≤ 1): float rounding is near 1e-3.
        #expect(worstDifference(output, expected) < 1e-2, "\(width)×\(height) + \(extra)")
    }
}

/// 2×2 max-pool and nearest ×2 upsample-add against their scalar twins, odd map sizes for the
/// upsample (its low-resolution map is ⌈h/2⌉×⌈w/2⌉).
@Test func resamplingRowsMatchScalarTwins() {
    var rng = TestRandom(state: 4)
    for (h, w, c) in [(2, 2, 4), (4, 6, 8), (6, 10, 16)] {
        let x = rng.floats(h * w * c)
        let ow = w / 2
        var pooled = [Float](repeating: .nan, count: (h / 2) * ow * c)
        x.withUnsafeBufferPointer { p in
            pooled.withUnsafeMutableBufferPointer { o in
                // Safety: input rows 2y and 2y+1 (w·c floats each) and output row y are in bounds for y < h/2.
                for y in 0..<(h / 2) {
                    ChannelLastResampling.maxPoolRow(
                        p.baseAddress! + 2 * y * w * c, p.baseAddress! + (2 * y + 1) * w * c, width: ow, channels: c,
                        into: o.baseAddress! + y * ow * c)
                }
            }
        }
        #expect(pooled == ChannelLastResampling.maxPoolScalar(x, height: h, width: w, channels: c), "\(h)×\(w)×\(c)")
    }
    for (h, w, c) in [(1, 1, 4), (3, 5, 8), (5, 2, 4), (7, 9, 16)] {
        let lw = (w + 1) / 2
        let low = rng.floats(((h + 1) / 2) * lw * c)
        let skip = rng.floats(h * w * c)
        var output = [Float](repeating: .nan, count: h * w * c)
        low.withUnsafeBufferPointer { l in
            skip.withUnsafeBufferPointer { s in
                output.withUnsafeMutableBufferPointer { o in
                    // Safety: row y of skip and output (w·c floats) and row y/2 of low (lw·c) are in bounds.
                    for y in 0..<h {
                        ChannelLastResampling.upsampleAddRow(
                            s.baseAddress! + y * w * c, l.baseAddress! + (y / 2) * lw * c, width: w, channels: c,
                            into: o.baseAddress! + y * w * c)
                    }
                }
            }
        }
        let expected = ChannelLastResampling.upsampleAddScalar(low, skip, height: h, width: w, channels: c)
        #expect(output == expected, "\(h)×\(w)×\(c)")
    }
}

/// `maximum` is the lane-wise larger value for the two vector widths the kernels use.
@Test func simdMaximumIsLaneWiseMax() {
    var rng = TestRandom(state: 5)
    let a = SIMD16<Float>(rng.floats(16))
    let b = SIMD16<Float>(rng.floats(16))
    let m16 = maximum(a, b)
    let m8 = maximum(a.lowHalf, b.lowHalf)
    let m4 = maximum(a.lowHalf.lowHalf, b.lowHalf.lowHalf)
    for i in 0..<16 { #expect(m16[i] == max(a[i], b[i])) }
    for i in 0..<8 { #expect(m8[i] == max(a[i], b[i])) }
    for i in 0..<4 { #expect(m4[i] == max(a[i], b[i])) }
}

/// Splitting rows across threads changes nothing: a whole network run on two threads gives the
/// same outputs, bit for bit, as on one (each value is computed by the same code in the same order).
@Test func yunetRunOnTwoThreadsEqualsOneThread() throws {
    let net = try BuiltinModels.yunetN.get()
    let pixels = (0..<(97 * 61 * 3)).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 13) }
    let image = RGBImage(width: 97, height: 61, pixels: pixels)
    let one = net.run(on: image, threads: 1)
    let two = net.run(on: image, threads: 2)
    let four = net.run(on: image, threads: 4)
    #expect(one.levels.count == 3)
    for (a, (b, c)) in zip(one.levels, zip(two.levels, four.levels)) {
        #expect(a.cls == b.cls && a.obj == b.obj && a.bbox == b.bbox && a.kps == b.kps, "stride \(a.stride)")
        #expect(a.cls == c.cls && a.obj == c.obj && a.bbox == c.bbox && a.kps == c.kps, "stride \(a.stride)")
    }
}

/// The streamed first layers give the same outputs, to the bit, however their rows are cut: in
/// bands of 1, 3 or 7 stride-8 rows (each band's edges recomputed) and strips on 1–3 threads.
@Test func yunetStreamedFrontIgnoresBandsAndStrips() throws {
    let net = try BuiltinModels.yunetN.get()
    let pixels = (0..<(45 * 190 * 3)).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 11) }
    let image = RGBImage(width: 45, height: 190, pixels: pixels)
    let whole = net.run(on: image, threads: 1)
    for (bandRows, threads) in [(1, 1), (3, 2), (7, 3), (1, 2)] {
        let cut = net.run(on: image, threads: threads, shouldStop: { false }, bandRows: bandRows) { _ in }
        for (a, b) in zip(whole.levels, cut.levels) {
            #expect(
                a.cls == b.cls && a.obj == b.obj && a.bbox == b.bbox && a.kps == b.kps,
                "stride \(a.stride), bands of \(bandRows), \(threads) threads")
        }
    }
}

/// `exponential` against the C library's `exp`: within 2 ulp over the range it covers (and the
/// lane-wise form equal to the one-value form to the bit), clamped beyond it, and the sigmoid
/// built on it within 1e-7 of the library's.
@Test func exponentialMatchesTheCLibrary() {
    var rng = TestRandom(state: 4)
    let values = rng.floats(4000).map { $0 * 88 } + [-87.3, -20, -1, -1e-6, 0, 1e-6, 0.5, 1, 20, 88.3, -200, 200]
    for start in stride(from: 0, to: values.count - 8, by: 8) {
        let x = SIMD8<Float>(values[start..<(start + 8)])
        let lanes = exponential(x)
        for k in 0..<8 {
            let v = min(max(x[k], -87.3), 88.3)
            let expected = Float(Foundation.exp(Double(v)))
            #expect(lanes[k] == exponential(x[k]), "\(x[k])")
            #expect(abs(lanes[k] - expected) <= 2 * expected.ulp, "e^\(x[k]): \(lanes[k]) vs \(expected)")
            let sigmoid = 1 / (1 + exponential(-x[k]))
            #expect(abs(sigmoid - Float(1 / (1 + Foundation.exp(-Double(x[k]))))) < 1e-7, "sigmoid \(x[k])")
        }
    }
}
