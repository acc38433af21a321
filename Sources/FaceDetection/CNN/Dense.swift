/// A fully connected layer `out = W · in + b`, optionally followed by a PReLU.
///
/// Weights are stored transposed, `[input][paddedOutputs]`, outputs zero-padded to a multiple of
/// 16, so the kernel accumulates 16 outputs per `SIMD16<Float>`: `acc += broadcast(in[i]) * W[i]`,
/// four such blocks at a time (64 outputs: each weight row is read as 256 contiguous bytes, and
/// four independent sums hide the add latency); x86-64-v4 builds, with 32 registers, take eight
/// (128 outputs, 512 contiguous bytes per row: SFace's 25.7 MB dense layer is bound by memory).
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
                        let blocks = paddedOutputs / 16
                        var block = 0
                        #if X86_64_V4
                            while block + 8 <= blocks {
                                // acc[o] = b[o] + Σ_i in[i] * W[i][o], 128 outputs at a time: each weight row's 512
                                // contiguous bytes read once (a large layer, SFace's 25.7 MB, is bound by memory)
                                let b = bBuffer.baseAddress! + block * 16
                                var acc = Octet16(repeating: .zero)
                                (acc.s0, acc.s1, acc.s2, acc.s3) = (
                                    b.loadVector(at: 0), b.loadVector(at: 16), b.loadVector(at: 32),
                                    b.loadVector(at: 48)
                                )
                                (acc.s4, acc.s5, acc.s6, acc.s7) = (
                                    b.loadVector(at: 64), b.loadVector(at: 80), b.loadVector(at: 96),
                                    b.loadVector(at: 112)
                                )
                                var row = UnsafePointer(w + block * 16)
                                for i in 0..<inputs {
                                    // (a product then a sum, as the other walks, so that every walk agrees to the bit)
                                    let x = SIMD16(repeating: input[i])
                                    acc.s0 += x * row.loadVector(at: 0)
                                    acc.s1 += x * row.loadVector(at: 16)
                                    acc.s2 += x * row.loadVector(at: 32)
                                    acc.s3 += x * row.loadVector(at: 48)
                                    acc.s4 += x * row.loadVector(at: 64)
                                    acc.s5 += x * row.loadVector(at: 80)
                                    acc.s6 += x * row.loadVector(at: 96)
                                    acc.s7 += x * row.loadVector(at: 112)
                                    row += paddedOutputs
                                }
                                if let activation {
                                    (acc.s0, acc.s1) = (
                                        activation.apply(acc.s0, block: block),
                                        activation.apply(acc.s1, block: block + 1)
                                    )
                                    (acc.s2, acc.s3) = (
                                        activation.apply(acc.s2, block: block + 2),
                                        activation.apply(acc.s3, block: block + 3)
                                    )
                                    (acc.s4, acc.s5) = (
                                        activation.apply(acc.s4, block: block + 4),
                                        activation.apply(acc.s5, block: block + 5)
                                    )
                                    (acc.s6, acc.s7) = (
                                        activation.apply(acc.s6, block: block + 6),
                                        activation.apply(acc.s7, block: block + 7)
                                    )
                                }
                                acc.store(dst + block * 16, pixelStride: 16)
                                block += 8
                            }
                        #endif
                        while block + 4 <= blocks {
                            // acc[o] = b[o] + Σ_i in[i] * W[i][o], 64 outputs at a time (the weights read row by row)
                            var acc0 = bBuffer.baseAddress!.loadVector(at: block * 16)
                            var acc1 = bBuffer.baseAddress!.loadVector(at: block * 16 + 16)
                            var acc2 = bBuffer.baseAddress!.loadVector(at: block * 16 + 32)
                            var acc3 = bBuffer.baseAddress!.loadVector(at: block * 16 + 48)
                            var row = w + block * 16
                            for i in 0..<inputs {
                                let x = SIMD16(repeating: input[i])
                                acc0 += x * row.loadVector(at: 0)
                                acc1 += x * row.loadVector(at: 16)
                                acc2 += x * row.loadVector(at: 32)
                                acc3 += x * row.loadVector(at: 48)
                                row += paddedOutputs
                            }
                            if let activation {
                                acc0 = activation.apply(acc0, block: block)
                                acc1 = activation.apply(acc1, block: block + 1)
                                acc2 = activation.apply(acc2, block: block + 2)
                                acc3 = activation.apply(acc3, block: block + 3)
                            }
                            dst.storeVector(acc0, at: block * 16)
                            dst.storeVector(acc1, at: block * 16 + 16)
                            dst.storeVector(acc2, at: block * 16 + 32)
                            dst.storeVector(acc3, at: block * 16 + 48)
                            block += 4
                        }
                        for block in block..<blocks {
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
