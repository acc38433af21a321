/// Estimates head pose (ML Kit Euler angles) from a ``FaceMesh`` by a rigid fit, with scale, of
/// MediaPipe's canonical face (``CanonicalFaceModel``) to all 468 mesh points.
///
/// Method: the weak-perspective fit of ``HeadPoseEstimator`` (closed-form affine start, made a scaled
/// rotation, then Gauss–Newton on scale, rotation and translation), with the canonical face's 468
/// vertices as the model and the mesh's image positions as the measurements. Unlike the 5-point
/// fit to ``GenericFaceModel``, the face outline, eyelids, brows, nose and lips all take part, so
/// one mislocated point or a face whose proportions differ from the generic one moves the pose less.
///
/// Tried and not kept: a 3-D Procrustes fit (Umeyama: rotation from the polar factor of the
/// cross-covariance, least-squares scale) that also uses the mesh's depth. On pose-dev and
/// landmarks5-dev its yaw and roll were as good, but its pitch spread more (standard deviation
/// 10.3° against 8.9° on pose-dev) and it put the frontal astronaut at −10.5° (this fit: −7.6°): the
/// network's depth is an estimate, less sure than its image positions.
struct MeshPoseEstimator: Sendable {
    /// Gauss–Newton refinement steps after the closed-form start.
    var refinementSteps = 6

    /// An estimator with the default settings.
    init() {}

    /// The pose whose projected canonical face best matches `mesh` in the image, or `nil` when the
    /// mesh is degenerate (e.g. all its points at one place).
    func estimate(_ mesh: FaceMesh) -> HeadPose? {
        let model = CanonicalFaceModel.vertices
        let image = mesh.points.map { SIMD2<Float>($0.x, -$0.y) }  // y up, as the model
        guard model.count == image.count, var pose = HeadPoseEstimator.closedForm(model: model, image: image) else {
            return nil
        }
        for _ in 0..<refinementSteps { pose = HeadPoseEstimator.refined(pose, model: model, image: image) }
        return pose.scale.isFinite && pose.scale > 0 ? pose : nil
    }
}
