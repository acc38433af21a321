/// dlib's nose base for a face measured in full that has no mesh (the mesh gives its own).
///
/// Reads: the box and O-Net's eye and mouth points (dlib's box is placed from them,
/// ``ShapePredictor/dlibStyleBox(leftEye:rightEye:mouthLeft:mouthRight:)``). Adds: a `.noseBase`
/// landmark. Model: dlib's 5-point shape predictor (`Models/shape5.fdm`), which reads single grey
/// levels through the crop step's point sampler (``ImageCrop/PointSampler``): its trees choose each
/// level's 800 pixels from the shape the previous level reached, so there is no rectangle to
/// resample ahead, and it reads the grey level of the pixel a point falls in (0 outside the image)
/// as dlib does. Cost: one pass
/// of the predictor's 7,500 trees per such face (a face measured in full without a mesh is rare).
/// Runs when landmarks or classification are asked for.
struct NoseBaseStage: PerFaceStage {
    /// The least box width of a face measured in full.
    let fullyMeasuredWidth: Float

    init?(options: FaceDetector.Options) {
        guard options.derivesAttributes else { return nil }
        fullyMeasuredWidth = options.fullyMeasuredWidth
    }

    func measure(_ face: inout FaceMeasurement, in image: UprightImage) {
        guard face.landmarker == nil, face.face.bounds.width >= fullyMeasuredWidth,
            let leftEye = face.face.landmark(.leftEye)?.position,
            let rightEye = face.face.landmark(.rightEye)?.position,
            let mouthLeft = face.face.landmark(.mouthLeft)?.position,
            let mouthRight = face.face.landmark(.mouthRight)?.position
        else { return }
        let predictor = BuiltinModels.parsed(BuiltinModels.shapePredictor, "shape5.fdm")
        let box = ShapePredictor.dlibStyleBox(
            leftEye: leftEye, rightEye: rightEye, mouthLeft: mouthLeft, mouthRight: mouthRight)
        face.face.landmarks += ShapePredictor.landmarks(predictor.predict(in: image, box: box)).filter {
            $0.type == .noseBase
        }
    }
}
