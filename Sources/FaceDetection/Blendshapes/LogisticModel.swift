/// A logistic regression: `p = 1 / (1 + exp(−(bias + Σ weightᵢ · featureᵢ)))`.
///
/// The attribute classifiers keep their few fitted coefficients in one of these; because the fit
/// is a maximum-likelihood logistic fit, its output is already a calibrated probability on the
/// data it was fitted on (see `tools/models/fit_blendshape_probabilities.py`).
struct LogisticModel: Sendable, Equatable {
    /// One weight per feature.
    var weights: [Float]
    /// The intercept.
    var bias: Float

    /// A model from its coefficients.
    init(weights: [Float], bias: Float) {
        self.weights = weights
        self.bias = bias
    }

    /// The probability for `features` (as many as there are weights), 0…1.
    func probability(_ features: [Float]) -> Float { Self.sigmoid(logit(features)) }

    /// The log-odds for `features` (as many as there are weights): bias + Σ weightᵢ · featureᵢ.
    func logit(_ features: [Float]) -> Float {
        precondition(
            features.count == weights.count, "LogisticModel: \(features.count) features for \(weights.count) weights")
        var z = bias
        for (w, f) in zip(weights, features) { z += w * f }
        return z
    }

    /// The probability for log-odds `z`, 0…1.
    static func sigmoid(_ z: Float) -> Float {
        // z clamped to ±60: expf stays finite (e^60 ≈ 1e26) and the probability is 0 or 1 to Float precision.
        1 / (1 + expf(-max(-60, min(60, z))))
    }
}
