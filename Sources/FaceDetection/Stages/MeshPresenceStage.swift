/// Drops a face of middling score that the mesh does not take for a face: the score rule's check of
/// large faces against the mesh's presence (``CandidateScoreRule``).
///
/// Reads: the score, the box and the mesh's presence. Drops: the faces the rule rejects with that
/// presence; a face without a mesh stays. Model: none (the mesh's output). Cost: none to speak of.
/// Runs when the mesh does.
struct MeshPresenceStage: FaceStage {
    /// Which candidates are faces.
    let rule: CandidateScoreRule

    init?(options: FaceDetector.Options) {
        guard options.measuresPoints else { return nil }
        rule = options.scoreRule
    }

    func run(_ faces: [FaceMeasurement], in image: UprightImage, threads: Int) -> [FaceMeasurement] {
        faces.filter { face in face.landmarker.map { rule.keeps(face.face, presence: $0.presence) } ?? true }
    }
}
