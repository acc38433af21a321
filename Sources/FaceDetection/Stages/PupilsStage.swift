/// The pupils: the centres of face mesh v2's irises, added to the landmarks.
///
/// Reads: ``FaceMeasurement/landmarker``. Adds: `.leftPupil` and `.rightPupil` landmarks (none
/// without a mesh). Model: none (face mesh v2's points). Cost: none to speak of. Runs when
/// landmarks are asked for.
struct PupilsStage: PerFaceStage {
    init?(options: FaceDetector.Options) {
        guard options.landmarks == .all else { return nil }
    }

    func measure(_ face: inout FaceMeasurement, in image: UprightImage) {
        guard let irises = face.landmarker else { return }
        face.face.landmarks += [
            Landmark(type: .leftPupil, position: irises.position(FaceMeshV2Estimator.leftIrisCentre)),
            Landmark(type: .rightPupil, position: irises.position(FaceMeshV2Estimator.rightIrisCentre)),
        ]
    }
}
