/// The mesh stage on its own: MediaPipe's face mesh v2 on a face the detector found, its 468 mesh
/// points back in image coordinates (the network the detector runs on every face).
///
/// For each face, a square region 1.5 times the box's longer side, centred on the box and turned so
/// that the eyes are level (`FaceMeshRegion`), is sampled to the network's input, the network runs
/// on it, and its points are turned and scaled back into the image.
/// One value can be shared between threads; each pass takes scratch memory of its own from the
/// network's pool (reused from face to face and from call to call).
public struct FaceMeshEstimator: Sendable {
    private let estimator: FaceMeshV2Estimator

    /// The estimator with the embedded models (`Models/face_mesh_v2.fdm`, `Models/face_blendshapes.fdm`);
    /// throws `ModelFileError` if an embedded model does not load.
    public init() throws(ModelFileError) {
        estimator = FaceMeshV2Estimator(
            network: try BuiltinModels.faceMeshV2.get(), blendshapes: try BuiltinModels.blendshapes.get())
    }

    /// The mesh of `face` in `image`, or nil when the face has no eye landmarks (the region's rotation
    /// comes from them) or the image is empty.
    public func mesh(for face: Face, in image: RGBImage) -> FaceMesh? {
        estimator.points(for: face, in: image)?.mesh
    }

    /// The meshes of `faces` in `image`, in order (nil where `mesh(for:in:)` gives nil), spread over
    /// up to `threads` threads, one face per task; the result does not depend on `threads`.
    public func meshes(for faces: [Face], in image: RGBImage, threads: Int = 1) -> [FaceMesh?] {
        parallelMap(count: faces.count, threads: threads) { mesh(for: faces[$0], in: image) }
    }

    /// The region the network sees for `face`: nil without both eyes or with an empty box.
    static func region(for face: Face) -> FaceMeshRegion? {
        guard let right = face.landmark(.rightEye)?.position, let left = face.landmark(.leftEye)?.position,
            face.bounds.width > 0 || face.bounds.height > 0
        else { return nil }
        return FaceMeshRegion(bounds: face.bounds, rightEye: right, leftEye: left)
    }
}
