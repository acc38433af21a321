/// The smiling and eye-open probabilities from MediaPipe's blendshapes (``Blendshapes``), each a
/// logistic function of one coefficient's log-odds, fitted by `tools/models/fit_blendshape_probabilities.py`
/// (L2 0.01) with the intercept moved to a 50/50 prior, so that 0.5 is where the odds are even: the
/// point where ML Kit's probabilities change their answer.
///
/// Eyes: `1 − eyeBlink` of the eye; smile: the mean of `mouthSmileLeft` and `mouthSmileRight`
/// (other coefficients added nothing under cross-validation). Fitted on face mesh v2's blendshapes on
/// eyes-dev and smile-dev; the fit's scores and cross-validation are in docs/what-is-reported.md.
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
