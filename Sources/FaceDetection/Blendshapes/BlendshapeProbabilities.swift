/// The smiling and eye-open probabilities from MediaPipe's blendshapes (``Blendshapes``), each a
/// logistic function of one coefficient's log-odds, fitted by `tools/models/fit_blendshape_probabilities.py`
/// (L2 0.01) with the intercept moved to a 50/50 prior, so that 0.5 is where the odds are even: the
/// point where ML Kit's probabilities change their answer.
///
/// Eyes: `1 − eyeBlink` of the eye, on eyes-dev (874 eyes of 437 faces, the defaults): pooled AUC
/// 0.9975, 10-fold cross-validated 0.9965–0.9971 over five fold seeds. Smile: the mean of
/// `mouthSmileLeft` and `mouthSmileRight`, on smile-dev (480 faces): AUC 0.933, cross-validated
/// 0.930–0.931; adding the other coefficients did not hold up under cross-validation (cheekSquint,
/// mouthDimple, mouthStretch and jawOpen 0.928–0.933, all 52 0.901–0.911). Fitted 2026-12-06 on
/// face mesh v2 alone (the pipeline since v1's mesh was removed).
enum BlendshapeProbabilities {
    /// The eye-open model on logit(1 − eyeBlink).
    static let eyeOpen = LogisticModel(weights: [4.3380], bias: -4.2844)
    /// The smile model on logit(mean mouthSmile).
    static let smile = LogisticModel(weights: [0.6784], bias: 1.7269)

    /// The probability that the face smiles.
    static func smiling(_ shapes: Blendshapes) -> Float {
        smile.probability([logit((shapes[.mouthSmileLeft] + shapes[.mouthSmileRight]) / 2)])
    }

    /// The probabilities that the subject's left and right eyes are open.
    static func eyesOpen(_ shapes: Blendshapes) -> (left: Float, right: Float) {
        (
            eyeOpen.probability([logit(1 - shapes[.eyeBlinkLeft])]),
            eyeOpen.probability([logit(1 - shapes[.eyeBlinkRight])])
        )
    }

    /// The log-odds of `p`, clamped to 1e-4…1 − 1e-4 as in the fit.
    static func logit(_ p: Float) -> Float {
        let clamped = min(max(p, 1e-4), 1 - 1e-4)
        return logf(clamped / (1 - clamped))
    }
}
