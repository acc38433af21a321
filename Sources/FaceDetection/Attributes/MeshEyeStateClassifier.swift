#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The probability that each eye is open, from the face mesh's eyelid aperture together with the
/// pixel model (``EyeStateClassifier``).
///
/// Features for one eye: 0. its aperture, the mean distance between the upper and lower lid over
/// three point pairs across the eye, over the eye's width (corner to corner), in the image plane;
/// 1. the pixel model's logit for this eye. One model serves both eyes, so a mirrored face swaps
/// the two probabilities. Each eye is judged on its own: adding the other eye's aperture scored
/// higher on eyes-dev (10-fold AUC 0.958), but eyes-dev has no winks and that fit weighed the
/// other eye's lids above the eye's own, which would call a winking face's open eye the closed one.
struct MeshEyeStateClassifier: Sendable {
    /// The fitted coefficients.
    var model: LogisticModel

    /// A classifier with the project's fitted coefficients (see ``fitted``).
    init(model: LogisticModel = MeshEyeStateClassifier.fitted) { self.model = model }

    /// Coefficients fitted by `tools/fit_mesh_attributes.py` (L2 0.01) on eyes-dev (433 faces found
    /// in accurate mode at 20 px, 866 eyes), the intercept moved to a 50/50 open/closed prior;
    /// 10-fold cross-validated AUC 0.948 (the aperture alone 0.909, the pixel logit alone 0.904).
    static let fitted = LogisticModel(weights: [27.6902, 0.7804], bias: -7.0960)

    /// Mesh points of the right eye: (outer corner, inner corner), then (lower, upper) lid pairs.
    static let rightEye = (corners: (33, 133), lids: [(144, 160), (145, 159), (153, 158)])
    /// The same for the left eye (the mirror images of the right eye's points).
    static let leftEye = (corners: (263, 362), lids: [(373, 387), (374, 386), (380, 385)])

    /// The probabilities, 0…1, that the subject's left and right eyes are open, given the pixel
    /// model's probabilities `pixel` for the same face.
    func probabilities(_ mesh: FaceMesh, pixel: (left: Float, right: Float)) -> (left: Float, right: Float) {
        let left = Self.aperture(mesh, eye: Self.leftEye)
        let right = Self.aperture(mesh, eye: Self.rightEye)
        return (
            model.probability([left, Self.logit(pixel.left)]), model.probability([right, Self.logit(pixel.right)])
        )
    }

    /// Mean lid distance over eye width for one eye's points.
    static func aperture(_ mesh: FaceMesh, eye: (corners: (Int, Int), lids: [(Int, Int)])) -> Float {
        let width = distance(mesh.position(eye.corners.0), mesh.position(eye.corners.1))
        let lids = eye.lids.map { distance(mesh.position($0.0), mesh.position($0.1)) }.reduce(0, +)
        return lids / Float(eye.lids.count) / max(width, 1e-6)
    }

    /// The log-odds of `p`, clamped to 1e-4…1 − 1e-4 as in the fit.
    static func logit(_ p: Float) -> Float {
        let clamped = min(max(p, 1e-4), 1 - 1e-4)
        return logf(clamped / (1 - clamped))
    }

    /// Euclidean distance between two image points.
    private static func distance(_ a: Point, _ b: Point) -> Float { hypotf(a.x - b.x, a.y - b.y) }
}
