/// MediaPipe's 52 expression coefficients from face mesh v2's points, which the probabilities are
/// read from and which the options may report (``Face/blendshapes``).
///
/// Reads: ``FaceMeasurement/landmarker``. Adds: ``FaceMeasurement/blendshapes``, and the face's
/// blendshapes when the options ask for them; nothing for a face without a mesh. Model: MediaPipe's
/// blendshape model (`Models/face_blendshapes.fdm`) on 146 of the points: no pixels. Cost: one
/// pass per face with a mesh, a fraction of the mesh's. Runs when landmarks, classification or
/// blendshapes are asked for.
struct BlendshapesStage: PerFaceStage {
    /// Whether the coefficients are reported.
    let reports: Bool

    init?(options: FaceDetector.Options) {
        guard options.readsExpressions else { return nil }
        reports = options.blendshapes == .all
    }

    func measure(_ face: inout FaceMeasurement, in image: UprightImage) {
        let shapes = face.landmarker.map { FaceMeshStage.estimator.blendshapes($0.points) }
        face.blendshapes = shapes
        if reports { face.face.blendshapes = shapes }
    }
}
