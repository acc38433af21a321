/// How usable a face is as a picture of its person (``Face/captureQuality``), 0…1: a weighted
/// geometric mean of parts, each 0…1, measured on the face aligned on its eyes (``QualityCrop``),
/// so that a face reads the same at any size in any photo, and on the photo's own pixels around
/// the eyes (``JPEGBlocking``). docs/quality.md gives each part, its weight and what they were
/// measured against.
///
/// The parts: sharpness (fine detail over contrast, the noise's share taken out), noise, exposure
/// (the mean level and the share of clipped cells), contrast, JPEG blocking, pose (yaw and pitch),
/// the face mesh's presence and size (the eye distance in the photo's pixels). The eyes' state is
/// no part of it: it has its own probabilities.
struct CaptureQuality: Sendable, Equatable {
    /// Sharpness, noise, exposure, contrast, blocking, pose, presence and size, each 0…1.
    var sharpness, noise, exposure, contrast, blocking, pose, presence, size: Float

    /// Each part's weight in the score (they add up to 1).
    static let weights:
        (
            sharpness: Float, noise: Float, exposure: Float, contrast: Float, blocking: Float, pose: Float,
            presence: Float, size: Float
        ) = (0.28, 0.07, 0.19, 0.10, 0.06, 0.14, 0.08, 0.08)

    /// The least part that counts: a part at 0 would make every other part meaningless.
    static let floor: Float = 1e-3

    /// The score: Π partᵢ^weightᵢ, each part at least ``floor``.
    var score: Float {
        let w = Self.weights
        let terms: [(Float, Float)] = [
            (sharpness, w.sharpness), (noise, w.noise), (exposure, w.exposure), (contrast, w.contrast),
            (blocking, w.blocking), (pose, w.pose), (presence, w.presence), (size, w.size),
        ]
        let logarithm = terms.reduce(Float(0)) { $0 + $1.1 * logf(max($1.0, Self.floor)) }
        return min(max(expf(logarithm), 0), 1)
    }

    /// The parts of a face whose grey grid gives `signals`, whose photo around the eyes gives
    /// `blockiness` (``JPEGBlocking/blockiness(of:)``), turned by `yaw` and `pitch` degrees, with the
    /// mesh's `presence` (nil without a mesh: then that part is 1), its eyes `eyeDistance` pixels apart.
    init(signals s: QualitySignals, blockiness: Float, yaw: Float, pitch: Float, presence: Float?, eyeDistance: Float) {
        // Sharpness: the Laplacian's energy less white noise's share (20 σ² for the 4-neighbour
        // Laplacian, weighted up against texture the estimator takes for noise), over the contrast.
        let clean = max(s.laplacianEnergy - Self.noiseShare * s.noise * s.noise, 0)
        let relative = clean / ((s.contrast + 6) * (s.contrast + 6))
        sharpness = relative / (relative + Self.sharpnessHalf * Self.sharpnessHalf)
        noise = 1 / (1 + (s.noise / 6) * (s.noise / 6))
        let offMean = (s.mean - 95) / 180
        exposure = expf(-offMean * offMean) * max(0, 1 - 6 * s.clipped)
        contrast = s.contrast / (s.contrast + 30)
        let excess = max(blockiness - 1.55, 0) / 0.4
        blocking = 1 / (1 + excess * excess)
        let (yawShare, pitchShare) = (yaw / Self.poseScale, pitch / Self.poseScale)
        pose = expf(-(yawShare * yawShare + pitchShare * pitchShare) / 2)
        self.presence = presence ?? 1
        size = min(eyeDistance / Self.fullSizeEyeDistance, 1)
    }

    /// The weight of the noise's variance taken out of the Laplacian's energy.
    static let noiseShare: Float = 30
    /// The relative fine detail at which the sharpness part is ½.
    static let sharpnessHalf: Float = 0.45
    /// The yaw or pitch, in degrees, at which the pose part is e^(−½) ≈ 0.61 (turned one way alone).
    static let poseScale: Float = 35
    /// The eye distance, in pixels, from which a face is big enough (the size part is 1): SFace's
    /// template has its eyes 35 pixels apart in its 112 pixels.
    static let fullSizeEyeDistance: Float = 35

    /// The parts given.
    init(
        sharpness: Float, noise: Float, exposure: Float, contrast: Float, blocking: Float, pose: Float,
        presence: Float, size: Float
    ) {
        (self.sharpness, self.noise, self.exposure, self.contrast) = (sharpness, noise, exposure, contrast)
        (self.blocking, self.pose, self.presence, self.size) = (blocking, pose, presence, size)
    }
}
