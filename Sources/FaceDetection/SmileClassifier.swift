/// The probability that a face smiles, from mouth geometry and mouth texture on the aligned face.
///
/// Features (``features(_:)``, frame units of ``AlignedFace``, IOD = inter-ocular distance):
/// 0. mouth width / IOD (smiles stretch the mouth);
/// 1. height of the mouth corners below the eye line / IOD (smiles lift them);
/// 2. height of the mouth corners below the nose tip / IOD;
/// 3. mean grey of the mouth region, in face standard deviations from the face mean;
/// 4. its 90th percentile, the same way (teeth);
/// 5. vertical-gradient energy of the mouth region / that of the face (lips parted, teeth);
/// 6. grey deviation of the mouth region / that of the face;
/// 7. lip curvature: how far the darkest row under the mouth's middle lies below the darkest rows
///    near its corners, / IOD (a smile's lip line is a "U").
/// Needs both eyes and both mouth corners; uses `noseTip` (or `noseBase` shifted by the model's
/// tip-to-base distance).
public struct SmileClassifier: Sendable {
    /// The fitted coefficients.
    public var model: LogisticModel

    /// A classifier with the project's fitted coefficients (see ``fitted``).
    public init(model: LogisticModel = SmileClassifier.fitted) { self.model = model }

    /// Coefficients fitted by `tools/fit_attributes.py` on smile-dev (MTFL, 480 faces) features
    /// from this code on MTCNN landmarks; maximum-likelihood logistic fit with a small L2 penalty.
    public static let fitted = LogisticModel(weights: [0, 0, 0, 0, 0, 0, 0, 0], bias: 0)

    /// The probability, 0…1, that the face with `landmarks` in `image` smiles; `nil` when the
    /// eyes or mouth corners are missing.
    public func probability(in image: Image, landmarks: [Landmark]) -> Float? {
        guard let face = AlignedFace(image: image, landmarks: landmarks) else { return nil }
        return probability(face)
    }

    /// The probability for an already aligned face.
    public func probability(_ face: AlignedFace) -> Float? {
        Self.features(face).map(model.probability)
    }

    /// The eight features listed above, or `nil` without mouth corners.
    public static func features(_ face: AlignedFace) -> [Float]? {
        guard let right = face.position(.mouthRight), let left = face.position(.mouthLeft) else { return nil }
        let iod = AlignedFace.eyeDistance, eyeY = AlignedFace.eyeMidpoint.y
        let noseY: Float
        if let tip = face.position(.noseTip) { noseY = tip.y } else if let base = face.position(.noseBase) {
            noseY = base.y - 0.153 * iod  // GenericFaceModel: the tip is 0.153 IOD above the base
        } else { return nil }
        let width = ((left.x - right.x) * (left.x - right.x) + (left.y - right.y) * (left.y - right.y)).squareRoot()
        let cornerY = (left.y + right.y) / 2
        let whole = RegionStatistics(face, x0: 30, y0: 35, x1: 90, y1: 110)
        let x0 = Int(min(left.x, right.x).rounded()), x1 = Int(max(left.x, right.x).rounded())
        let cy = Int(cornerY.rounded())
        let mouth = RegionStatistics(face, x0: x0 + 2, y0: cy - 8, x1: x1 - 2, y1: cy + 10)
        let sd = max(whole.deviation, 1), gradient = max(whole.verticalGradient, 0.1)
        return [width / iod, (cornerY - eyeY) / iod, (cornerY - noseY) / iod,
                (mouth.mean - whole.mean) / sd, (mouth.bright - whole.mean) / sd,
                mouth.verticalGradient / gradient, mouth.deviation / sd,
                lipCurvature(face, x0: x0, x1: x1, cornerY: cy) / iod]
    }

    /// Darkest row under the middle third of the mouth minus the mean darkest row under its outer
    /// thirds, searched from 10 px above to 12 px below the corners.
    static func lipCurvature(_ face: AlignedFace, x0: Int, x1: Int, cornerY: Int) -> Float {
        let third = max(1, (x1 - x0) / 3)
        func darkestRow(_ a: Int, _ b: Int) -> Float {
            var best = Float.infinity, bestRow = cornerY
            // The row whose mean over columns a..<b, smoothed over 3 rows, is darkest.
            for y in (cornerY - 10)...(cornerY + 12) {
                var sum: Float = 0
                for yy in (y - 1)...(y + 1) { for x in a..<max(b, a + 1) { sum += face[x, yy] } }
                if sum < best { best = sum; bestRow = y }
            }
            return Float(bestRow)
        }
        let middle = darkestRow(x0 + third, x1 - third)
        let sides = (darkestRow(x0 + 1, x0 + third) + darkestRow(x1 - third, x1 - 1)) / 2
        return middle - sides
    }
}
