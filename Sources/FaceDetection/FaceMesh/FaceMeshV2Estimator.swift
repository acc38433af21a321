/// The face landmarker's two networks on a face the detector found: face mesh v2's 478 points back
/// in image coordinates, and the blendshape model's 52 coefficients from them.
///
/// The region is `FaceMeshRegion` (a square 1.5 times the box's longer side, turned so that the
/// eyes are level), sampled to 256×256 pixels (RGB in [0, 1]); the network's points are turned and
/// scaled back into the image; the 146 points `BlendshapeNetwork.meshIndices` names (x, y in image
/// pixels, as MediaPipe's `LandmarksToTensorCalculator` gives them) go to the blendshape model.
/// One value can be shared between threads; each pass takes scratch memory of its own from the
/// network's pool (reused from face to face and from call to call).
struct FaceMeshV2Estimator: Sendable {
    /// 478 points and the presence of one face.
    struct Result: Sendable, Equatable {
        /// x, y in image pixels; z in the same scale as x, smaller nearer the camera. Points 0…467 are
        /// MediaPipe's 468-point mesh (``FaceMesh``), 468…472 the subject's right iris (centre first, then four points on
        /// its rim), 473…477 the left iris.
        var points: [SIMD3<Float>]
        /// The network's face-presence probability, 0…1 (the sigmoid of its logit).
        var presence: Float

        /// Points 0…467 as a ``FaceMesh`` (MediaPipe's 468 points in their order), with the presence.
        var mesh: FaceMesh { FaceMesh(points: Array(points.prefix(FaceMesh.pointCount)), presence: presence) }

        /// Point `index` (0..<478) in the image plane.
        func position(_ index: Int) -> Point { Point(x: points[index].x, y: points[index].y) }
    }

    /// The points at the centres of the subject's left and right irises.
    static let leftIrisCentre = 473, rightIrisCentre = 468

    private let network: FaceMeshV2Network
    private let blendshapeNetwork: BlendshapeNetwork

    /// The estimator with the compiled-in models (`Models/face_mesh_v2.fdm`, `Models/face_blendshapes.fdm`).
    init() throws {
        network = try BuiltinModels.faceMeshV2.get()
        blendshapeNetwork = try BuiltinModels.blendshapes.get()
    }

    /// The estimator running `network` and `blendshapes`.
    init(network: FaceMeshV2Network, blendshapes: BlendshapeNetwork) {
        self.network = network
        blendshapeNetwork = blendshapes
    }

    /// The points of `face` in `image`, or nil when the face has no eye landmarks (the region's rotation
    /// comes from them) or the image is empty.
    func points(for face: Face, in image: RGBImage) -> Result? { points(for: face, in: UprightImage(image)) }

    /// The points of `face` in `image`'s upright picture (in its coordinates), or nil when the face
    /// has no eye landmarks or the picture is empty.
    func points(for face: Face, in image: UprightImage) -> Result? {
        guard image.width > 0 && image.height > 0, let region = FaceMeshEstimator.region(for: face) else {
            return nil
        }
        return points(in: region, of: image)
    }

    /// The network on `region` of `image`'s upright picture, its points mapped back into it.
    func points(in region: FaceMeshRegion, of image: UprightImage) -> Result {
        let crop = region.crop(size: FaceMeshV2Network.inputSize)
        let out = network.scratchPool.withScratch { scratch in
            crop.sample(image, into: &scratch.padded, padding: 1)
            return network.runPadded(scratch: &scratch)
        }
        let points = crop.imagePoints(out.landmarks, count: FaceMeshV2Network.pointCount)
        return Result(points: points, presence: 1 / (1 + exp(-out.presenceLogit)))
    }

    /// The 52 coefficients of the face whose 478 points (image pixels) are `points`.
    func blendshapes(_ points: [SIMD3<Float>]) -> Blendshapes {
        precondition(points.count == FaceMeshV2Network.pointCount)
        return blendshapeNetwork.run(BlendshapeNetwork.meshIndices.map { SIMD2(points[$0].x, points[$0].y) })
    }
}
