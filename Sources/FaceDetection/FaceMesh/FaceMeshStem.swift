/// The first layer of MediaPipe's face landmark network: a full 3×3 convolution, stride 2, from 3
/// input channels to 16, TensorFlow SAME padding for even sizes (nothing before, one zero row and
/// column after), then PReLU.
///
/// The input is a channel-last float map of 3 channels; it is copied once into a buffer with the
/// zero column and row appended, so the 3×3×3 patch of an output pixel is three runs of 9
/// contiguous floats.
struct FaceMeshStem: Sendable {
    /// `weights[((ky·3 + kx)·3 + c)·16 + o]`.
    let weights: [Float]
    /// One bias per output channel.
    let bias: [Float]
    /// The activation.
    let activation: PReLU

    /// The tensors `stem.weight` [3, 3, 3, 16], `stem.bias`, `stem.prelu` of `model`.
    init(_ model: ModelFile) throws {
        weights = try model.floats("stem.weight", shape: [3, 3, 3, 16])
        bias = try model.floats("stem.bias", shape: [16])
        activation = try model.prelu("stem.prelu", channels: 16)
    }

    /// The layer on `input` (`height`×`width`×3 floats, even sizes) into `output` (reshaped to
    /// half each size × 16, tight, with a one-pixel border: the first block's input); `padded` is a
    /// scratch buffer that grows as needed and receives the input in the layout
    /// `apply(padded:height:width:into:)` reads.
    func apply(
        _ input: [Float], height h: Int, width w: Int, into output: inout FeatureMap, padded: inout [Float]
    ) {
        precondition(h % 2 == 0 && w % 2 == 0 && input.count >= h * w * 3)
        let line = (w + 1) * 3
        if padded.count < (h + 1) * line { padded = [Float](repeating: 0, count: (h + 1) * line) }
        input.withUnsafeBufferPointer { inBuffer in
            padded.withUnsafeMutableBufferPointer { padBuffer in
                // Safety: padded holds (h + 1) rows of (w + 1)·3 floats; row y < h gets the input's w·3
                // floats then a zero pixel; row h is zeroed.
                let pad = padBuffer.baseAddress!
                for y in 0..<h {
                    (pad + y * line).update(from: inBuffer.baseAddress! + y * w * 3, count: w * 3)
                    (pad + y * line + w * 3).update(repeating: 0, count: 3)
                }
                (pad + h * line).update(repeating: 0, count: line)
            }
        }
        apply(padded: padded, height: h, width: w, into: &output)
    }

    /// The layer on an input already in the padded layout (`ImageCrop.sample(_:into:padding:)` writes it with padding 1): `height + 1`
    /// rows of `width + 1` pixels of 3 floats, the last pixel of each row and the last row zero.
    func apply(padded: [Float], height h: Int, width w: Int, into output: inout FeatureMap) {
        precondition(h % 2 == 0 && w % 2 == 0 && padded.count >= (h + 1) * (w + 1) * 3)
        let line = (w + 1) * 3
        let (oh, ow) = (h / 2, w / 2)
        output.reshape(height: oh, width: ow, channels: 16, alignment: 1, border: 1)
        let start = output.offset(0, 0)
        let outLine = output.rowStride
        padded.withUnsafeBufferPointer { padBuffer in
            weights.withUnsafeBufferPointer { wb in
                bias.withUnsafeBufferPointer { bb in
                    activation.slopes.withUnsafeBufferPointer { sb in
                        output.values.withUnsafeMutableBufferPointer { outBuffer in
                            // Safety: output pixel (oy, ox) reads padded rows 2·oy…2·oy + 2 ≤ h, floats
                            // 6·ox…6·ox + 8 < line; weights hold 27·16 floats, bias and slopes 16 (checked in
                            // init); the bordered output's interior pixel (oy, ox) is 16 floats at
                            // start + oy·outLine + ox·16.
                            let pad = padBuffer.baseAddress!
                            let wp = wb.baseAddress!
                            let b = bb.baseAddress!.loadVector(at: 0)
                            let slope = sb.baseAddress!.loadVector(at: 0)
                            let dst = outBuffer.baseAddress! + start
                            for oy in 0..<oh {
                                var ox = 0
                                while ox + 4 <= ow {
                                    // 16 outputs of pixels (oy, ox…ox+3): PReLU(bias + Σ over the 27 patch
                                    // values), four independent sums (a pixel's patch starts 6 floats after the
                                    // previous one's)
                                    var (a0, a1, a2, a3) = (b, b, b, b)
                                    for ky in 0..<3 {
                                        let patch = pad + (2 * oy + ky) * line + 6 * ox
                                        let wk = wp + ky * 9 * 16
                                        for t in 0..<9 {
                                            let w = wk.loadVector(at: t * 16)
                                            a0 = multiplyAdd(SIMD16(repeating: patch[t]), w, a0)
                                            a1 = multiplyAdd(SIMD16(repeating: patch[t + 6]), w, a1)
                                            a2 = multiplyAdd(SIMD16(repeating: patch[t + 12]), w, a2)
                                            a3 = multiplyAdd(SIMD16(repeating: patch[t + 18]), w, a3)
                                        }
                                    }
                                    let o = dst + oy * outLine + ox * 16
                                    o.storeVector(multiplyAdd(minimum(a0, .zero), slope, maximum(a0, .zero)), at: 0)
                                    o.storeVector(multiplyAdd(minimum(a1, .zero), slope, maximum(a1, .zero)), at: 16)
                                    o.storeVector(multiplyAdd(minimum(a2, .zero), slope, maximum(a2, .zero)), at: 32)
                                    o.storeVector(multiplyAdd(minimum(a3, .zero), slope, maximum(a3, .zero)), at: 48)
                                    ox += 4
                                }
                                for ox in ox..<ow {
                                    // 16 outputs of pixel (oy, ox): PReLU(bias + Σ over the 27 patch values)
                                    var a = b
                                    for ky in 0..<3 {
                                        let patch = pad + (2 * oy + ky) * line + 6 * ox
                                        let wk = wp + ky * 9 * 16
                                        for t in 0..<9 {
                                            a = multiplyAdd(SIMD16(repeating: patch[t]), wk.loadVector(at: t * 16), a)
                                        }
                                    }
                                    a = multiplyAdd(minimum(a, .zero), slope, maximum(a, .zero))
                                    dst.storeVector(a, at: oy * outLine + ox * 16)
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Scalar reference twin of `apply`: the whole `height/2`×`width/2`×16 map, taps past the right
    /// or bottom edge counting as zero.
    func scalar(_ input: [Float], height h: Int, width w: Int) -> [Float] {
        let (oh, ow) = (h / 2, w / 2)
        var out = [Float](repeating: 0, count: oh * ow * 16)
        for oy in 0..<oh {
            for ox in 0..<ow {
                for o in 0..<16 {
                    var s = bias[o]
                    for ky in 0..<3 {
                        for kx in 0..<3 {
                            let (iy, ix) = (2 * oy + ky, 2 * ox + kx)
                            for c in 0..<3 where iy < h && ix < w {
                                s += input[(iy * w + ix) * 3 + c] * weights[((ky * 3 + kx) * 3 + c) * 16 + o]
                            }
                        }
                    }
                    out[(oy * ow + ox) * 16 + o] = s < 0 ? s * activation.slopes[o] : s
                }
            }
        }
        return out
    }
}
