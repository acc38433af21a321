/// Two boxes the mesh moved onto one face are one face: the better-scoring one stays (before the
/// attributes, so that one face never gets two sets of probabilities).
///
/// Reads: the boxes and scores. Drops: each face whose box overlaps a better one's by more than
/// ``NonMaximumSuppression/sameFace`` (IoU). Model: none. Cost: none to speak of. Runs when the
/// mesh does.
struct DuplicateFacesStage: FaceStage {
    init?(options: FaceDetector.Options) {
        guard options.measuresPoints else { return nil }
    }

    func run(_ faces: [FaceMeasurement], in image: UprightImage, threads: Int) -> [FaceMeasurement] {
        let distinct = NonMaximumSuppression.keptIndices(
            faces.map { NonMaximumSuppression.Corners($0.face) }, scores: faces.map(\.face.score),
            threshold: NonMaximumSuppression.sameFace, overlap: .union, inclusive: false)
        return distinct.count < faces.count ? distinct.map { faces[$0] } : faces
    }
}
