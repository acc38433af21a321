/// A fully connected layer `out = W · in + b`, optionally followed by a PReLU.
///
/// Weights are stored transposed, `[input][paddedOutputs]`, outputs zero-padded to a multiple of
/// 16, so the kernel accumulates 16 outputs per `SIMD16<Float>`: `acc += broadcast(in[i]) * W[i]`.
struct Dense: Sendable {
    /// Input length.
    let inputs: Int
    /// Output length.
    let outputs: Int
    /// Outputs rounded up to a multiple of 16.
    let paddedOutputs: Int
    /// `[inputs][paddedOutputs]`.
    let weights: [Float]
    /// `[paddedOutputs]`.
    let bias: [Float]
    /// Activation applied to the output, if any.
    let activation: PReLU?

    /// A layer from weights in PyTorch's `(out, in)` order; `inputOrder[i]` names the column of
    /// that matrix which multiplies element `i` of the input this layer will be given.
    init(
        weights outIn: [Float], bias: [Float], outputs: Int, inputs: Int,
        inputOrder: [Int]? = nil, activation: PReLU? = nil
    ) {
        precondition(outIn.count == outputs * inputs && bias.count == outputs)
        precondition(inputOrder.map { $0.count == inputs } ?? true)
        precondition(activation.map { $0.channels == outputs } ?? true)  // its slopes cover every output block
        self.inputs = inputs
        self.outputs = outputs
        self.activation = activation
        paddedOutputs = (outputs + 15) / 16 * 16
        var packed = [Float](repeating: 0, count: inputs * paddedOutputs)
        for i in 0..<inputs {
            let column = inputOrder?[i] ?? i
            for o in 0..<outputs { packed[i * paddedOutputs + o] = outIn[o * inputs + column] }
        }
        weights = packed
        self.bias = bias + [Float](repeating: 0, count: paddedOutputs - outputs)
    }

    /// Computes the layer for `input` (at least `inputs` floats) into `output` (grown to
    /// `paddedOutputs` if shorter; the padding lanes come out zero).
    func apply(_ input: [Float], into output: inout [Float]) {
        precondition(input.count >= inputs, "Dense: \(input.count) input floats, expected \(inputs)")
        if output.count < paddedOutputs { output = [Float](repeating: 0, count: paddedOutputs) }
        input.withUnsafeBufferPointer { inBuffer in
            weights.withUnsafeBufferPointer { wBuffer in
                bias.withUnsafeBufferPointer { bBuffer in
                    output.withUnsafeMutableBufferPointer { outBuffer in
                        // Safety: input has ≥ inputs floats (precondition); W loads < inputs·po, bias and output have
                        // ≥ po floats; the PReLU ModelFile.stackedDense attaches has `outputs` slopes, padded to po.
                        let input = inBuffer.baseAddress!
                        let w = wBuffer.baseAddress!
                        let dst = outBuffer.baseAddress!
                        for block in 0..<(paddedOutputs / 16) {
                            // acc[o] = b[o] + Σ_i in[i] * W[i][o], 16 outputs at a time
                            var acc = bBuffer.baseAddress!.loadVector(at: block * 16)
                            let column = w + block * 16
                            for i in 0..<inputs {
                                acc += SIMD16(repeating: input[i]) * column.loadVector(at: i * paddedOutputs)
                            }
                            if let activation { acc = activation.apply(acc, block: block) }
                            dst.storeVector(acc, at: block * 16)
                        }
                    }
                }
            }
        }
    }

    /// Scalar reference twin of `apply`.
    func applyScalar(_ input: [Float], into output: inout [Float]) {
        output = [Float](repeating: 0, count: paddedOutputs)
        for o in 0..<paddedOutputs {
            var sum = bias[o]
            for i in 0..<inputs { sum += input[i] * weights[i * paddedOutputs + o] }
            if let activation, o < outputs, sum < 0 { sum *= activation.slopes[o] }
            output[o] = sum
        }
    }
}
