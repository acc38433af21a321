/// For one axis of a resize, which input samples each output sample mixes and with what weights.
///
/// Every output has the same number of taps (unused ones have weight 0), stored flat:
/// output `o` reads `indices[o * taps + k]` with `weights[o * taps + k]`, for `k` in `0..<taps`.
/// Weights of one output add up to 1 (to float rounding), so a constant image stays constant.
struct ResamplingTaps {
    /// Taps per output sample.
    let taps: Int
    /// Input index of each tap, always inside `0..<inputCount`.
    let indices: [Int]
    /// Weight of each tap.
    let weights: [Float]

    /// Taps that take `inputCount` samples to `outputCount` (both ≥ 1).
    ///
    /// Growing (or keeping the size) interpolates linearly between the two nearest input
    /// centres, pixel centres aligned (`in = (out + 0.5) · scale − 0.5`, clamped at the ends), so the
    /// same size copies exactly. Shrinking averages the input area that each output covers
    /// (a box filter: input pixels weighted by their overlap with `[o · scale, (o + 1) · scale)`),
    /// so fine detail averages out instead of aliasing.
    init(from inputCount: Int, to outputCount: Int) {
        precondition(inputCount >= 1 && outputCount >= 1)
        let scale = Double(inputCount) / Double(outputCount)
        let taps = scale > 1 ? Int(scale.rounded(.up)) + 1 : 2
        var indices = [Int](repeating: 0, count: outputCount * taps)
        var weights = [Float](repeating: 0, count: outputCount * taps)
        let last = inputCount - 1
        for o in 0..<outputCount {
            let base = o * taps
            if scale > 1 {
                let start = Double(o) * scale
                let end = Double(o + 1) * scale
                let first = Int(start.rounded(.down))
                for k in 0..<taps {
                    let i = first + k
                    let overlap = min(end, Double(i + 1)) - max(start, Double(i))
                    indices[base + k] = min(i, last)
                    weights[base + k] = overlap > 0 ? Float(overlap / scale) : 0
                }
            } else {
                let centre = (Double(o) + 0.5) * scale - 0.5
                let i = Int(centre.rounded(.down))
                let f = centre - Double(i)
                indices[base] = min(max(i, 0), last)
                indices[base + 1] = min(max(i + 1, 0), last)
                weights[base] = Float(1 - f)
                weights[base + 1] = Float(f)
            }
        }
        self.taps = taps
        self.indices = indices
        self.weights = weights
    }
}
