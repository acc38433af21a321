/// Android FaceDetector / ML Kit's twelve landmarks, built from measured points and a fitted pose.
///
/// Measured points (from the landmark model: MTCNN's eyes and mouth corners, a nose base where a
/// model measures one, and `noseTip`) are reported where they were measured. Every other point —
/// ears, ear tips, cheeks, mouth bottom, and the nose base when only the nose tip was measured — is
/// ESTIMATED: ``GenericFaceModel``'s point projected with the fitted ``HeadPose``. A missing nose
/// base is placed at the measured nose tip plus the projected tip-to-base offset of the model.
/// Ear and ear-tip positions are the roughest (the model's ears are anthropometric averages, and hair
/// often hides them).
enum AndroidLandmarks {
    /// The landmark types Android reports for a face with yaw `eulerY` (degrees), as the table in
    /// Android's `FaceDetector` / ML Kit documentation (copied in README.md, "What is reported"). Bounds: −36 and 36 belong to
    /// the turned ranges, −12 and 12 to the frontal one.
    static func reported(forEulerY y: Float) -> [LandmarkType] {
        if y < -36 { return [.leftEye, .mouthLeft, .leftEar, .noseBase, .leftCheek] }
        if y < -12 { return [.mouthLeft, .noseBase, .mouthBottom, .rightEye, .leftEye, .leftCheek, .leftEarTip] }
        if y <= 12 {
            return [.rightEye, .leftEye, .noseBase, .leftCheek, .rightCheek, .mouthLeft, .mouthRight, .mouthBottom]
        }
        if y <= 36 { return [.mouthRight, .noseBase, .mouthBottom, .leftEye, .rightEye, .rightCheek, .rightEarTip] }
        return [.rightEye, .mouthRight, .rightEar, .noseBase, .rightCheek]
    }

    /// The landmarks to report: Android's set for `pose.eulerY`, each measured point taken from
    /// `measured` and the rest projected from the model, plus the measured `noseTip` when there is one
    /// (an extra point beyond Android's twelve), in ``LandmarkType`` order.
    static func landmarks(measured: [Landmark], pose: HeadPose) -> [Landmark] {
        var wanted = Set(reported(forEulerY: pose.eulerY))
        if measured.contains(where: { $0.type == .noseTip }) { wanted.insert(.noseTip) }
        return LandmarkType.allCases.filter { wanted.contains($0) }.map { type in
            Landmark(type: type, position: position(of: type, measured: measured, pose: pose))
        }
    }

    /// The measured position of `type`, else the model's estimate.
    static func position(of type: LandmarkType, measured: [Landmark], pose: HeadPose) -> Point {
        if let point = measured.first(where: { $0.type == type }) { return point.position }
        if type == .noseBase, let tip = measured.first(where: { $0.type == .noseTip }) {
            let base = pose.project(GenericFaceModel.point(.noseBase))
            let modelTip = pose.project(GenericFaceModel.point(.noseTip))
            return Point(x: tip.position.x + base.x - modelTip.x, y: tip.position.y + base.y - modelTip.y)
        }
        return pose.project(GenericFaceModel.point(type))
    }
}
