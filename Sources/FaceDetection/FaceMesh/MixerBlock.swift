/// One block of the blendshape model's MLP-Mixer on its 97 tokens of 64 channels (`[token][channel]`,
/// channel-last): `x += TokenMLP(LN(x))`, mixing along the tokens (97 → 384, ReLU, → 97, for each
/// channel), then `x += ChannelMLP(LN(x))`, mixing along the channels (64 → 256, ReLU, → 64, for
/// each token). LN normalises each token over its 64 channels and scales them (no offset).
///
/// Every product is a matrix product that `PointwiseConvolution` does, the token mixing with the
/// roles turned round: the token weights are its "pixels" and the normalised tokens its weight
/// matrix, so that the 64 channels are its 16-wide output groups. The token layers' biases ride in
/// their weight matrices as one more column, against a row of ones appended to the matrix they
/// multiply.
struct MixerBlock: Sendable {
    /// Tokens, channels, and the two hidden widths.
    static let tokens = 97, channels = 64, tokenHidden = 384, channelHidden = 256

    /// The layer norms' scales, 64 each.
    let tokenNorm: [Float], channelNorm: [Float]
    /// `[384][98]`: 97 weights then the bias, per hidden unit.
    let tokens1: [Float]
    /// `[97][385]`: 384 weights then the bias, per token.
    let tokens2: [Float]
    /// `[64][256]` and bias; `[256][64]` and bias.
    let channels1: [Float], channels1Bias: [Float], channels2: [Float], channels2Bias: [Float]
    /// The layer norms' epsilon.
    let epsilon: Float

    /// The working memory of `apply`.
    struct Scratch {
        /// Normalised tokens, then a row of ones: `[98][64]`.
        var normed = [Float](repeating: 1, count: (MixerBlock.tokens + 1) * MixerBlock.channels)
        /// The token MLP's hidden layer, then a row of ones: `[385][64]`.
        var hidden = [Float](repeating: 1, count: (MixerBlock.tokenHidden + 1) * MixerBlock.channels)
        /// The channel MLP's hidden layer: `[97][256]`.
        var wide = [Float](repeating: 0, count: MixerBlock.tokens * MixerBlock.channelHidden)
        /// A layer's output before it is added: `[97][64]`.
        var delta = [Float](repeating: 0, count: MixerBlock.tokens * MixerBlock.channels)
        /// 64 zeros: the bias of the products whose biases ride in the weights.
        let zeros = [Float](repeating: 0, count: MixerBlock.channels)
    }

    /// The block on `x` (`[97][64]`), in place. With `firstTokenOnly`, only token 0 comes out right
    /// (the others are left as they were): all that the model's output reads after its last block.
    func apply(_ x: inout [Float], firstTokenOnly: Bool, scratch s: inout Scratch) {
        let (n, c) = (Self.tokens, Self.channels)
        precondition(x.count == n * c)
        let outTokens = firstTokenOnly ? 1 : n
        x.withUnsafeMutableBufferPointer { xb in
            s.normed.withUnsafeMutableBufferPointer { normed in
                s.hidden.withUnsafeMutableBufferPointer { hidden in
                    s.wide.withUnsafeMutableBufferPointer { wide in
                        s.delta.withUnsafeMutableBufferPointer { delta in
                            // Safety: every buffer has the size its comment in Scratch gives, `x` 97·64 floats
                            // (precondition), the weights the shapes `init` read; the products below stay in them.
                            let x = xb.baseAddress!
                            // token mixing
                            Self.normalise(x, tokens: n, scale: tokenNorm, epsilon: epsilon, into: normed.baseAddress!)
                            PointwiseConvolution.row(
                                tokens1, pixels: Self.tokenHidden, inputs: n + 1, weights: normed.baseAddress!,
                                bias: s.zeros, outputs: c, into: hidden.baseAddress!)
                            Self.relu(hidden.baseAddress!, count: Self.tokenHidden * c)
                            PointwiseConvolution.row(
                                tokens2, pixels: outTokens, inputs: Self.tokenHidden + 1, weights: hidden.baseAddress!,
                                bias: s.zeros, outputs: c, into: delta.baseAddress!)
                            Self.add(delta.baseAddress!, to: x, count: outTokens * c)
                            // channel mixing
                            Self.normalise(
                                x, tokens: outTokens, scale: channelNorm, epsilon: epsilon, into: normed.baseAddress!)
                            PointwiseConvolution.row(
                                normed.baseAddress!, pixels: outTokens, inputs: c, weights: channels1,
                                bias: channels1Bias, outputs: Self.channelHidden, into: wide.baseAddress!)
                            Self.relu(wide.baseAddress!, count: outTokens * Self.channelHidden)
                            PointwiseConvolution.row(
                                wide.baseAddress!, pixels: outTokens, inputs: Self.channelHidden, weights: channels2,
                                bias: channels2Bias, outputs: c, into: delta.baseAddress!)
                            Self.add(delta.baseAddress!, to: x, count: outTokens * c)
                        }
                    }
                }
            }
        }
    }

