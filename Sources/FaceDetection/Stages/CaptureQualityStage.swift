/// How usable each face measured in full is as a picture of its person (``Face/captureQuality``).
///
/// Reads: the mesh (its eyes align the face, its presence is a part of the score), the Euler angles
/// (``FaceAttributesStage``) and the pixels. Adds: the face's ``Face/captureQuality``
/// (``CaptureQuality``); nothing for a face without a mesh (narrower than
/// ``FaceDetector/Options/fullyMeasuredWidth``, or without both eyes) or without a pose. Model: none:
/// signals measured on a 128 × 128 bilinear crop aligned on the mesh's eyes and averaged onto a
/// 64 × 64 grey grid (``QualityCrop``, an ``ImageCrop``), and on a 65 × 65 window of the photo's own
/// pixels (``JPEGBlocking``, an ``ImageCrop`` at the photo's scale). Cost: the two crops and a few
/// passes over their pixels per face, a fraction of a millisecond (docs/quality.md times it). Runs
/// when landmarks or classification are asked for (the pose is fitted then). Once every face is
/// known and each reported once (``DistinctFaces``), the detector lowers the score of faces that
/// others overlap (``OverlappedFaces``).
struct CaptureQualityStage: PerFaceStage {
    init?(options: FaceDetector.Options) {
        guard options.derivesAttributes else { return nil }
    }

    func measure(_ face: inout FaceMeasurement, in image: UprightImage) {
        guard let mesh = face.mesh, let yaw = face.face.eulerY, let pitch = face.face.eulerX,
            let right = mesh.landmarkPosition(.rightEye), let left = mesh.landmarkPosition(.leftEye)
        else { return }
        face.face.captureQuality =
            Self.quality(
                rightEye: right, leftEye: left, yaw: yaw, pitch: pitch, presence: mesh.presence, in: image)?.score
    }

    /// The parts of the score of a face whose eyes (the subject's) are at `rightEye` and `leftEye` in
    /// `image`, turned by `yaw` and `pitch` degrees, with the mesh's `presence`; nil when the eyes
    /// coincide.
    static func quality(
        rightEye: Point, leftEye: Point, yaw: Float, pitch: Float, presence: Float?, in image: UprightImage
    ) -> CaptureQuality? {
        guard let aligned = QualityCrop.crop(rightEye: rightEye, leftEye: leftEye) else { return nil }
        var pixels: [Float] = []
        aligned.sample(image, into: &pixels)
        let signals = QualitySignals(grey: QualityCrop.grey(pixels))
        JPEGBlocking.crop(rightEye: rightEye, leftEye: leftEye).sample(image, into: &pixels)
        let (dx, dy) = (leftEye.x - rightEye.x, leftEye.y - rightEye.y)
        return CaptureQuality(
            signals: signals, blockiness: JPEGBlocking.blockiness(of: pixels), yaw: yaw, pitch: pitch,
            presence: presence, eyeDistance: (dx * dx + dy * dy).squareRoot())
    }
}
