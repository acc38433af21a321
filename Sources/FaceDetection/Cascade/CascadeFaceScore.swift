/// How a group of cascade windows becomes a confidence in 0…1: a logistic curve over the log of
/// the number of windows merged and the best last-stage margin (last-stage sum minus that
/// stage's threshold). Fitted by logistic regression (true face = IoU ≥ 0.5 with a labelled face)
/// on WIDER FACE validation photos (detection-dev) for `frontalFaceAlt2`, so a score is an
/// estimate of the probability that the box is a face, comparable across images.
public struct CascadeFaceScore: Sendable, Equatable {
    /// Weight of ln(windows merged).
    public var neighborWeight: Double
    /// Weight of the best last-stage margin.
    public var marginWeight: Double
    /// Constant term.
    public var bias: Double

    /// A calibration with the given coefficients.
    public init(neighborWeight: Double, marginWeight: Double, bias: Double) {
        self.neighborWeight = neighborWeight
        self.marginWeight = marginWeight
        self.bias = bias
    }

    /// The fit for `frontalFaceAlt2` with the default settings (scale factor 1.1, step 2, every
    /// group kept).
    public static let frontalFaceAlt2 = CascadeFaceScore(neighborWeight: 2.40, marginWeight: 1.28, bias: -3.85)

    /// The probability that a group of `neighbors` windows whose best last-stage sum exceeds
    /// the stage threshold by `margin` is a face.
    public func probability(neighbors: Int, margin: Double) -> Float {
        let z = neighborWeight * log(Double(max(1, neighbors))) + marginWeight * margin + bias
        return Float(1 / (1 + exp(-z)))
    }
}
