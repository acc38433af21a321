/// ML Kit's fifteen contours, read from the mesh (``FaceContour``).
///
/// Reads: the mesh. Adds: the face's contours (none without a mesh). Model: none (mesh indices).
/// Cost: none to speak of. Runs when contours are asked for.
struct ContoursStage: PerFaceStage {
    init?(options: FaceDetector.Options) {
        guard options.contours == .all else { return nil }
    }

    func measure(_ face: inout FaceMeasurement, in image: UprightImage) {
        guard let mesh = face.mesh else { return }
        face.face.contours = FaceContour.contours(of: mesh)
    }
}
