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
    let layers: [SFaceLayer]
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

    /// The working memory of a pass: the input with its zero border, the stem's output, two maps the layers take
    /// turns writing, a zero row and the dense output. One per thread, reused (`scratchPool`).
    struct Scratch {
        /// The input inside a one-pixel zero border (114×114×3).
        var bordered = FeatureMap()
        /// The stem's output (112×112×32).
        var stem = FeatureMap()
        /// Layer outputs, taking turns; each holds the largest map (112×112×64).
        var first: [Float] = [], second: [Float] = []
        /// The row above the first and below the last of every map.
        var zero: [Float] = []
        /// The dense layer's output.
        var dense: [Float] = []
    }

    /// Scratch memory for `outputs(for:)`, reused from call to call.
    private let scratchPool = ScratchPool { _ in Scratch() }

    /// The 128 raw outputs (not normalised) for one aligned face: `input` holds 112×112×3 floats as the type's
    /// documentation says.
    func outputs(for input: [Float]) -> [Float] {
        scratchPool.withScratch { outputs(for: input, scratch: &$0) }
    }

    /// `outputs(for:)` in `s`; `layerDone(k)` after step k (0 the stem, 1…26 the layers, 27 the dense layer).
    func outputs(for input: [Float], scratch s: inout Scratch, layerDone: ((Int) -> Void)? = nil) -> [Float] {
        let n = Self.inputSide
        precondition(input.count == n * n * 3, "SFaceNetwork: \(input.count) input floats, expected \(n * n * 3)")
        s.bordered.reshape(height: n + 2, width: n + 2, channels: 3, alignment: 1)
        s.bordered.values.withUnsafeMutableBufferPointer { b in
            input.withUnsafeBufferPointer { i in
                // Safety: row y + 1 of the 114×114×3 map from pixel 1 holds n·3 floats; input n rows of n·3.
                for y in 0..<n {
                    (b.baseAddress! + ((y + 1) * (n + 2) + 1) * 3).update(
                        from: i.baseAddress! + y * n * 3, count: n * 3)
                }
            }
        }
        stem.apply(s.bordered, into: &s.stem)
        layerDone?(0)
        let largest = n * n * 64
        if s.first.count < largest { s.first = [Float](repeating: 0, count: largest) }
        if s.second.count < largest { s.second = [Float](repeating: 0, count: largest) }
        if s.zero.count < n * 64 { s.zero = [Float](repeating: 0, count: n * 64) }
        var side = n
        s.stem.values.withUnsafeBufferPointer { stemOutput in
            s.first.withUnsafeMutableBufferPointer { first in
                s.second.withUnsafeMutableBufferPointer { second in
                    s.zero.withUnsafeBufferPointer { zero in
                        // Safety: every map fits in `largest` floats and every row in the zero row's n·64 floats
                        // (SFaceLayer.apply's precondition); the stem's output is 112×112×32, packed.
                        // (26 layers: the last writes `second`, which the dense layer reads)
                        var (from, to) = (UnsafePointer(stemOutput.baseAddress!), first.baseAddress!)
                        var spare = second.baseAddress!
                        for (k, layer) in layers.enumerated() {
                            layer.apply(from, side: side, zero: zero.baseAddress!, into: to)
                            side /= layer.stride
                            (from, to, spare) = (UnsafePointer(to), spare, to)
                            layerDone?(k + 1)
                        }
                        if from != UnsafePointer(second.baseAddress!) {
                            second.baseAddress!.update(from: from, count: side * side * layers.last!.outputs)
                        }
                    }
                }
            }
        }
        head.apply(s.second, into: &s.dense)
        layerDone?(layers.count + 1)
        return Array(s.dense.prefix(Self.outputCount))
    }

    /// The number of multiply-adds of each step of `outputs(for:scratch:layerDone:)` (stem, 26 layers, dense).
    var layerCosts: [Int] {
        var side = Self.inputSide
        var costs = [side * side * 27 * 32]
        for layer in layers {
            side /= layer.stride
            costs.append(side * side * (layer.depthwise ? 9 * layer.outputs : layer.inputs * layer.outputs))
        }
        return costs + [head.inputs * head.outputs]
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
    /// Depthwise: `[9][outputs]` (tap ky·3 + kx); 1×1: `[inputs][outputs]`, or with `panels`
    /// `[outputs / 64][inputs][64]`.
    let weights: [Float]
    /// Whether the 1×1 weights are stored as 64-output panels, each contiguous: weights larger than half the L2
    /// cache (the 7×7 layers' 2 and 4 MB), which the kernel then walks a panel at a time over every pixel, so that
    /// each panel is read from memory once and then from L2 (rows of the whole matrix, 4 KB apart, would fall
    /// into a few of L2's sets and evict each other).
    let panels: Bool
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
        panels = !depthwise && inputs * outputs > 1 << 18 && outputs % 64 == 0
        weights = panels ? Self.panels(transposed, inputs: inputs, outputs: outputs) : transposed
        bias = try model.floats(name + ".bias", shape: [outputs])
        prelu = PReLU(slopes: try model.floats(name + ".prelu", shape: [outputs]))
    }

    /// `[inputs][outputs]` weights as `[outputs / 64][inputs][64]`.
    static func panels(_ w: [Float], inputs: Int, outputs: Int) -> [Float] {
        var out = [Float](repeating: 0, count: w.count)
        for c in 0..<inputs {
            for o in 0..<outputs { out[(o / 64 * inputs + c) * 64 + o % 64] = w[c * outputs + o] }
        }
        return out
    }

    /// The 1×1 weights `[inputs][outputs]`, from their panels if `panels`.
    var rowMajorWeights: [Float] {
        guard panels else { return weights }
        var out = [Float](repeating: 0, count: weights.count)
        for c in 0..<inputs {
            for o in 0..<outputs { out[c * outputs + o] = weights[(o / 64 * inputs + c) * 64 + o % 64] }
        }
        return out
    }

    /// The layer's output map for the `side`×`side`×`inputs` map at `input` (packed, channel-last) into `output`;
    /// `zero` is a zero row of at least `side·inputs` floats.
    func apply(
        _ input: UnsafePointer<Float>, side: Int, zero: UnsafePointer<Float>, into output: UnsafeMutablePointer<Float>
    ) {
        precondition(side % stride == 0)
        weights.withUnsafeBufferPointer { wb in
            bias.withUnsafeBufferPointer { bb in
                prelu.slopes.withUnsafeBufferPointer { sb in
                    // Safety: the caller's maps and zero row hold the floats this layer reads and writes; weights,
                    // bias and slopes as init made them.
                    let (w, b, slopes) = (wb.baseAddress!, bb.baseAddress!, sb.baseAddress!)
                    if panels {
                        // each 64-output panel over every pixel, its outputs placed in the full pixel
                        let layout = ChannelLayout(pixelStride: outputs, groupStride: 8)
                        for o in Swift.stride(from: 0, to: outputs, by: 64) {
                            PointwiseConvolution.row(
                                input, pixels: side * side, inputs: inputs, weights: w + o * inputs, bias: b + o,
                                outputs: 64, layout: layout, slopes: slopes + o, into: output + o)
                        }
                        return
                    }
                    guard depthwise else {
                        PointwiseConvolution.row(
                            input, pixels: side * side, inputs: inputs, weights: w, bias: b, outputs: outputs,
                            slopes: slopes, into: output)
                        return
                    }
                    let (line, outSide) = (side * inputs, side / stride)
                    for y in 0..<outSide {
                        let r = stride * y  // the middle input row
                        let above = r > 0 ? input + (r - 1) * line : zero
                        let below = r + 1 < side ? input + (r + 1) * line : zero
                        let out = output + y * outSide * outputs
                        if stride == 1 {
                            DepthwiseConvolution.tightRow(
                                above, input + r * line, below, width: side, channels: inputs, weights: w, bias: b,
                                slopes: slopes, into: out)
                        } else {
                            StridedDepthwiseConvolution.tightRow(
                                above, input + r * line, below, inputWidth: side, channels: inputs, weights: w,
                                bias: b, slopes: slopes, into: out)
                        }
                    }
                }
            }
        }
    }

    /// Scalar reference twin of `apply` on a packed `side`×`side`×`inputs` map.
    func applyScalar(_ input: [Float], side: Int) -> [Float] {
        guard depthwise else {
            return PointwiseConvolution.rowScalar(
                input, pixels: side * side, inputs: inputs, weights: rowMajorWeights, bias: bias, outputs: outputs,
                slopes: prelu.slopes)
        }
        if stride == 1 {
            return DepthwiseConvolution.mapScalar(
                input, height: side, width: side, channels: inputs, weights: weights, bias: bias, relu: false,
                slopes: prelu.slopes)
        }
        return StridedDepthwiseConvolution.mapScalar(
            input, height: side, width: side, channels: inputs, weights: weights, bias: bias, padBefore: 1,
            slopes: prelu.slopes)
    }
}
