/// MediaPipe's face mesh v2 on each face measured in full: 468 mesh points, both irises and a
/// face-presence probability.
///
/// Reads: the box and the eye landmarks (the crop is turned so that the eyes are level). Adds:
/// ``FaceMeasurement/landmarker`` (478 points, presence) and ``FaceMeasurement/mesh``; nothing for
/// a face narrower than ``FaceDetector/Options/fullyMeasuredWidth`` or without both eyes.
/// Model: face mesh v2 (`Models/face_mesh_v2.fdm`) on a bilinear 256×256 crop (``FaceMeshRegion``,
/// an ``ImageCrop``) 1.5 times the box's longer side. Cost: one network pass per face measured in
/// full, the costliest per-face stage (docs/what-is-reported.md times it). Runs when landmarks,
/// classification, contours or blendshapes are asked for.
struct FaceMeshStage: PerFaceStage {
    /// The least box width of a face measured in full.
    let fullyMeasuredWidth: Float

    init?(options: FaceDetector.Options) {
        guard options.measuresPoints else { return nil }
        fullyMeasuredWidth = options.fullyMeasuredWidth
    }

    func measure(_ face: inout FaceMeasurement, in image: UprightImage) {
        guard face.face.bounds.width >= fullyMeasuredWidth else { return }
        face.landmarker = Self.estimator.points(for: face.face, in: image)
    }

    /// Face mesh v2 and the blendshape model, compiled in (parsed on first use: the first face).
    static let estimator = FaceMeshV2Estimator(
        network: BuiltinModels.parsed(BuiltinModels.faceMeshV2, "face_mesh_v2.fdm"),
        blendshapes: BuiltinModels.parsed(BuiltinModels.blendshapes, "face_blendshapes.fdm"))
}
