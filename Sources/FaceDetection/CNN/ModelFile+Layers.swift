/// Building CNN layers from named tensors in PyTorch layout.
extension ModelFile {
    /// A convolution from `<name>.weight` (out, in, kh, kw) and `<name>.bias`, with an optional PReLU
    /// from `<activation>.weight`.
    func convolution(_ name: String, activation: String? = nil, stride: Int = 1) throws -> Convolution {
        let shape = try tensor(name + ".weight", shape: [-1, -1, -1, -1]).shape
        return Convolution(
            weights: try floats(name + ".weight"), bias: try floats(name + ".bias", shape: [shape[0]]),
            outputChannels: shape[0], inputChannels: shape[1],
            kernelHeight: shape[2], kernelWidth: shape[3], stride: stride,
            activation: try activation.map { try prelu($0, channels: shape[0]) })
    }

    /// Several convolutions with the same input and kernel stacked into one (their outputs follow
    /// each other in `names` order), e.g. the two or three heads of an MTCNN stage.
    func stackedConvolution(_ names: [String]) throws -> Convolution {
        var weights: [Float] = []
        var bias: [Float] = []
        var outputs = 0
        var shape: [Int] = []
        for name in names {
            let s = try tensor(
                name + ".weight",
                shape: [
                    -1, shape.isEmpty ? -1 : shape[1],
                    shape.isEmpty ? -1 : shape[2], shape.isEmpty ? -1 : shape[3],
                ]
            ).shape
            shape = s
            weights += try floats(name + ".weight")
            bias += try floats(name + ".bias", shape: [s[0]])
            outputs += s[0]
        }
        return Convolution(
            weights: weights, bias: bias, outputChannels: outputs, inputChannels: shape[1],
            kernelHeight: shape[2], kernelWidth: shape[3])
    }

    /// A fully connected layer from `<name>.weight` (out, in) and `<name>.bias`; `inputOrder` as in
    /// `Dense.init`.
    func dense(_ name: String, activation: String? = nil, inputOrder: [Int]? = nil) throws -> Dense {
        try stackedDense([name], activation: activation, inputOrder: inputOrder)
    }

    /// Several fully connected layers with the same input stacked into one (outputs in `names` order).
    func stackedDense(_ names: [String], activation: String? = nil, inputOrder: [Int]? = nil) throws -> Dense {
        var weights: [Float] = []
        var bias: [Float] = []
        var outputs = 0
        var inputs = -1
        for name in names {
            let s = try tensor(name + ".weight", shape: [-1, inputs]).shape
            inputs = s[1]
            weights += try floats(name + ".weight")
            bias += try floats(name + ".bias", shape: [s[0]])
            outputs += s[0]
        }
        return Dense(
            weights: weights, bias: bias, outputs: outputs, inputs: inputs, inputOrder: inputOrder,
            activation: try activation.map { try prelu($0, channels: outputs) })
    }

    /// A PReLU from `<name>.weight` (one slope per channel).
    func prelu(_ name: String, channels: Int) throws -> PReLU {
        PReLU(slopes: try floats(name + ".weight", shape: [channels]))
    }
}

/// Reading int8 weight blocks (SFace's `L.q`, `L.zero`, `L.scale`: `Models/README.md`).
extension ModelFile {
    /// The weights `(q − zero)·scale` of the block-quantised tensors `<name>.q` (int8 as uint8 bit
    /// patterns, `[rows, inputs]`), `<name>.zero` (int8, `[rows, blocks]`) and `<name>.scale`
    /// (float32, `[rows, blocks]`), a block being `inputs / blocks` consecutive inputs of one row:
    /// `[rows][inputs]` floats.
    func dequantisedBlocks(_ name: String, rows: Int, inputs: Int) throws(Error) -> [Float] {
        let q = try bytes(name + ".q", shape: [rows, inputs])
        let zeroTensor = try tensor(name + ".zero", shape: [rows, -1])
        let blocks = zeroTensor.shape[1]
        guard blocks > 0, inputs % blocks == 0 else {
            throw Error.badTensor(name + ".zero", reason: "\(blocks) blocks do not divide \(inputs) inputs")
        }
        let zero = try bytes(name + ".zero", shape: [rows, blocks])
        let scale = try floats(name + ".scale", shape: [rows, blocks])
        let size = inputs / blocks
        var weights = [Float](repeating: 0, count: rows * inputs)
        for r in 0..<rows {
            for b in 0..<blocks {
                let (z, s) = (Float(Int8(bitPattern: zero[r * blocks + b])), scale[r * blocks + b])
                for i in (r * inputs + b * size)..<(r * inputs + (b + 1) * size) {
                    weights[i] = (Float(Int8(bitPattern: q[i])) - z) * s
                }
            }
        }
        return weights
    }
}
