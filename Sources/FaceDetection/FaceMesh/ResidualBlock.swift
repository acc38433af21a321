/// The building block of MediaPipe's face landmark network (BlazeFace's "BlazeBlock"):
/// `y = PReLU(skip(x) + Conv1×1(DepthwiseConv3×3(x)))` on channel-last maps.
///
/// Stride 1: the depthwise convolution pads 1 on every side and `skip(x) = x`. Stride 2: the
/// depthwise convolution pads as TensorFlow's SAME does for even sizes (nothing before, 1 after)
/// and `skip(x)` is a 2×2 max-pool of `x`, with zero channels appended when the 1×1 convolution
/// widens the map. Channels are 16, 32, 64 or 128.
///
/// The input is a `BorderedFeatureMap`, whose zero border is the depthwise convolution's padding.
/// The block runs one output row at a time: the depthwise row into a small buffer that stays in
/// the cache, the 1×1 convolution of that row straight into the output, then `finishRow` adds the
/// skip and applies the PReLU in place; the output is the next block's bordered map, or a tight
/// map for the dense layer after the last block. (Maps under 8 pixels wide go through each step
/// whole instead.)
struct ResidualBlock: Sendable {
    /// Input and output channels (multiples of 16; `outputs ≥ inputs`).
    let inputs: Int, outputs: Int
    /// 1 or 2.
    let stride: Int
    /// Depthwise weights `[9][inputs]` (tap-major) and bias.
    let dw: [Float], dwBias: [Float]
    /// 1×1 weights `[inputs][outputs]` and bias.
    let pw: [Float], pwBias: [Float]
    /// The activation after the sum.
    let activation: PReLU

    /// Output rows and columns for an input of `height`×`width`.
    func outputSize(height: Int, width: Int) -> (height: Int, width: Int) { (height / stride, width / stride) }

    /// The block on `input` (`inputs` channels, even sizes when `stride` is 2) into `output`
    /// (reshaped to fit); `row` is a scratch buffer that grows as needed.
    func apply(_ input: BorderedFeatureMap, into output: inout BorderedFeatureMap, row: inout [Float]) {
        let (oh, ow) = outputSize(height: input.height, width: input.width)
        output.reshape(height: oh, width: ow, channels: outputs)
        let (start, line) = (output.offset(0, 0), output.rowStride)
        output.values.withUnsafeMutableBufferPointer { outBuffer in
            // Safety: output row y < oh starts at offset(y, 0) = start + y·line and holds ow·outputs floats.
            run(input, into: outBuffer.baseAddress! + start, rowStride: line, row: &row)
        }
    }

    /// `apply` into a tight `height/stride`×`width/stride`×`outputs` map (`output` grows to fit).
    func apply(_ input: BorderedFeatureMap, into output: inout [Float], row: inout [Float]) {
        let (oh, ow) = outputSize(height: input.height, width: input.width)
        if output.count < oh * ow * outputs { output = [Float](repeating: 0, count: oh * ow * outputs) }
        output.withUnsafeMutableBufferPointer { outBuffer in
            // Safety: output row y < oh holds floats y·ow·outputs …+ow·outputs < the output's count.
            run(input, into: outBuffer.baseAddress!, rowStride: ow * outputs, row: &row)
        }
    }

