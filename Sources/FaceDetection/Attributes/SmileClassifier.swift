/// The probability that a face smiles, from mouth geometry and mouth texture on the aligned face.
///
/// Features (``features(_:)``, frame units of ``AlignedFace``, IOD = inter-ocular distance):
/// 0. mouth width / IOD (smiles stretch the mouth);
/// 1. height of the mouth corners below the eye line / IOD (smiles lift them);
/// 2. height of the mouth corners below the nose tip / IOD;
/// 3. nasolabial folds: gradient energy beside the mouth (10 px wide strips 2 px outside each
///    corner, from nose-tip height to corner height) / the face's mean gradient (smiles raise the
///    cheeks and deepen the folds).
/// Texture inside the mouth (brightness, teeth, lip-line curvature) was tried and left out: it did
/// not add to these on smile-dev (cross-validated AUC 0.883 geometry alone vs 0.872 with it, on
/// the truth landmarks).
/// Needs both eyes and both mouth corners; uses `noseTip` (or `noseBase` shifted by the model's
/// tip-to-base distance).
struct SmileClassifier: Sendable {
    /// The fitted coefficients.
    var model: LogisticModel

    /// A classifier with the project's fitted coefficients (see ``fitted``).
    init(model: LogisticModel = SmileClassifier.fitted) { self.model = model }

    /// Coefficients fitted by `tools/fit_attributes.py` (L2 0.01) on smile-dev (MTFL: 480 faces, half
    /// smiling) with features from this code on MTCNN's landmarks; 10-fold cross-validated AUC 0.886.
    static let fitted = LogisticModel(weights: [16.7837, -3.3802, -2.6963, 1.4223], bias: -10.3947)

    /// The probability, 0…1, that the face with `landmarks` in `image` smiles; `nil` when the
    /// eyes or mouth corners are missing.
    func probability(in image: RGBImage, landmarks: [Landmark]) -> Float? {
        guard let face = AlignedFace(image: image, landmarks: landmarks) else { return nil }
        return probability(face)
    }

    /// The probability for an already aligned face.
    func probability(_ face: AlignedFace) -> Float? {
        Self.features(face).map(model.probability)
    }

    /// The four features listed above, or `nil` without mouth corners or a nose point.
    static func features(_ face: AlignedFace) -> [Float]? {
        guard let right = face.position(.mouthRight), let left = face.position(.mouthLeft) else { return nil }
        let iod = AlignedFace.eyeDistance
        let eyeY = AlignedFace.eyeMidpoint.y
        let noseY: Float
        if let tip = face.position(.noseTip) {
            noseY = tip.y
        } else if let base = face.position(.noseBase) {
            noseY = base.y - 0.153 * iod  // GenericFaceModel: the tip is 0.153 IOD above the base
        } else {
            return nil
        }
        let width = ((left.x - right.x) * (left.x - right.x) + (left.y - right.y) * (left.y - right.y)).squareRoot()
        let cornerY = (left.y + right.y) / 2
        // The face from brows to chin in the aligned frame (eyes at x 40 and 80, y 50; mouth near y 94).
        let whole = RegionStatistics(face, x0: 30, y0: 35, x1: 90, y1: 110)
        let x0 = Int(min(left.x, right.x).rounded())
        let x1 = Int(max(left.x, right.x).rounded())
        let top = Int(noseY.rounded())
        let bottom = Int(cornerY.rounded())
        let imageLeftStrip = RegionStatistics(face, x0: x0 - 12, y0: top, x1: x0 - 2, y1: bottom)
        let imageRightStrip = RegionStatistics(face, x0: x1 + 2, y0: top, x1: x1 + 12, y1: bottom)
        // Floored at 0.1 grey level per pixel so that a flat (blank or saturated) frame cannot divide by ~0.
        let faceGradient = max((whole.horizontalGradient + whole.verticalGradient) / 2, 0.1)
        let folds =
            (imageLeftStrip.horizontalGradient + imageLeftStrip.verticalGradient
                + imageRightStrip.horizontalGradient + imageRightStrip.verticalGradient) / 4
        return [width / iod, (cornerY - eyeY) / iod, (cornerY - noseY) / iod, folds / faceGradient]
    }
}
