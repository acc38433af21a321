/// Depthwise 3×3 convolution, stride 2, of one output row of a channel-last map, padded as
/// TensorFlow's SAME padding pads an even size: nothing before, one zero row and column after
/// (MediaPipe's networks downsample this way).
///
/// Output pixel x reads input pixels 2x, 2x + 1, 2x + 2 of three input rows, so each row holds
/// `2·width + 1` pixels, the last a zero pixel (and the row below the input is a zero row).
/// `weights[(ky·3 + kx)·channels + c]`; `channels` is a multiple of 8. For each group of 8 channels
/// the nine weights and the bias stay in registers while the kernel walks the row.
enum StridedDepthwiseConvolution {
    /// `output[x][c] = bias[c] + Σ_{ky,kx} row_ky[2x + kx][c]·weights[ky·3 + kx][c]` for `width`
    /// output pixels, then PReLU by `slopes` if given.
    static func row(
        _ above: UnsafePointer<Float>, _ middle: UnsafePointer<Float>, _ below: UnsafePointer<Float>,
        width: Int, channels nc: Int, weights: UnsafePointer<Float>, bias: UnsafePointer<Float>,
        slopes: UnsafePointer<Float>? = nil, into output: UnsafeMutablePointer<Float>
    ) {
        precondition(nc % 8 == 0)
        for g in stride(from: 0, to: nc, by: 8) {
            let (w0, w1, w2, w3, w4, w5, w6, w7, w8, b) = DepthwiseConvolution.groupWeights(
                weights, bias, channels: nc, group: g)
            for x in 0..<width {
                // channels g…g+7 of output pixel x: bias + the 9 taps, in the scalar twin's order
                let o = 2 * x * nc + g
                var a = b
                a = multiplyAdd(above.loadVector(SIMD8<Float>.self, at: o), w0, a)
                a = multiplyAdd(above.loadVector(SIMD8<Float>.self, at: o + nc), w1, a)
                a = multiplyAdd(above.loadVector(SIMD8<Float>.self, at: o + 2 * nc), w2, a)
                a = multiplyAdd(middle.loadVector(SIMD8<Float>.self, at: o), w3, a)
                a = multiplyAdd(middle.loadVector(SIMD8<Float>.self, at: o + nc), w4, a)
                a = multiplyAdd(middle.loadVector(SIMD8<Float>.self, at: o + 2 * nc), w5, a)
                a = multiplyAdd(below.loadVector(SIMD8<Float>.self, at: o), w6, a)
                a = multiplyAdd(below.loadVector(SIMD8<Float>.self, at: o + nc), w7, a)
                a = multiplyAdd(below.loadVector(SIMD8<Float>.self, at: o + 2 * nc), w8, a)
                output.storeVector(PReLU.apply(a, slopes, at: g), at: x * nc + g)
            }
        }
    }

    /// The stride-2 depthwise 3×3 with pad 1 on every side (PyTorch's and ONNX's, SFace's): output pixel x reads
    /// input pixels 2x − 1, 2x, 2x + 1 of input rows of `inputWidth` pixels without zero pixels (channel-last;
    /// a missing row above or below is a zero row of that length), ⌈inputWidth / 2⌉ output pixels, PReLU by
    /// `slopes` if given. The pixels whose taps all lie inside the row go to `row`, the others to
    /// `DepthwiseConvolution.edgePixel`.
    static func tightRow(
        _ above: UnsafePointer<Float>, _ middle: UnsafePointer<Float>, _ below: UnsafePointer<Float>,
        inputWidth w: Int, channels nc: Int, weights: UnsafePointer<Float>, bias: UnsafePointer<Float>,
        slopes: UnsafePointer<Float>?, into output: UnsafeMutablePointer<Float>
    ) {
        precondition(nc % 8 == 0 && w > 0)
        let (ow, inner) = ((w + 1) / 2, max(0, (w - 2) / 2))
        let rows = (above, middle, below)
        DepthwiseConvolution.edgePixel(rows, 0, stride: 2, width: w, channels: nc, weights, bias, slopes, into: output)
        if ow > inner + 1 {
            DepthwiseConvolution.edgePixel(
                rows, ow - 1, stride: 2, width: w, channels: nc, weights, bias, slopes, into: output)
        }
        guard inner > 0 else { return }
        if DepthwiseConvolution.Walk.default == .sixteens && nc % 16 == 0 {
            DepthwiseConvolution.interiorInSixteens(
                rows, stride: 2, pixels: 1..<(inner + 1), channels: nc, weights, bias, slopes, into: output)
            return
        }
        row(
            above + nc, middle + nc, below + nc, width: inner, channels: nc, weights: weights, bias: bias,
            slopes: slopes, into: output + nc)
    }

    /// Scalar reference twin of `row` on a whole `height`×`width` map (even sizes, no padding in
    /// `input`; taps past the right or bottom edge count as zero); the output is half each size. With
    /// `padBefore` 1, the twin of `tightRow`: pad 1 on every side, any size, ⌈size / 2⌉ outputs.
    static func mapScalar(
        _ input: [Float], height h: Int, width w: Int, channels nc: Int, weights: [Float], bias: [Float],
        padBefore: Int = 0, slopes: [Float]? = nil
    ) -> [Float] {
        let (oh, ow) = padBefore == 0 ? (h / 2, w / 2) : ((h + 1) / 2, (w + 1) / 2)
        var out = [Float](repeating: 0, count: oh * ow * nc)
        for y in 0..<oh {
            for x in 0..<ow {
                for c in 0..<nc {
                    var s = bias[c]
                    for ky in 0..<3 {
                        for kx in 0..<3 {
                            let yy = 2 * y + ky - padBefore
                            let xx = 2 * x + kx - padBefore
                            let v = yy < 0 || yy >= h || xx < 0 || xx >= w ? 0 : input[(yy * w + xx) * nc + c]
                            s += v * weights[(ky * 3 + kx) * nc + c]
                        }
                    }
                    out[(y * ow + x) * nc + c] = slopes.map { PReLU.apply(s, slope: $0[c]) } ?? s
                }
            }
        }
        return out
    }
}
