/// The probability that each eye is open, from an eye patch of the aligned face.
///
/// Features per eye (``features(_:eye:)``; patch = 21 × 15 frame pixels around the eye centre,
/// about 0.5 × 0.35 inter-ocular distances). All three are ratios of grey-level differences, so
/// they do not change with the photo's brightness, contrast or size:
/// 0. roundness of the darkest spot: (patch mean − darkest 5×5 mean) / (patch mean − darkest 13×1
///    horizontal line). An open eye's iris is a round dark spot (ratio near 1); a closed eye's only
///    dark part is the thin lash line (ratio well below 1);
/// 1. edge orientation: horizontal-gradient energy / (horizontal + vertical), over the patch (the
///    iris's vertical edges against a closed lid's horizontal ones);
/// 2. aperture: the fraction of the 21 rows around the eye centre whose middle (11 columns) is
///    darker than the darkest row + 0.7 × (patch median − darkest row) (a dark iris is tall, a
///    closed lid's line thin).
/// One model serves both eyes (each is measured the same way).
/// A richer set (gradient energy against the face's, sclera brightness, patch contrast) scored no
/// better cross-validated and leant on photo sharpness, which differs between eyes-dev's sources.
struct EyeStateClassifier: Sendable {
    /// The fitted coefficients.
    var model: LogisticModel

    /// A classifier with the project's fitted coefficients (see ``fitted``).
    init(model: LogisticModel = EyeStateClassifier.fitted) { self.model = model }

    /// Coefficients fitted by `tools/fit_attributes.py` (L2 0.01) on eyes-dev (CEW closed + LFW open:
    /// 412 faces found by MTCNN, 824 eyes) with features from this code on MTCNN's landmarks, the
    /// intercept moved to a 50/50 open/closed prior; 10-fold cross-validated AUC 0.899.
    static let fitted = LogisticModel(weights: [5.9682, 3.7746, 9.6390], bias: -9.6623)

    /// The probabilities, 0…1, that the subject's left and right eyes are open; `nil` when an eye
    /// is missing from `landmarks`.
    func probabilities(in image: RGBImage, landmarks: [Landmark]) -> (left: Float, right: Float)? {
        guard let face = AlignedFace(image: image, landmarks: landmarks) else { return nil }
        return probabilities(face)
    }

    /// The probabilities for an already aligned face.
    func probabilities(_ face: AlignedFace) -> (left: Float, right: Float)? {
        guard let left = Self.features(face, eye: .leftEye), let right = Self.features(face, eye: .rightEye) else {
            return nil
        }
        return (model.probability(left), model.probability(right))
    }

    /// The three features listed above for `eye` (`.leftEye` or `.rightEye`).
    static func features(_ face: AlignedFace, eye: LandmarkType) -> [Float]? {
        guard let centre = face.position(eye) else { return nil }
        let ex = Int(centre.x.rounded())
        let ey = Int(centre.y.rounded())
        // The 21 × 15 patch of the type comment (0.5 × 0.35 of the 40-px inter-ocular distance).
        let (x0, y0, x1, y1) = (ex - 10, ey - 7, ex + 11, ey + 8)
        let patch = RegionStatistics(face, x0: x0, y0: y0, x1: x1, y1: y1)
        let spot = RegionStatistics.darkestBox(face, x0: x0, y0: y0, x1: x1, y1: y1, boxWidth: 5, boxHeight: 5)
        let line = RegionStatistics.darkestBox(face, x0: x0, y0: y0, x1: x1, y1: y1, boxWidth: 13, boxHeight: 1)
        let roundness = (patch.mean - spot) / max(patch.mean - line, 1e-3)
        let orientation = patch.horizontalGradient / max(patch.horizontalGradient + patch.verticalGradient, 1e-6)
        var rows = [Float](repeating: 0, count: 21)
        // Mean of the 11 middle columns in each of the 21 rows around the eye.
        for (i, y) in ((ey - 10)...(ey + 10)).enumerated() {
            var sum: Float = 0
            for x in (ex - 5)...(ex + 5) { sum += face[x, y] }
            rows[i] = sum / 11
        }
        let darkestRow = rows.min()!
        let threshold = darkestRow + 0.7 * (patch.median - darkestRow)
        let aperture = Float(rows.filter { $0 < threshold }.count) / 21
        return [roundness, orientation, aperture]
    }
}
