/// MediaPipe's blendshape model (`face_blendshapes.tflite`, "Blendshape V2", an MLP-Mixer): 52
/// expression coefficients from 146 of face mesh v2's 478 points (x, y in image pixels).
///
/// Structure (`tools/models/convert_face_landmarker.py`, `Models/README.md`): the points are centred, divided
/// by their mean distance from the centre and halved; a dense layer along the points (146 → 96, for x
/// and for y) and one along the coordinates (2 → 64) make 96 tokens of 64 channels, after a learned
/// first token; four `MixerBlock`s; then token 0 through a dense layer (64 → 52) and a sigmoid.
/// A value holds only immutable weights: share it between threads.
final class BlendshapeNetwork: Sendable {
    /// The points the model reads, as indices into face mesh v2's 478, in its input order
    /// (MediaPipe's `kLandmarksSubsetIdxs`, `face_blendshapes_graph.cc`).
    static let meshIndices: [Int] = [
        0, 1, 4, 5, 6, 7, 8, 10, 13, 14, 17, 21, 33, 37, 39, 40, 46, 52, 53, 54, 55, 58, 61, 63, 65, 66, 67, 70, 78,
        80, 81, 82, 84, 87, 88, 91, 93, 95, 103, 105, 107, 109, 127, 132, 133, 136, 144, 145, 146, 148, 149, 150,
        152, 153, 154, 155, 157, 158, 159, 160, 161, 162, 163, 168, 172, 173, 176, 178, 181, 185, 191, 195, 197,
        234, 246, 249, 251, 263, 267, 269, 270, 276, 282, 283, 284, 285, 288, 291, 293, 295, 296, 297, 300, 308,
        310, 311, 312, 314, 317, 318, 321, 323, 324, 332, 334, 336, 338, 356, 361, 362, 365, 373, 374, 375, 377,
        378, 379, 380, 381, 382, 384, 385, 386, 387, 388, 389, 390, 397, 398, 400, 402, 405, 409, 415, 454, 466,
        468, 469, 470, 471, 472, 473, 474, 475, 476, 477,
    ]
    /// Points in the input.
    static let pointCount = 146
    /// Tokens the points make before the learned one is put first.
    static let pointTokens = 96

    private let scale: Float
    /// `[96][146]` and bias `[96]`: along the points.
    private let tokensWeight: [Float], tokensBias: [Float]
    /// `[2][64]` and bias `[64]`: along the coordinates.
    private let channelsWeight: [Float], channelsBias: [Float]
    /// The learned first token.
    private let extraToken: [Float]
    private let mixers: [MixerBlock]
    /// `[64][52]` and bias `[52]`.
    private let outputWeight: [Float], outputBias: [Float]

    /// Reads the network from a model of kind `BLND`.
    init(model: ModelFile) throws {
        try model.expectKind("BLND")
        let (n, t, c) = (Self.pointCount, Self.pointTokens, MixerBlock.channels)
        scale = try model.floats("input.scale", shape: [1])[0]
        tokensWeight = try model.floats("stem.tokens.weight", shape: [t, n])
        tokensBias = try model.floats("stem.tokens.bias", shape: [t])
        channelsWeight = try model.floats("stem.channels.weight", shape: [2, c])
        channelsBias = try model.floats("stem.channels.bias", shape: [c])
        extraToken = try model.floats("stem.extraToken", shape: [c])
        let epsilon = try model.floats("mixer.epsilon", shape: [1])[0]
        mixers = try (0..<4).map { try MixerBlock(model, "mixer.\($0)", epsilon: epsilon) }
        let count = Blendshapes.Coefficient.allCases.count
        outputWeight = try model.floats("output.weight", shape: [c, count])
        outputBias = try model.floats("output.bias", shape: [count])
    }

    /// The coefficients for `points`: the 146 points `meshIndices` names, in image pixels.
    func run(_ points: [SIMD2<Float>]) -> Blendshapes {
        var x = tokens(points)
        var scratch = MixerBlock.Scratch()
        for (k, mixer) in mixers.enumerated() {
            mixer.apply(&x, firstTokenOnly: k == mixers.count - 1, scratch: &scratch)
        }
        return output(x)
    }

    /// Scalar reference twin of `run`.
    func runScalar(_ points: [SIMD2<Float>]) -> Blendshapes {
        var x = tokens(points)
        for mixer in mixers { mixer.applyScalar(&x) }
        return output(x)
    }

    /// The 97 tokens of 64 channels (`[token][channel]`) the mixer blocks start from.
    private func tokens(_ points: [SIMD2<Float>]) -> [Float] {
        let (n, t, c) = (Self.pointCount, Self.pointTokens, MixerBlock.channels)
        precondition(points.count == n, "BlendshapeNetwork: \(points.count) points, not 146")
        // centred, over the mean distance from the centre, halved
        let mean = points.reduce(SIMD2<Float>.zero, +) / Float(n)
        let centred = points.map { $0 - mean }
        let spread = centred.map { ($0 * $0).sum().squareRoot() }.reduce(0, +) / Float(n)
        let p = centred.map { $0 / spread * scale }
        var x = extraToken + [Float](repeating: 0, count: t * c)
        for j in 0..<t {
            // token j + 1: along the points for x and y, then along the coordinates
            var v = SIMD2<Float>(repeating: tokensBias[j])
            for i in 0..<n { v += tokensWeight[j * n + i] * p[i] }
            for ch in 0..<c {
                x[(j + 1) * c + ch] = channelsBias[ch] + v.x * channelsWeight[ch] + v.y * channelsWeight[c + ch]
            }
        }
        return x
    }

    /// Token 0 of `x` through the output layer and the sigmoid.
    private func output(_ x: [Float]) -> Blendshapes {
        let (c, count) = (MixerBlock.channels, Blendshapes.Coefficient.allCases.count)
        var values = outputBias
        for ch in 0..<c {
            for k in 0..<count { values[k] += x[ch] * outputWeight[ch * count + k] }
        }
        return Blendshapes(values: values.map { 1 / (1 + exp(-$0)) })
    }
}
