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
    /// The Winograd form, for 3×3 stride-1 kernels over at least 8 input channels (fewer channels
    /// do not repay the transforms).
    private(set) var winograd: WinogradConvolution?

    /// A convolution from weights in PyTorch's `(out, in, kh, kw)` order.
    init(
        weights oihw: [Float], bias: [Float], outputChannels: Int, inputChannels: Int,
        kernelHeight: Int, kernelWidth: Int, stride: Int = 1, activation: PReLU? = nil
    ) {
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
        if kernelHeight == 3 && kernelWidth == 3 && stride == 1 && inputChannels >= 8 {
            winograd = WinogradConvolution(self)
        }
    }

    /// Output rows for `inputHeight` input rows.
    func outputHeight(_ inputHeight: Int) -> Int { max(0, (inputHeight - kernelHeight) / stride + 1) }
    /// Output columns for `inputWidth` input columns.
    func outputWidth(_ inputWidth: Int) -> Int { max(0, (inputWidth - kernelWidth) / stride + 1) }

    /// Convolves `input` into `output` (reshaped to fit; its storage is reused), with the Winograd
    /// kernel where it applies, else the direct one.
    func apply(_ input: FeatureMap, into output: inout FeatureMap) {
        if let winograd, input.pixelStride % 16 == 0 {
            winograd.apply(input, into: &output)
        } else {
            applyDirect(input, into: &output)
        }
    }

    /// Convolves `input` into `output` directly (any kernel, stride and pixel stride; no border).
    ///
    /// Two horizontally adjacent output pixels are computed together so that each weight vector
    /// loaded serves both (an odd last pixel is computed twice and stored once).
    func applyDirect(_ input: FeatureMap, into output: inout FeatureMap) {
        precondition(input.channels == inputChannels && input.height >= kernelHeight && input.width >= kernelWidth)
        precondition(input.border == 0)
        let oh = outputHeight(input.height)
        let ow = outputWidth(input.width)
        output.reshape(height: oh, width: ow, channels: outputChannels)
        let blocks = paddedOutputs / 16
        let inStride = input.pixelStride
        let outStride = output.pixelStride
        let rowStep = input.width * inStride
        let ic = inputChannels
        let kw = kernelWidth
        let kh = kernelHeight
        let step = stride * inStride
        let po = paddedOutputs
        // With packed input pixels a kernel row is kw * ic consecutive values, as are its weights.
        let packed = inStride == ic
        input.values.withUnsafeBufferPointer { inBuffer in
            weights.withUnsafeBufferPointer { wBuffer in
                bias.withUnsafeBufferPointer { bBuffer in
                    output.values.withUnsafeMutableBufferPointer { outBuffer in
                        // Safety: pixel (oy·stride + ky, (ox + 1)·stride + kx) < (height, width) by outputHeight/Width
                        // and `pair`; taps < kh·kw·ic·po, bias po floats; out < oh·ow·outStride with outStride = po.
                        let src = inBuffer.baseAddress!
                        let w = wBuffer.baseAddress!
                        let b = bBuffer.baseAddress!
                        let dst = outBuffer.baseAddress!
                        for oy in 0..<oh {
                            for ox in Swift.stride(from: 0, to: ow, by: 2) {
                                let pair = ox + 1 < ow
                                let second = pair ? step : 0
                                let window = src + oy * stride * rowStep + ox * step
                                let out = dst + (oy * ow + ox) * outStride
                                for block in 0..<blocks {
                                    // acc[o] = bias[o] + Σ_{ky,kx,c} in[y+ky][x+kx][c] * w[ky][kx][c][o]
                                    var accA = b.loadVector(at: block * 16)
                                    var accB = accA
                                    for ky in 0..<kh {
                                        let rowOffset: Int = ky &* rowStep
                                        let row = window + rowOffset
                                        let tapOffset: Int = ky &* kw &* ic &* po &+ block &* 16
                                        var tap = w + tapOffset
                                        if packed {
                                            for j in 0..<(kw &* ic) {
                                                let wv = tap.loadVector(at: 0)
                                                accA += SIMD16(repeating: row[j]) * wv
                                                accB += SIMD16(repeating: row[j &+ second]) * wv
                                                tap += po
                                            }
                                        } else {
                                            for kx in 0..<kw {
                                                let pixel = row + kx &* inStride
                                                for c in 0..<ic {
                                                    let wv = tap.loadVector(at: 0)
                                                    accA += SIMD16(repeating: pixel[c]) * wv
                                                    accB += SIMD16(repeating: pixel[c &+ second]) * wv
                                                    tap += po
                                                }
                                            }
                                        }
                                    }
                                    if let activation {
                                        accA = activation.apply(accA, block: block)
                                        accB = activation.apply(accB, block: block)
                                    }
                                    out.storeVector(accA, at: block * 16)
                                    if pair { out.storeVector(accB, at: outStride + block * 16) }
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
        let oh = outputHeight(input.height)
        let ow = outputWidth(input.width)
        output.reshape(height: oh, width: ow, channels: outputChannels)
        for oy in 0..<oh {
            for ox in 0..<ow {
                for o in 0..<paddedOutputs {
                    var sum = bias[o]
                    for ky in 0..<kernelHeight {
                        for kx in 0..<kernelWidth {
                            for c in 0..<inputChannels {
                                sum +=
                                    input[oy * stride + ky, ox * stride + kx, c]
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
