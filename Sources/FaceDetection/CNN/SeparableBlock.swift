/// A 1×1 convolution followed by a depthwise 3×3 (stride 1, pad 1) and optionally ReLU: the
/// building block of YuNet (its `ConvDPUnit`), on channel-last maps of the same height and width.
///
/// The two convolutions are fused: for a strip of output rows, each 1×1 output row is computed
/// once into a ring of three padded rows (`width + 2` pixels, a zero pixel at each end) and the
/// depthwise row reads the ring, so the intermediate map never leaves the cache.
struct SeparableBlock: Sendable {
    /// Input and output channels (`outputs` a multiple of 16).
    let inputs: Int, outputs: Int
    /// 1×1 weights `[inputs][outputs]` and bias.
    let pw: [Float], pwBias: [Float]
    /// Depthwise weights `[9][outputs]` (tap-major) and bias.
    let dw: [Float], dwBias: [Float]
    /// Whether ReLU follows the depthwise convolution.
    let relu: Bool

    /// The tensors `name.pw.weight`, `.pw.bias`, `.dw.weight`, `.dw.bias` of `model`.
    init(_ model: ModelFile, _ name: String, inputs: Int = -1, relu: Bool = true) throws {
        let shape = try model.tensor(name + ".pw.weight", shape: [inputs, -1]).shape
        self.inputs = shape[0]
        outputs = shape[1]
        guard outputs % 16 == 0 else {
            throw ModelFile.Error.badTensor(name + ".pw.weight", reason: "outputs not a multiple of 16")
        }
        pw = try model.floats(name + ".pw.weight")
        pwBias = try model.floats(name + ".pw.bias", shape: [outputs])
        dw = try model.floats(name + ".dw.weight", shape: [9, outputs])
        dwBias = try model.floats(name + ".dw.bias", shape: [outputs])
        self.relu = relu
    }

    /// Floats of scratch one strip needs for maps `width` pixels wide: three ring rows and a zero row.
    func scratchCount(width: Int) -> Int { 4 * (width + 2) * outputs }

    /// Output rows `rows` of the `height`×`width` map: `output = dw3x3(pw1x1(input))`.
    /// `scratch` holds `scratchCount(width:)` floats; strips on different threads need their own.
    func apply(
        _ input: UnsafePointer<Float>, height h: Int, width w: Int, rows: Range<Int>,
        scratch: UnsafeMutablePointer<Float>, into output: UnsafeMutablePointer<Float>
    ) {
        guard !rows.isEmpty else { return }
        let line = (w + 2) * outputs
        let zero = scratch + 3 * line
        zero.initialize(repeating: 0, count: line)
        for slot in 0..<3 {
            (scratch + slot * line).initialize(repeating: 0, count: outputs)
            (scratch + slot * line + (w + 1) * outputs).initialize(repeating: 0, count: outputs)
        }
        pw.withUnsafeBufferPointer { pwp in
            pwBias.withUnsafeBufferPointer { pbp in
                dw.withUnsafeBufferPointer { dwp in
                    dwBias.withUnsafeBufferPointer { dbp in
                        // Safety: the weight buffers have the sizes checked in init; input rows < h of
                        // w·inputs floats, ring rows of `line` floats in scratch, output rows < h.
                        var next = max(rows.lowerBound - 1, 0)
                        for y in rows {
                            // 1×1 rows up to y + 1 into ring slot (row mod 3), after its zero pixel
                            while next <= min(y + 1, h - 1) {
                                PointwiseConvolution.row(
                                    input + next * w * inputs, pixels: w, inputs: inputs,
                                    weights: pwp.baseAddress!, bias: pbp.baseAddress!, outputs: outputs,
                                    into: scratch + (next % 3) * line + outputs)
                                next += 1
                            }
                            let above = y > 0 ? scratch + ((y - 1) % 3) * line : zero
                            let below = y + 1 < h ? scratch + ((y + 1) % 3) * line : zero
                            DepthwiseConvolution.row(
                                above, scratch + (y % 3) * line, below, width: w, channels: outputs,
                                weights: dwp.baseAddress!, bias: dbp.baseAddress!, relu: relu,
                                into: output + y * w * outputs)
                        }
                    }
                }
            }
        }
    }

    /// The whole map, cut into `strips` row strips run one after another (as threads would): for tests.
    func apply(_ input: [Float], height h: Int, width w: Int, strips: Int = 1) -> [Float] {
        precondition(input.count == h * w * inputs)
        var out = [Float](repeating: 0, count: h * w * outputs)
        var scratch = [Float](repeating: 0, count: scratchCount(width: w))
        input.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                scratch.withUnsafeMutableBufferPointer { s in
                    // Safety: sizes as `apply(_:height:width:rows:scratch:into:)` requires (checked above).
                    for k in 0..<strips {
                        let rows = (k * h / strips)..<((k + 1) * h / strips)
                        apply(
                            src.baseAddress!, height: h, width: w, rows: rows, scratch: s.baseAddress!,
                            into: dst.baseAddress!)
                    }
                }
            }
        }
        return out
    }

    /// Scalar reference twin of `apply`.
    func applyScalar(_ input: [Float], height h: Int, width w: Int) -> [Float] {
        let mid = PointwiseConvolution.rowScalar(
            input, pixels: h * w, inputs: inputs, weights: pw, bias: pwBias, outputs: outputs)
        return DepthwiseConvolution.mapScalar(
            mid, height: h, width: w, channels: outputs, weights: dw, bias: dwBias, relu: relu)
    }
}
