/// A face with the MediaPipe face mesh its box, landmarks, contours and probabilities were measured
/// with: what `FaceDetector.detectWithMeshes(in:)` returns.
public struct MeshedFace: Sendable, Equatable {
    /// The face, as `FaceDetector.detect(in:)` returns it.
    public var face: Face
    /// The mesh (468 points and the network's features), or nil where none ran: options without
    /// landmarks, classification, contours or blendshapes, a face narrower than
    /// ``FaceDetector/Options/fullyMeasuredWidth``, or a face without both eye points.
    public var mesh: FaceMesh?

    /// A face with its mesh.
    public init(face: Face, mesh: FaceMesh?) {
        self.face = face
        self.mesh = mesh
    }
}
