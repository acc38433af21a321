/// The box of a face with a mesh, refined by the mesh (``FaceMesh/refinedBounds(_:)``).
///
/// Reads: the box and the mesh. Adds: the refined box. Model: none (the mesh's points). Cost: none
/// to speak of. Runs when the mesh does.
struct MeshBoundsStage: PerFaceStage {
    init?(options: FaceDetector.Options) {
        guard options.measuresPoints else { return nil }
    }

    func measure(_ face: inout FaceMeasurement, in image: UprightImage) {
        guard let mesh = face.mesh else { return }
        face.face.bounds = mesh.refinedBounds(face.face.bounds)
    }
}
