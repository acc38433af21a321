/// The One-Euro filter of Casiez, Roussel and Vogel (CHI 2012), the filter MediaPipe smooths its
/// landmarks with: a low-pass filter whose cutoff rises with the signal's speed, so that a still
/// value stops jittering while a moving one does not lag.
///
/// Each sample is smoothed by an exponential filter with cutoff
/// `minCutoff + beta × |smoothed derivative| / scale` (in hertz, for samples `Δt` seconds apart);
/// the derivative itself is smoothed with the fixed cutoff `derivativeCutoff`. `scale` makes
/// `beta` independent of the object's size (MediaPipe's "object scale"): for a face, its width.
public struct OneEuroFilter: Sendable, Equatable {
    /// The cutoff frequency in hertz when the value is still: lower smooths more.
    public var minCutoff: Float
    /// How much the cutoff grows with speed (per unit of the value per second): higher lags less.
    public var beta: Float
    /// The cutoff frequency in hertz of the derivative's own smoothing.
    public var derivativeCutoff: Float
    /// The last smoothed value, `nil` before the first sample.
    public private(set) var value: Float?
    /// The last smoothed derivative (units per second).
    private var derivative: Float = 0

    /// A filter with these parameters and no sample yet.
    public init(minCutoff: Float, beta: Float, derivativeCutoff: Float = 1) {
        self.minCutoff = minCutoff
        self.beta = beta
        self.derivativeCutoff = derivativeCutoff
    }

    /// Smooths `sample`, taken `interval` seconds after the previous one, and returns the smoothed
    /// value (the first sample, or a non-positive interval, passes through unchanged). Speeds are
    /// divided by `scale` (> 0) before `beta` applies.
    public mutating func filter(_ sample: Float, interval: Float, scale: Float = 1) -> Float {
        guard let previous = value, interval > 0 else {
            value = sample
            return sample
        }
        let rawDerivative = (sample - previous) / interval
        derivative += Self.alpha(cutoff: derivativeCutoff, interval: interval) * (rawDerivative - derivative)
        let cutoff = minCutoff + beta * abs(derivative) / max(scale, .leastNormalMagnitude)
        let smoothed = previous + Self.alpha(cutoff: cutoff, interval: interval) * (sample - previous)
        value = smoothed
        return smoothed
    }

    /// The exponential filter's weight for a cutoff frequency and sample interval.
    static func alpha(cutoff: Float, interval: Float) -> Float {
        let tau = 1 / (2 * Float.pi * cutoff)
        return 1 / (1 + tau / interval)
    }
}
