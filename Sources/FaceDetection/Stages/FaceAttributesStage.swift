/// The Euler angles, Android's landmarks for the yaw, and the smiling and eye-open probabilities
/// (``FaceAttributes``).
///
/// Reads: the landmarks measured so far, the mesh and the blendshapes. Adds: the pose (fitted to the
/// mesh where it ran, else to the points); with landmarks, Android's set in place of the measured
/// points; with classification, the probabilities (only where there are blendshapes). Model: the
/// generic 3-D face models the pose is fitted to; no pixels. Cost: a small least-squares fit per
/// face. Runs when landmarks or classification are asked for.
struct FaceAttributesStage: PerFaceStage {
    /// The pose fits.
    let attributes = FaceAttributes()
    /// Whether Android's landmarks and the probabilities are set.
    let landmarks: Bool, classification: Bool

    init?(options: FaceDetector.Options) {
        guard options.derivesAttributes else { return nil }
        landmarks = options.landmarks == .all
        classification = options.classification == .all
    }

    func measure(_ face: inout FaceMeasurement, in image: UprightImage) {
        attributes.annotate(
            &face.face, mesh: face.mesh, blendshapes: face.blendshapes, landmarks: landmarks,
            classification: classification)
    }
}
