/// The softmax of a short vector: `exp(v[i] − max) / Σ exp(v[j] − max)`.
enum Softmax {
    /// Softmax of `values` in place.
    static func apply(_ values: inout [Float]) {
        guard let m = values.max() else { return }
        var sum: Float = 0
        for i in values.indices {
            values[i] = expf(values[i] - m)
            sum += values[i]
        }
        for i in values.indices { values[i] /= sum }
    }

    /// The probability of the second of two classes with logits `a` and `b`:
    /// `exp(b) / (exp(a) + exp(b))`, the face probability of the MTCNN heads.
    @inline(__always)
    static func secondOfTwo(_ a: Float, _ b: Float) -> Float {
        1 / (1 + expf(a - b))
    }
}
