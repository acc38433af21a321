/// The stages the detector runs after its search, in order, and the running of them.
struct FaceStages: Sendable {
    /// Every stage, in the order they run: adding a stage is adding its file and naming it here.
    static let all: [any FaceStage.Type] = [
        ONetPointsStage.self, FaceMeshStage.self, MeshPresenceStage.self, MeshBoundsStage.self, ContoursStage.self,
        DescriptorStage.self, BlendshapesStage.self, NoseBaseStage.self,
        FaceAttributesStage.self, PupilsStage.self, CaptureQualityStage.self,
    ]

    /// The stages of the list that the options ask for, in order.
    let stages: [any FaceStage]

    /// The stages of `kinds` that `options` ask for.
    init(options: FaceDetector.Options, kinds: [any FaceStage.Type] = Self.all) {
        stages = kinds.compactMap { $0.init(options: options) }
    }

    /// Whether no stage runs.
    var isEmpty: Bool { stages.isEmpty }

    /// The stages on `faces`, found in `image` (in its coordinates), each measured in the upright
    /// picture for its orientation (``UprightImage``: read in place, no turned copy) and reported in
    /// `image`'s, in the order of the orientations; `afterStage` is called after the search and after
    /// each stage but the last (it may throw to stop there). Faces measured onto one face are left to
    /// the detector's one rule for that (``DistinctFaces``).
    func run<Failure: Error>(
        _ faces: [Face], orientations: [ImageOrientation], in image: RGBImage, threads: Int,
        afterStage: (FaceDetector.Stage) throws(Failure) -> Void
    ) throws(Failure) -> [FaceMeasurement] {
        try afterStage(.detection)
        guard orientations.contains(where: { $0 != .up }) else {
            return try run(
                faces.map(FaceMeasurement.init), in: UprightImage(image), threads: threads, afterStage: afterStage)
        }
        var results: [FaceMeasurement] = []
        for orientation in [ImageOrientation.up, .right, .down, .left] {
            let group = faces.indices.filter { orientations[$0] == orientation }
            guard !group.isEmpty else { continue }
            let view = UprightImage(image, orientation: orientation)
            let upright = group.map {
                FaceMeasurement(face: faces[$0].upright(orientation, width: image.width, height: image.height))
            }
            for found in try run(upright, in: view, threads: threads, afterStage: afterStage) {
                results.append(found.stored(orientation, width: image.width, height: image.height))
            }
        }
        return results
    }

    /// The stages in order on `faces`, found in `image` and upright in it.
    private func run<Failure: Error>(
        _ faces: [FaceMeasurement], in image: UprightImage, threads: Int,
        afterStage: (FaceDetector.Stage) throws(Failure) -> Void
    ) throws(Failure) -> [FaceMeasurement] {
        var faces = faces
        for (k, stage) in stages.enumerated() {
            faces = stage.run(faces, in: image, threads: threads)
            if k + 1 < stages.count { try afterStage(FaceDetector.Stage(type(of: stage))) }
        }
        return faces
    }
}
