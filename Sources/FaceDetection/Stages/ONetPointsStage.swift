/// MTCNN's O-Net places the five points (eyes, nose tip, mouth corners) on the boxes of YuNet and
/// the cascade, which the mesh is aligned by and the pose is fitted to.
///
/// Reads: the box. Adds: the face's landmarks (O-Net's five, in place of the search's own).
/// Model: O-Net (`Models/mtcnn.fdm`) on an area crop (``ImageCrop``) of the box squared, 48×48.
/// Cost: one O-Net pass per face; two for a face of YuNet's at least
/// ``FaceDetector/Options/fullyMeasuredWidth`` wide, whose box O-Net first moves by its own box
/// regression (as on MTCNN's own final boxes). Runs when landmarks, classification, contours,
/// blendshapes or descriptors are asked for and the detector is not MTCNN (whose faces have O-Net's
/// points).
struct ONetPointsStage: FaceStage {
    /// The least width of a box that O-Net moves before it places the points (nil: none; the
    /// cascade's boxes keep their one-pass points).
    let regressingFrom: Float?

    init?(options: FaceDetector.Options) {
        guard options.placesPoints, options.effectiveDetector != .mtcnn else { return nil }
        regressingFrom = options.effectiveDetector != .cascade ? options.fullyMeasuredWidth : nil
    }

    func run(_ faces: [FaceMeasurement], in image: UprightImage, threads: Int) -> [FaceMeasurement] {
        let mtcnn = BuiltinModels.parsed(BuiltinModels.mtcnn, "mtcnn.fdm")
        let points = mtcnn.landmarks(
            for: faces.map(\.face.bounds), in: image, threads: threads, regressingFrom: regressingFrom)
        var faces = faces
        for i in faces.indices { faces[i].face.landmarks = points[i] ?? faces[i].face.landmarks }
        return faces
    }
}
