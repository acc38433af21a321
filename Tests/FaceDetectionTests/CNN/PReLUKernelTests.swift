import Testing

@testable import FaceDetection

/// Largest absolute difference between two equally long arrays (fails when the lengths differ).
private func worstDifference(_ a: [Float], _ b: [Float]) -> Float {
    #expect(a.count == b.count)
    return zip(a, b).map { abs($0 - $1) }.max() ?? 0
}

/// The 1×1 kernels with their PReLU epilogue against the scalar twin: every pixel loop and tail, outputs that are
/// and are not multiples of 64, and weights large enough (512 → 1024) for the 64-output panels to go outside.
@Test(arguments: [0, 4, 6, 12, 64])
func pointwisePReLUMatchesScalarTwin(group: Int) {
    var rng = TestRandom(state: 11)
    for (pixels, inputs, outputs) in [(1, 3, 16), (7, 32, 64), (13, 17, 128), (49, 64, 64), (8, 512, 1024)]
    where group != 64 || outputs % 64 == 0 {
        let x = rng.floats(pixels * inputs)
        let (w, b, slopes) = (rng.floats(inputs * outputs), rng.floats(outputs), rng.floats(outputs))
        var y = [Float](repeating: .nan, count: pixels * outputs)
        y.withUnsafeMutableBufferPointer { out in
            // Safety: x, w, b, slopes and out hold exactly the counts `row` reads and writes.
            let o = out.baseAddress!
            slopes.withUnsafeBufferPointer { s in
                let e = PReLUEpilogue(slopes: s.baseAddress!)
                switch group {
                case 64:
                    PointwiseConvolution.rowSextetsOf64(
                        x, pixels: pixels, inputs: inputs, weights: w, bias: b, outputs: outputs, layout: nil,
                        epilogue: e, into: o)
                case 12:
                    PointwiseConvolution.rowDozensOf16(
                        x, pixels: pixels, inputs: inputs, weights: w, bias: b, outputs: outputs, layout: nil,
                        epilogue: e, into: o)
                case 6:
                    PointwiseConvolution.rowSextets(
                        x, pixels: pixels, inputs: inputs, weights: w, bias: b, outputs: outputs, layout: nil,
                        epilogue: e, into: o)
                case 4:
                    PointwiseConvolution.rowQuads(
                        x, pixels: pixels, inputs: inputs, weights: w, bias: b, outputs: outputs, layout: nil,
                        epilogue: e, into: o)
                default:
                    PointwiseConvolution.rowPairs(
                        x, pixels: pixels, inputs: inputs, weights: w, bias: b, outputs: outputs, layout: nil,
                        epilogue: e, into: o)
                }
            }
        }
        let expected = PointwiseConvolution.rowScalar(
            x, pixels: pixels, inputs: inputs, weights: w, bias: b, outputs: outputs, slopes: slopes)
        #expect(expected.contains { $0 < 0 } && expected.contains { $0 > 0 })
        #expect(worstDifference(y, expected) < 1e-3, "\(pixels) px, \(inputs)→\(outputs)")
    }
}

/// The depthwise 3×3 with pad 1 on rows without zero pixels (`tightRow`, stride 1 and 2) and its PReLU against the
/// scalar twins: widths 1…14 (both edges, the interior's walks and their tails, odd widths at stride 2) and the
/// channel counts with kernels of their own (32, 64) and without (24, 128).
@Test(arguments: [DepthwiseConvolution.Walk.pairs, .octets, .sixteens])
func depthwiseTightRowsMatchScalarTwins(walk: DepthwiseConvolution.Walk) {
    var rng = TestRandom(state: 12)
    for (h, w, c) in [
        (1, 1, 32), (2, 2, 64), (3, 3, 24), (4, 7, 128), (7, 7, 32), (5, 14, 64), (14, 14, 128), (3, 23, 32),
    ] {
        let input = rng.floats(h * w * c)
        let (weights, bias, slopes) = (rng.floats(9 * c), rng.floats(c), rng.floats(c))
        let zero = [Float](repeating: 0, count: w * c)
        for stride in [1, 2] {
            let (oh, ow) = stride == 1 ? (h, w) : ((h + 1) / 2, (w + 1) / 2)
            var output = [Float](repeating: .nan, count: oh * ow * c)
            input.withUnsafeBufferPointer { p in
                zero.withUnsafeBufferPointer { z in
                    output.withUnsafeMutableBufferPointer { o in
                        // Safety: rows r − 1…r + 1 of the h×w×c input (or the zero row of w·c floats) and output row y.
                        for y in 0..<oh {
                            let r = stride * y
                            let above = r > 0 ? p.baseAddress! + (r - 1) * w * c : z.baseAddress!
                            let below = r + 1 < h ? p.baseAddress! + (r + 1) * w * c : z.baseAddress!
                            let (middle, out) = (p.baseAddress! + r * w * c, o.baseAddress! + y * ow * c)
                            if stride == 1 {
                                DepthwiseConvolution.tightRow(
                                    above, middle, below, width: w, channels: c, weights: weights, bias: bias,
                                    slopes: slopes, walk: walk, into: out)
                            } else {
                                StridedDepthwiseConvolution.tightRow(
                                    above, middle, below, inputWidth: w, channels: c, weights: weights, bias: bias,
                                    slopes: slopes, into: out)
                            }
                        }
                    }
                }
            }
            let expected =
                stride == 1
                ? DepthwiseConvolution.mapScalar(
                    input, height: h, width: w, channels: c, weights: weights, bias: bias, relu: false, slopes: slopes)
                : StridedDepthwiseConvolution.mapScalar(
                    input, height: h, width: w, channels: c, weights: weights, bias: bias, padBefore: 1, slopes: slopes)
            #expect(worstDifference(output, expected) < 1e-5, "\(h)×\(w)×\(c) stride \(stride)")
        }
    }
}