    /// The layer norm of `tokens` tokens of 64 channels: `(x − mean)·scale / √(variance + epsilon)`.
    private static func normalise(
        _ x: UnsafePointer<Float>, tokens: Int, scale: [Float], epsilon: Float, into y: UnsafeMutablePointer<Float>
    ) {
        scale.withUnsafeBufferPointer { sb in
            // Safety: token t is 64 floats at t·64 of x and y; the scale holds 64 floats.
            let g = sb.baseAddress!
            for t in 0..<tokens {
                let (a, b, c, d) = (
                    x.loadVector(at: t * 64), x.loadVector(at: t * 64 + 16), x.loadVector(at: t * 64 + 32),
                    x.loadVector(at: t * 64 + 48)
                )
                let mean = ((a + b) + (c + d)).sum() / 64
                let m = SIMD16<Float>(repeating: mean)
                let (da, db, dc, dd) = (a - m, b - m, c - m, d - m)
                let variance = ((da * da + db * db) + (dc * dc + dd * dd)).sum() / 64
                let r = SIMD16<Float>(repeating: 1 / (variance + epsilon).squareRoot())
                y.storeVector(da * r * g.loadVector(at: 0), at: t * 64)
                y.storeVector(db * r * g.loadVector(at: 16), at: t * 64 + 16)
                y.storeVector(dc * r * g.loadVector(at: 32), at: t * 64 + 32)
                y.storeVector(dd * r * g.loadVector(at: 48), at: t * 64 + 48)
            }
        }
    }

    /// `max(v, 0)` of `count` floats (a multiple of 16) in place.
    private static func relu(_ v: UnsafeMutablePointer<Float>, count: Int) {
        for k in stride(from: 0, to: count, by: 16) { v.storeVector(maximum(v.loadVector(at: k), .zero), at: k) }
    }

    /// `x += delta` over `count` floats (a multiple of 16).
    private static func add(_ delta: UnsafePointer<Float>, to x: UnsafeMutablePointer<Float>, count: Int) {
        for k in stride(from: 0, to: count, by: 16) {
            x.storeVector(x.loadVector(at: k) + delta.loadVector(at: k), at: k)
        }
    }

    /// Scalar reference twin of `apply` (every token).
    func applyScalar(_ x: inout [Float]) {
        let (n, c) = (Self.tokens, Self.channels)
        var y = Self.normaliseScalar(x, scale: tokenNorm, epsilon: epsilon)
        var hidden = [Float](repeating: 0, count: Self.tokenHidden * c)
        for j in 0..<Self.tokenHidden {
            for ch in 0..<c {
                var s = tokens1[j * (n + 1) + n]
                for t in 0..<n { s += tokens1[j * (n + 1) + t] * y[t * c + ch] }
                hidden[j * c + ch] = max(s, 0)
            }
        }
        for t in 0..<n {
            for ch in 0..<c {
                var s = tokens2[t * (Self.tokenHidden + 1) + Self.tokenHidden]
                for j in 0..<Self.tokenHidden { s += tokens2[t * (Self.tokenHidden + 1) + j] * hidden[j * c + ch] }
                x[t * c + ch] += s
            }
        }
        y = Self.normaliseScalar(x, scale: channelNorm, epsilon: epsilon)
        for t in 0..<n {
            var wide = [Float](repeating: 0, count: Self.channelHidden)
            for k in 0..<Self.channelHidden {
                var s = channels1Bias[k]
                for ch in 0..<c { s += y[t * c + ch] * channels1[ch * Self.channelHidden + k] }
                wide[k] = max(s, 0)
            }
            for ch in 0..<c {
                var s = channels2Bias[ch]
                for k in 0..<Self.channelHidden { s += wide[k] * channels2[k * c + ch] }
                x[t * c + ch] += s
            }
        }
    }

    /// Scalar twin of `normalise` on every token.
    private static func normaliseScalar(_ x: [Float], scale: [Float], epsilon: Float) -> [Float] {
        var y = x
        for t in 0..<tokens {
            let row = x[(t * channels)..<((t + 1) * channels)]
            let mean = row.reduce(0, +) / Float(channels)
            let variance = row.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Float(channels)
            for ch in 0..<channels {
                y[t * channels + ch] = (x[t * channels + ch] - mean) / (variance + epsilon).squareRoot() * scale[ch]
            }
        }
        return y
    }
}

extension MixerBlock {
    /// The tensors `name.tokenNorm.weight`, `.tokens1.weight`, `.tokens2.weight`, `.channelNorm.weight`,
    /// `.channels1.*`, `.channels2.*` of `model`.
    init(_ model: ModelFile, _ name: String, epsilon: Float) throws {
        let (n, c) = (Self.tokens, Self.channels)
        self.init(
            tokenNorm: try model.floats(name + ".tokenNorm.weight", shape: [c]),
            channelNorm: try model.floats(name + ".channelNorm.weight", shape: [c]),
            tokens1: try model.floats(name + ".tokens1.weight", shape: [Self.tokenHidden, n + 1]),
            tokens2: try model.floats(name + ".tokens2.weight", shape: [n, Self.tokenHidden + 1]),
            channels1: try model.floats(name + ".channels1.weight", shape: [c, Self.channelHidden]),
            channels1Bias: try model.floats(name + ".channels1.bias", shape: [Self.channelHidden]),
            channels2: try model.floats(name + ".channels2.weight", shape: [Self.channelHidden, c]),
            channels2Bias: try model.floats(name + ".channels2.bias", shape: [c]), epsilon: epsilon)
    }
}
