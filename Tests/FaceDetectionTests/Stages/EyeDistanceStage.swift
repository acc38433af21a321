@testable import FaceDetection

/// A demonstration stage, as a new network's stage would be written: it reads what earlier stages
/// left (the pupils, the mesh's presence) and leaves its own value under its own key. The whole of
/// adding it is this file and its name in a stage list (`FaceStages.all + [EyeDistanceStage.self]`).
///
/// Reads: the face's pupils (``PupilsStage``) and the mesh's presence (``FaceMeshStage``). Adds: the
/// distance between the pupils in pixels, with the presence it was measured at (``Key``). Model:
/// none. Cost: none to speak of. Runs when landmarks are asked for.
struct EyeDistanceStage: PerFaceStage {
    /// What the stage leaves in a ``FaceMeasurement``.
    enum Key: FaceMeasurementKey {
        typealias Value = (distance: Float, presence: Float)
    }

    init?(options: FaceDetector.Options) {
        guard options.landmarks == .all else { return nil }
    }

    func measure(_ face: inout FaceMeasurement, in image: UprightImage) {
        guard let left = face.face.landmark(.leftPupil)?.position,
            let right = face.face.landmark(.rightPupil)?.position, let presence = face.landmarker?.presence
        else { return }
        let (dx, dy) = (left.x - right.x, left.y - right.y)
        face[Key.self] = ((dx * dx + dy * dy).squareRoot(), presence)
    }
}
