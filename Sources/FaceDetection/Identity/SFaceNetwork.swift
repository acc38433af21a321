/// SFace (opencv_zoo's `face_recognition_sface_2021dec_int8bq`, what OpenCV's `FaceRecognizerSF` runs): 128
/// numbers from a face aligned onto the 112×112 five-point template, compared by cosine.
///
/// Input: 112×112×3 floats, channel-last R, G, B, each (v − 127.5)·0.0078125 (what
/// `ImageCrop.sample(_:into:padding:)` writes with `values: .centred` and padding 0). Structure
/// (`Models/README.md`, docs/identity.md): a 3×3 convolution 3 → 32 at stride 1; 13 pairs of a depthwise 3×3
/// (stride 2 in four) and a 1×1, every convolution followed by a PReLU; a per-channel affine layer (`bn1`,
/// folded into the dense weights at load); a dense layer over the 7×7×1024 map to 128 outputs. The int8 weight
/// blocks of `Models/sface.fdm` are dequantised when the network is read. A value holds only immutable
/// weights: share it between threads; each call has its own scratch.
struct SFaceNetwork: Sendable {
    /// Side of the square input in pixels.
    static let inputSide = 112
    /// Outputs of the network.
    static let outputCount = 128

    /// The stem: 3×3, pad 1, 3 → 32, then PReLU, on the input with a zero border.
    private let stem: Convolution
    /// The 26 depthwise and 1×1 layers in run order.
    private let layers: [SFaceLayer]
    /// `bn1` and the dense layer, with the input in the channel-last order of the last map.
    private let head: Dense

    /// Reads the network from a model of kind `SFCE` (`tools/models/convert_sface.py`).
    init(model: ModelFile) throws(ModelFile.Error) {
        try model.expectKind("SFCE")
        let names = String(decoding: try model.bytes("names"), as: UTF8.self).split(separator: ",").map(String.init)
        let layout = try model.ints("layout", shape: [names.count, 5]).map(Int.init)
        guard names.count == 29, names.first == "conv1", names[27] == "bn1", names[28] == "fc" else {
            throw ModelFile.Error.badTensor("names", reason: "not SFace's 29 layers")
        }
        func row(_ k: Int) -> (kind: Int, kernel: Int, stride: Int, inputs: Int, outputs: Int) {
            (layout[5 * k], layout[5 * k + 1], layout[5 * k + 2], layout[5 * k + 3], layout[5 * k + 4])
        }
        guard row(0) == (0, 3, 1, 3, 32) else { throw ModelFile.Error.badTensor("layout", reason: "conv1") }
        stem = Convolution(
            weights: try model.dequantisedBlocks("conv1", rows: 32, inputs: 27),
            bias: try model.floats("conv1.bias", shape: [32]), outputChannels: 32, inputChannels: 3,
            kernelHeight: 3, kernelWidth: 3, activation: PReLU(slopes: try model.floats("conv1.prelu", shape: [32])))
        var layers: [SFaceLayer] = []
        var (channels, side) = (32, Self.inputSide)
        for k in 1..<27 {
            let r = row(k)
            let depthwise = k % 2 == 1
            guard r.kind == (depthwise ? 1 : 2), r.kernel == (depthwise ? 3 : 1), r.inputs == channels,
                r.outputs % 16 == 0, depthwise ? r.outputs == channels : r.stride == 1,
                r.stride == 1 || (r.stride == 2 && side % 2 == 0)
            else { throw ModelFile.Error.badTensor("layout", reason: "layer \(names[k])") }
            layers.append(
                try SFaceLayer(
                    model, names[k], depthwise: depthwise, stride: r.stride, inputs: r.inputs, outputs: r.outputs))
            (channels, side) = (r.outputs, side / r.stride)
        }
        guard row(27) == (3, 1, 1, channels, channels), row(28) == (4, 1, 1, channels * side * side, Self.outputCount)
        else { throw ModelFile.Error.badTensor("layout", reason: "bn1, fc") }
        self.layers = layers
        head = try Self.head(model, channels: channels, pixels: side * side)
    }

    /// The dense layer with `bn1` (x·scale + shift per channel) folded in: `W'[o][c, p] = W[o][c, p]·scale[c]`,
    /// `b'[o] = b[o] + Σ W[o][c, p]·shift[c]`; its input is the last map channel-last (pixel p, channel c at
    /// `p·channels + c`), where the model's flatten is (channel, y, x).
    private static func head(_ model: ModelFile, channels: Int, pixels: Int) throws(ModelFile.Error) -> Dense {
        let n = outputCount
        let inputs = channels * pixels
        var weights = try model.dequantisedBlocks("fc", rows: n, inputs: inputs)
        var bias = try model.floats("fc.bias", shape: [n])
        let scale = try model.floats("bn1.scale", shape: [channels])
        let shift = try model.floats("bn1.shift", shape: [channels])
        for o in 0..<n {
            var shifted: Double = 0
            for c in 0..<channels {
                for p in 0..<pixels {
                    let i = o * inputs + c * pixels + p
                    shifted += Double(weights[i]) * Double(shift[c])
                    weights[i] *= scale[c]
                }
            }
            bias[o] += Float(shifted)
        }
        let order = (0..<inputs).map { i in (i % channels) * pixels + i / channels }
        return Dense(weights: weights, bias: bias, outputs: n, inputs: inputs, inputOrder: order)
    }