    /// The block into output rows `out + y·rowStride`, each of `width/stride`·`outputs` floats.
    private func run(
        _ input: BorderedFeatureMap, into out: UnsafeMutablePointer<Float>, rowStride: Int, row: inout [Float]
    ) {
        let (h, w, ni, no) = (input.height, input.width, inputs, outputs)
        precondition(input.channels == ni)
        precondition(stride == 1 || (h % 2 == 0 && w % 2 == 0))
        let (oh, ow) = outputSize(height: h, width: w)
        // Rows shorter than 8 pixels leave the 1×1 kernel's groups of four half empty: such a map goes
        // through it whole, the depthwise map and the 1×1 output side by side in `row`.
        let whole = ow < 8
        let needed = whole ? oh * ow * (ni + no) : ow * ni
        if row.count < needed { row = [Float](repeating: 0, count: needed) }
        let line = input.rowStride
        input.values.withUnsafeBufferPointer { inBuffer in
            row.withUnsafeMutableBufferPointer { rowBuffer in
                dw.withUnsafeBufferPointer { dwb in
                    dwBias.withUnsafeBufferPointer { dbb in
                        pw.withUnsafeBufferPointer { pwb in
                            pwBias.withUnsafeBufferPointer { pbb in
                                activation.slopes.withUnsafeBufferPointer { sb in
                                    // Safety: stride 1 reads input rows oy − 1…oy + 1 from column −1 to w, stride
                                    // 2 rows 2·oy…2·oy + 2 ≤ h from column 0 to w: all inside the bordered map;
                                    // the row buffer holds ow·ni floats, or oh·ow·(ni + no) for a whole map
                                    // (grown above); weights 9·ni and ni·no, biases ni and no, slopes no floats
                                    // (checked when the block was read).
                                    let x = inBuffer.baseAddress!
                                    let mid = rowBuffer.baseAddress!
                                    let tight = mid + oh * ow * ni
                                    for oy in 0..<oh {
                                        let d = whole ? mid + oy * ow * ni : mid
                                        if stride == 1 {
                                            DepthwiseConvolution.row(
                                                x + input.offset(oy - 1, -1), x + input.offset(oy, -1),
                                                x + input.offset(oy + 1, -1), width: w, channels: ni,
                                                weights: dwb.baseAddress!, bias: dbb.baseAddress!, relu: false,
                                                into: d)
                                        } else {
                                            let top = x + input.offset(2 * oy, 0)
                                            StridedDepthwiseConvolution.row(
                                                top, top + line, top + 2 * line, width: ow, channels: ni,
                                                weights: dwb.baseAddress!, bias: dbb.baseAddress!, into: d)
                                        }
                                        if !whole {
                                            PointwiseConvolution.row(
                                                mid, pixels: ow, inputs: ni, weights: pwb.baseAddress!,
                                                bias: pbb.baseAddress!, outputs: no, into: out + oy * rowStride)
                                        }
                                    }
                                    if whole {
                                        PointwiseConvolution.row(
                                            mid, pixels: oh * ow, inputs: ni, weights: pwb.baseAddress!,
                                            bias: pbb.baseAddress!, outputs: no, into: tight)
                                    }
                                    for oy in 0..<oh {
                                        let y = out + oy * rowStride
                                        if whole { y.update(from: tight + oy * ow * no, count: ow * no) }
                                        Self.finishRow(
                                            y, width: ow, channels: no, slopes: sb.baseAddress!,
                                            skip: x + input.offset(stride * oy, 0), skipChannels: ni,
                                            skipStride: stride, skipRowStride: line)
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// `row[x][c] = PReLU(row[x][c] + skip(x)[c])` for `width` pixels of `channels` floats (a
    /// multiple of 8), in place: `skip(x)[c]` is `skip[x·s·skipChannels + c]` when `skipStride` s is 1,
    /// the maximum of that pixel, the one after it and the two below them (`skipRowStride` floats
    /// further) when s is 2, and 0 for `c ≥ skipChannels` (0 skip channels: the PReLU alone).
    @inline(__always)
    static func finishRow(
        _ row: UnsafeMutablePointer<Float>, width: Int, channels no: Int, slopes: UnsafePointer<Float>,
        skip: UnsafePointer<Float>, skipChannels ni: Int, skipStride: Int, skipRowStride line: Int
    ) {
        for x in 0..<width {
            let o = row + x * no
            let s = skip + x * skipStride * ni
            for c in Swift.stride(from: 0, to: no, by: 8) {
                // PReLU(out + skip) of 8 channels: max(v, 0) + slope·min(v, 0)
                var v = o.loadVector(SIMD8<Float>.self, at: c)
                if c < ni {
                    if skipStride == 1 {
                        v += s.loadVector(SIMD8<Float>.self, at: c)
                    } else {
                        let top = maximum(
                            s.loadVector(SIMD8<Float>.self, at: c), s.loadVector(SIMD8<Float>.self, at: c + ni))
                        let bottom = maximum(
                            s.loadVector(SIMD8<Float>.self, at: c + line),
                            s.loadVector(SIMD8<Float>.self, at: c + line + ni))
                        v += maximum(top, bottom)
                    }
                }
                let slope = slopes.loadVector(SIMD8<Float>.self, at: c)
                o.storeVector(multiplyAdd(minimum(v, .zero), slope, maximum(v, .zero)), at: c)
            }
        }
    }

    /// Scalar reference twin of `apply` on a tight `height`×`width`×`inputs` map: the whole
    /// `height/stride`×`width/stride`×`outputs` output, from the kernels' scalar twins.
    func applyScalar(_ input: [Float], height h: Int, width w: Int) -> [Float] {
        let (oh, ow) = outputSize(height: h, width: w)
        let mid =
            stride == 1
            ? DepthwiseConvolution.mapScalar(
                input, height: h, width: w, channels: inputs, weights: dw, bias: dwBias, relu: false)
            : StridedDepthwiseConvolution.mapScalar(
                input, height: h, width: w, channels: inputs, weights: dw, bias: dwBias)
        var out = PointwiseConvolution.rowScalar(
            mid, pixels: oh * ow, inputs: inputs, weights: pw, bias: pwBias, outputs: outputs)
        for y in 0..<oh {
            for x in 0..<ow {
                for c in 0..<outputs {
                    var v = out[(y * ow + x) * outputs + c]
                    if c < inputs {
                        // skip: the pixel, or the maximum of its 2×2 cell
                        var s = -Float.infinity
                        for dy in 0..<stride {
                            for dx in 0..<stride {
                                s = max(s, input[((stride * y + dy) * w + stride * x + dx) * inputs + c])
                            }
                        }
                        v += s
                    }
                    out[(y * ow + x) * outputs + c] = v < 0 ? v * activation.slopes[c] : v
                }
            }
        }
        return out
    }
}

extension ResidualBlock {
    /// The tensors `name.dw.weight`, `.dw.bias`, `.pw.weight`, `.pw.bias`, `.prelu` of `model`.
    init(_ model: ModelFile, _ name: String, inputs: Int, stride: Int) throws {
        let shape = try model.tensor(name + ".pw.weight", shape: [inputs, -1]).shape
        let outputs = shape[1]
        guard inputs % 16 == 0 && outputs % 16 == 0 && outputs >= inputs && (stride == 2 || outputs == inputs)
        else {
            throw ModelFile.Error.badTensor(name + ".pw.weight", reason: "unsupported channels \(inputs) → \(outputs)")
        }
        self.init(
            inputs: inputs, outputs: outputs, stride: stride,
            dw: try model.floats(name + ".dw.weight", shape: [9, inputs]),
            dwBias: try model.floats(name + ".dw.bias", shape: [inputs]),
            pw: try model.floats(name + ".pw.weight"), pwBias: try model.floats(name + ".pw.bias", shape: [outputs]),
            activation: try model.prelu(name + ".prelu", channels: outputs))
    }
}
