/// A 2-D convolution without padding ("valid"), any kernel size and stride, optionally followed by
/// a PReLU, over channel-last `FeatureMap`s.
///
/// Weights are repacked at creation as `[ky][kx][inputChannel][outputChannel]` with the output
/// channels zero-padded to a multiple of 16, so the kernel accumulates 16 output channels per
/// `SIMD16<Float>`: for every input value, `acc += broadcast(value) * weights[16 channels]`.
struct Convolution: Sendable {
    /// Input channels read.
    let inputChannels: Int
    /// Output channels produced.
    let outputChannels: Int
    /// Kernel rows.
    let kernelHeight: Int
    /// Kernel columns.
    let kernelWidth: Int
    /// Step between windows, in pixels, both directions.
    let stride: Int
    /// Output channels rounded up to a multiple of 16.
    let paddedOutputs: Int
    /// `[ky][kx][ic][paddedOutputs]`.
    let weights: [Float]
    /// `[paddedOutputs]`.
    let bias: [Float]
    /// Activation applied to the output, if any.
    let activation: PReLU?

    /// A convolution from weights in PyTorch's `(out, in, kh, kw)` order.
    init(weights oihw: [Float], bias: [Float], outputChannels: Int, inputChannels: Int,
         kernelHeight: Int, kernelWidth: Int, stride: Int = 1, activation: PReLU? = nil) {
        precondition(oihw.count == outputChannels * inputChannels * kernelHeight * kernelWidth)
        precondition(bias.count == outputChannels && stride > 0)
        precondition(activation.map { $0.channels == outputChannels } ?? true)
        self.inputChannels = inputChannels
        self.outputChannels = outputChannels
        self.kernelHeight = kernelHeight
        self.kernelWidth = kernelWidth
        self.stride = stride
        self.activation = activation
        paddedOutputs = (outputChannels + 15) / 16 * 16
        var packed = [Float](repeating: 0, count: kernelHeight * kernelWidth * inputChannels * paddedOutputs)
        for o in 0..<outputChannels {
            for i in 0..<inputChannels {
                for ky in 0..<kernelHeight {
                    for kx in 0..<kernelWidth {
                        packed[((ky * kernelWidth + kx) * inputChannels + i) * paddedOutputs + o] =
                            oihw[((o * inputChannels + i) * kernelHeight + ky) * kernelWidth + kx]
                    }
                }
            }
        }
        weights = packed
        self.bias = bias + [Float](repeating: 0, count: paddedOutputs - outputChannels)
    }

    /// Output rows for `inputHeight` input rows.
    func outputHeight(_ inputHeight: Int) -> Int { max(0, (inputHeight - kernelHeight) / stride + 1) }
    /// Output columns for `inputWidth` input columns.
    func outputWidth(_ inputWidth: Int) -> Int { max(0, (inputWidth - kernelWidth) / stride + 1) }

    /// Convolves `input` into `output` (reshaped to fit; its storage is reused).
    func apply(_ input: FeatureMap, into output: inout FeatureMap) {
        precondition(input.channels == inputChannels && input.height >= kernelHeight && input.width >= kernelWidth)
        let oh = outputHeight(input.height), ow = outputWidth(input.width)
        output.reshape(height: oh, width: ow, channels: outputChannels)
        let blocks = paddedOutputs / 16, inStride = input.pixelStride, outStride = output.pixelStride
        let rowStep = input.width * inStride, ic = inputChannels, kw = kernelWidth, kh = kernelHeight
        let step = stride * inStride, tapStride = ic * paddedOutputs
        input.values.withUnsafeBufferPointer { inBuffer in
            weights.withUnsafeBufferPointer { wBuffer in
                bias.withUnsafeBufferPointer { bBuffer in
                    output.values.withUnsafeMutableBufferPointer { outBuffer in
                        let src = inBuffer.baseAddress!, w = wBuffer.baseAddress!, b = bBuffer.baseAddress!
                        let dst = outBuffer.baseAddress!
                        for oy in 0..<oh {
                            for ox in 0..<ow {
                                let window = oy * stride * rowStep + ox * step
                                let out = (oy * ow + ox) * outStride
                                for block in 0..<blocks {
                                    // acc[o] = bias[o] + Σ_{ky,kx,c} in[y+ky][x+kx][c] * w[ky][kx][c][o]
                                    var acc = b.loadVector(at: block * 16)
                                    for ky in 0..<kh {
                                        for kx in 0..<kw {
                                            let pixel = src + window + ky * rowStep + kx * inStride
                                            let tap = w + (ky * kw + kx) * tapStride + block * 16
                                            for c in 0..<ic {
                                                acc += SIMD16(repeating: pixel[c]) * tap.loadVector(at: c * paddedOutputs)
                                            }
                                        }
                                    }
                                    if let activation { acc = activation.apply(acc, block: block) }
                                    dst.storeVector(acc, at: out + block * 16)
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Scalar reference twin of `apply`: the textbook loops over the packed weights.
    func applyScalar(_ input: FeatureMap, into output: inout FeatureMap) {
        let oh = outputHeight(input.height), ow = outputWidth(input.width)
        output.reshape(height: oh, width: ow, channels: outputChannels)
        for oy in 0..<oh {
            for ox in 0..<ow {
                for o in 0..<paddedOutputs {
                    var sum = bias[o]
                    for ky in 0..<kernelHeight {
                        for kx in 0..<kernelWidth {
                            for c in 0..<inputChannels {
                                sum += input[oy * stride + ky, ox * stride + kx, c]
                                    * weights[((ky * kernelWidth + kx) * inputChannels + c) * paddedOutputs + o]
                            }
                        }
                    }
                    if let activation, o < outputChannels, sum < 0 { sum *= activation.slopes[o] }
                    output.values[output.index(oy, ox, o)] = sum
                }
            }
        }
    }
}
