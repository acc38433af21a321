/// The building block of MediaPipe's face landmark network (BlazeFace's "BlazeBlock"):
/// `y = PReLU(skip(x) + Conv1×1(DepthwiseConv3×3(x)))` on channel-last maps.
///
/// Stride 1: the depthwise convolution pads 1 on every side and `skip(x) = x`. Stride 2: the
/// depthwise convolution pads as TensorFlow's SAME does for even sizes (nothing before, 1 after)
/// and `skip(x)` is a 2×2 max-pool of `x`, with zero channels appended when the 1×1 convolution
/// widens the map. Maps are `FeatureMap`s whose pixel stride equals their channel count (16, 32,
/// 64 or 128).
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

    /// The tensors `name.dw.weight`, `.dw.bias`, `.pw.weight`, `.pw.bias`, `.prelu` of `model`.
    init(_ model: ModelFile, _ name: String, inputs: Int, stride: Int) throws {
        let shape = try model.tensor(name + ".pw.weight", shape: [inputs, -1]).shape
        self.inputs = inputs
        outputs = shape[1]
        self.stride = stride
        guard inputs % 16 == 0 && outputs % 16 == 0 && outputs >= inputs && (stride == 2 || outputs == inputs)
        else {
            throw ModelFile.Error.badTensor(name + ".pw.weight", reason: "unsupported channels \(inputs) → \(outputs)")
        }
        dw = try model.floats(name + ".dw.weight", shape: [9, inputs])
        dwBias = try model.floats(name + ".dw.bias", shape: [inputs])
        pw = try model.floats(name + ".pw.weight")
        pwBias = try model.floats(name + ".pw.bias", shape: [outputs])
        activation = try model.prelu(name + ".prelu", channels: outputs)
    }

    /// The block on `input` (`inputs` channels, even sizes when `stride` is 2) into `output`
    /// (reshaped to fit); `padded` and `depthwise` are scratch buffers that grow as needed.
    func apply(
        _ input: FeatureMap, into output: inout FeatureMap, padded: inout [Float], depthwise: inout [Float]
    ) {
        let (h, w, ni, no) = (input.height, input.width, inputs, outputs)
        precondition(input.channels == ni && input.pixelStride == ni)
        precondition(stride == 1 || (h % 2 == 0 && w % 2 == 0))
        let (oh, ow) = (h / stride, w / stride)
        let line = (w + 2) * ni
        if padded.count < (h + 2) * line { padded = [Float](repeating: 0, count: (h + 2) * line) }
        if depthwise.count < oh * ow * ni { depthwise = [Float](repeating: 0, count: oh * ow * ni) }
        output.reshape(height: oh, width: ow, channels: no)
        input.values.withUnsafeBufferPointer { inBuffer in
            padded.withUnsafeMutableBufferPointer { padBuffer in
                // Safety: padded holds (h + 2) rows of (w + 2)·ni floats (grown above); rows 1…h get the
                // input's h·w·ni floats at column 1, the rest is zeroed.
                let src = inBuffer.baseAddress!
                let pad = padBuffer.baseAddress!
                pad.update(repeating: 0, count: line)
                for y in 0..<h {
                    let row = pad + (y + 1) * line
                    row.update(repeating: 0, count: ni)
                    row.advanced(by: ni).update(from: src + y * w * ni, count: w * ni)
                    row.advanced(by: (w + 1) * ni).update(repeating: 0, count: ni)
                }
                (pad + (h + 1) * line).update(repeating: 0, count: line)
            }
        }
        padded.withUnsafeBufferPointer { padBuffer in
            depthwise.withUnsafeMutableBufferPointer { dwBuffer in
                dw.withUnsafeBufferPointer { wb in
                    dwBias.withUnsafeBufferPointer { bb in
                        // Safety: stride 1 reads padded rows oy…oy + 2 ≤ h + 1, columns 0…w + 1; stride 2
                        // reads rows 2·oy + 1…2·oy + 3 ≤ h + 1 from column 1, columns up to w + 1; writes
                        // row oy < oh of ow·ni floats; weights 9·ni and bias ni floats (checked in init).
                        let pad = padBuffer.baseAddress!
                        let out = dwBuffer.baseAddress!
                        for oy in 0..<oh {
                            if stride == 1 {
                                DepthwiseConvolution.row(
                                    pad + oy * line, pad + (oy + 1) * line, pad + (oy + 2) * line, width: w,
                                    channels: ni, weights: wb.baseAddress!, bias: bb.baseAddress!, relu: false,
                                    into: out + oy * ow * ni)
                            } else {
                                let top = pad + (2 * oy + 1) * line + ni
                                StridedDepthwiseConvolution.row(
                                    top, top + line, top + 2 * line, width: ow, channels: ni,
                                    weights: wb.baseAddress!, bias: bb.baseAddress!, into: out + oy * ow * ni)
                            }
                        }
                    }
                }
            }
        }
        depthwise.withUnsafeBufferPointer { dwBuffer in
            pw.withUnsafeBufferPointer { wb in
                pwBias.withUnsafeBufferPointer { bb in
                    output.values.withUnsafeMutableBufferPointer { outBuffer in
                        // Safety: depthwise holds oh·ow·ni floats, weights ni·no, bias no; the output was
                        // reshaped to oh·ow pixels of no floats.
                        PointwiseConvolution.row(
                            dwBuffer.baseAddress!, pixels: oh * ow, inputs: ni, weights: wb.baseAddress!,
                            bias: bb.baseAddress!, outputs: no, into: outBuffer.baseAddress!)
                    }
                }
            }
        }
        addSkip(input, to: &output)
        activation.apply(to: &output)
    }

    /// `output[p][c] += skip(input)[p][c]` for the input's channels (the appended channels add zero).
    private func addSkip(_ input: FeatureMap, to output: inout FeatureMap) {
        let (w, ni, no) = (input.width, inputs, outputs)
        let (oh, ow) = (output.height, output.width)
        input.values.withUnsafeBufferPointer { inBuffer in
            output.values.withUnsafeMutableBufferPointer { outBuffer in
                // Safety: input pixel (y, x) with y < h, x < w is read at (y·w + x)·ni + c < h·w·ni; output
                // pixel (oy, ox) at (oy·ow + ox)·no + c < oh·ow·no; c + 16 ≤ ni ≤ no.
                let src = inBuffer.baseAddress!
                let dst = outBuffer.baseAddress!
                for oy in 0..<oh {
                    for ox in 0..<ow {
                        let o = (oy * ow + ox) * no
                        for c in Swift.stride(from: 0, to: ni, by: 16) {
                            // out += x (stride 1) or the 2×2 maximum of x (stride 2), 16 channels
                            var s: SIMD16<Float>
                            if stride == 1 {
                                s = src.loadVector(at: (oy * w + ox) * ni + c)
                            } else {
                                let i = (2 * oy * w + 2 * ox) * ni + c
                                s = src.loadVector(at: i)
                                s = maximum(s, src.loadVector(at: i + ni))
                                s = maximum(s, src.loadVector(at: i + w * ni))
                                s = maximum(s, src.loadVector(at: i + w * ni + ni))
                            }
                            dst.storeVector(dst.loadVector(at: o + c) + s, at: o + c)
                        }
                    }
                }
            }
        }
    }
}