    /// The 128 raw outputs (not normalised) for one aligned face: `input` holds 112×112×3 floats as the type's
    /// documentation says.
    func outputs(for input: [Float]) -> [Float] {
        let n = Self.inputSide
        precondition(input.count == n * n * 3, "SFaceNetwork: \(input.count) input floats, expected \(n * n * 3)")
        var bordered = FeatureMap(height: n + 2, width: n + 2, channels: 3, alignment: 1)
        for y in 0..<n {
            for i in 0..<(n * 3) { bordered.values[((y + 1) * (n + 2) + 1) * 3 + i] = input[y * n * 3 + i] }
        }
        var stemOutput = FeatureMap()
        stem.apply(bordered, into: &stemOutput)
        var map = SFaceLayer.Map(values: Array(stemOutput.values.prefix(n * n * 32)), side: n, channels: 32)
        for layer in layers { map = layer.apply(map) }
        var out: [Float] = []
        head.apply(map.values, into: &out)
        return Array(out.prefix(Self.outputCount))
    }
}

/// One of SFace's depthwise 3×3 (pad 1, stride 1 or 2) or 1×1 layers, each followed by a PReLU.
struct SFaceLayer: Sendable {
    /// A square channel-last map, packed.
    struct Map {
        /// `side·side·channels` floats.
        var values: [Float]
        /// Rows and columns.
        var side: Int
        /// Floats per pixel.
        var channels: Int
    }

    /// Whether the layer is depthwise (else 1×1).
    let depthwise: Bool
    /// 1 or 2 (depthwise only).
    let stride: Int
    /// Input and output channels (equal for a depthwise layer).
    let inputs: Int, outputs: Int
    /// Depthwise: `[9][outputs]` (tap ky·3 + kx); 1×1: `[inputs][outputs]`.
    let weights: [Float]
    /// One bias per output channel.
    let bias: [Float]
    /// The PReLU after the convolution.
    let prelu: PReLU

    /// Layer `name` of `model` (`name.q`, `.zero`, `.scale`, `.bias`, `.prelu`).
    init(
        _ model: ModelFile, _ name: String, depthwise: Bool, stride: Int, inputs: Int, outputs: Int
    ) throws(ModelFile.Error) {
        (self.depthwise, self.stride, self.inputs, self.outputs) = (depthwise, stride, inputs, outputs)
        let taps = depthwise ? 9 : inputs
        let rowMajor = try model.dequantisedBlocks(name, rows: outputs, inputs: taps)
        var transposed = [Float](repeating: 0, count: rowMajor.count)
        for o in 0..<outputs {
            for t in 0..<taps { transposed[t * outputs + o] = rowMajor[o * taps + t] }
        }
        weights = transposed
        bias = try model.floats(name + ".bias", shape: [outputs])
        prelu = PReLU(slopes: try model.floats(name + ".prelu", shape: [outputs]))
    }

    /// The layer's output map for `input`.
    func apply(_ input: Map) -> Map {
        let (side, nc) = (input.side, input.channels)
        let outSide = side / stride
        var out = [Float](repeating: 0, count: outSide * outSide * outputs)
        if depthwise {
            let line = (side + 2) * nc
            var padded = [Float](repeating: 0, count: (side + 2) * line)
            for y in 0..<side {
                for i in 0..<(side * nc) { padded[(y + 1) * line + nc + i] = input.values[y * side * nc + i] }
            }
            padded.withUnsafeBufferPointer { pb in
                weights.withUnsafeBufferPointer { wb in
                    bias.withUnsafeBufferPointer { bb in
                        out.withUnsafeMutableBufferPointer { ob in
                            // Safety: padded rows hold side + 2 pixels, rows 0…side + 1; the strided kernel reads
                            // pixels < 2·outSide + 1 ≤ side + 1 of rows ≤ 2·(outSide − 1) + 2 ≤ side.
                            let p = pb.baseAddress!
                            for y in 0..<outSide {
                                let r = stride * y
                                if stride == 1 {
                                    DepthwiseConvolution.row(
                                        p + r * line, p + (r + 1) * line, p + (r + 2) * line, width: outSide,
                                        channels: nc, weights: wb.baseAddress!, bias: bb.baseAddress!, relu: false,
                                        into: ob.baseAddress! + y * outSide * nc)
                                } else {
                                    StridedDepthwiseConvolution.row(
                                        p + r * line, p + (r + 1) * line, p + (r + 2) * line, width: outSide,
                                        channels: nc, weights: wb.baseAddress!, bias: bb.baseAddress!,
                                        into: ob.baseAddress! + y * outSide * nc)
                                }
                            }
                        }
                    }
                }
            }
        } else {
            input.values.withUnsafeBufferPointer { ib in
                weights.withUnsafeBufferPointer { wb in
                    bias.withUnsafeBufferPointer { bb in
                        out.withUnsafeMutableBufferPointer { ob in
                            // Safety: side² pixels of `inputs` floats in, of `outputs` floats out; weights and bias
                            // as init made them.
                            PointwiseConvolution.row(
                                ib.baseAddress!, pixels: side * side, inputs: inputs, weights: wb.baseAddress!,
                                bias: bb.baseAddress!, outputs: outputs, into: ob.baseAddress!)
                        }
                    }
                }
            }
        }
        for i in out.indices where out[i] < 0 { out[i] *= prelu.slopes[i % outputs] }
        return Map(values: out, side: outSide, channels: outputs)
    }
}
