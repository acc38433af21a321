#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The mesh stage: MediaPipe's face landmark network on a face the detector found, 468 points
/// back in image coordinates.
///
/// For each face, a square region 1.5 times the box's longer side, centred on the box and turned so
/// that the eyes are level (`FaceMeshRegion`), is sampled to 192×192 pixels, the network runs on it,
/// and its points are turned and scaled back into the image. On request (`withFeatures(_:in:)`) the
/// network's trunk takes a second look through the region the mesh places, for the smile model.
/// One value can be shared between threads; each pass takes scratch memory of its own from the
/// network's pool (reused from face to face and from call to call).
public struct FaceMeshEstimator: Sendable {
    private let network: FaceMeshNetwork

    /// The estimator with the embedded model (`Models/face_mesh.fdm`); throws
    /// `ModelFileError` if the embedded model does not load.
    public init() throws(ModelFileError) { network = try BuiltinModels.faceMesh.get() }

    /// The estimator running `network`.
    init(network: FaceMeshNetwork) { self.network = network }

    /// The mesh of `face` in `image` (one look: the points, no ``FaceMesh/features``), or nil when
    /// the face has no eye landmarks (the region's rotation comes from them) or the image is empty.
    public func mesh(for face: Face, in image: RGBImage) -> FaceMesh? {
        network.scratchPool.withScratch { mesh(for: face, in: image, scratch: &$0) }
    }

    /// The meshes of `faces` in `image`, in order (nil where `mesh(for:in:)` gives nil), spread over
    /// up to `threads` threads, one face per task; the result does not depend on `threads`. With
    /// `features`, each mesh also carries ``FaceMesh/features`` (`withFeatures(_:in:)`).
    public func meshes(
        for faces: [Face], in image: RGBImage, threads: Int = 1, features: Bool = false
    ) -> [FaceMesh?] {
        meshes(for: faces, in: image, threads: threads, featuresFor: { _ in features })
    }

    /// `meshes(for:in:threads:features:)` with features for the faces `featuresFor` chooses.
    func meshes(
        for faces: [Face], in image: RGBImage, threads: Int, featuresFor: @Sendable (Face) -> Bool
    ) -> [FaceMesh?] {
        parallelMap(count: faces.count, threads: threads) { k in
            network.scratchPool.withScratch { scratch in
                guard let mesh = mesh(for: faces[k], in: image, scratch: &scratch) else { return nil }
                return featuresFor(faces[k]) ? withFeatures(mesh, in: image, scratch: &scratch) : mesh
            }
        }
    }

    /// `mesh` with ``FaceMesh/features``: the network's trunk on a second look at the face, through
    /// the region the mesh itself places (MediaPipe's region for its next frame,
    /// `FaceMeshRegion(mesh:)`), which is better aligned than the detector's; only the trunk runs
    /// (about two thirds of a mesh's time: 1 ms per face on a 2-core EPYC VM). The points stay those
    /// of `mesh`.
    public func withFeatures(_ mesh: FaceMesh, in image: RGBImage) -> FaceMesh {
        network.scratchPool.withScratch { withFeatures(mesh, in: image, scratch: &$0) }
    }

    /// `withFeatures(_:in:)` with the calling thread's scratch memory; `mesh` unchanged when the image
    /// is empty or the points give no finite region (points made elsewhere may hold anything).
    func withFeatures(_ mesh: FaceMesh, in image: RGBImage, scratch: inout FaceMeshScratch) -> FaceMesh {
        let region = FaceMeshRegion(mesh: mesh)
        guard image.width > 0 && image.height > 0, region.center.x.isFinite, region.center.y.isFinite,
            region.side.isFinite, region.side > 0, region.rotation.isFinite
        else { return mesh }
        region.crop(size: FaceMeshNetwork.inputSize).rgbPadded(image, into: &scratch.padded)
        var result = mesh
        result.features = network.trunkPadded(scratch: &scratch)
        return result
    }

    /// `mesh(for:in:)` with the calling thread's scratch memory.
    func mesh(for face: Face, in image: RGBImage, scratch: inout FaceMeshScratch) -> FaceMesh? {
        guard image.width > 0 && image.height > 0, let region = Self.region(for: face) else { return nil }
        return mesh(in: region, of: image, scratch: &scratch)
    }

    /// The region the network sees for `face`: nil without both eyes or with an empty box.
    static func region(for face: Face) -> FaceMeshRegion? {
        guard let right = face.landmark(.rightEye)?.position, let left = face.landmark(.leftEye)?.position,
            face.bounds.width > 0 || face.bounds.height > 0
        else { return nil }
        return FaceMeshRegion(bounds: face.bounds, rightEye: right, leftEye: left)
    }

    /// The network on `region` of `image`, its points mapped back into the image.
    func mesh(in region: FaceMeshRegion, of image: RGBImage, scratch: inout FaceMeshScratch) -> FaceMesh {
        let size = FaceMeshNetwork.inputSize
        let crop = region.crop(size: size)
        crop.rgbPadded(image, into: &scratch.padded)
        let out = network.runPadded(scratch: &scratch)
        let points = crop.imagePoints(out.landmarks, count: FaceMesh.pointCount)
        return FaceMesh(points: points, presence: 1 / (1 + exp(-out.faceLogit)))
    }
}
