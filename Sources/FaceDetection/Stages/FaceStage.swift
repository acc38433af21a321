/// One step of the detector after the search: it reads what the search and the earlier stages left
/// in each ``FaceMeasurement`` and adds to it (points, the mesh, a better box, probabilities, …),
/// or drops faces. The detector runs the stages of ``FaceStages/all`` that its options ask for, in
/// that order, on the faces found, each face in the picture in which it is upright (an
/// ``UprightImage``: the photo read in place, not a turned copy; a stage reads its pixels through
/// the crop step, ``ImageCrop``, which reads them there).
///
/// A stage's doc comment says what it reads, what it adds, its model and its cost. Its models are
/// taken (`BuiltinModels`) when it first runs, not when it is made, so that a picture without faces
/// never pays for parsing them. A stage holds only immutable values: the detector shares it
/// between threads.
protocol FaceStage: Sendable {
    /// The stage as `options` ask for it, or nil when they do not need it.
    init?(options: FaceDetector.Options)

    /// The stage on `faces`, found in `image` and upright in it, with up to `threads` threads: the
    /// faces that stay, measured further, in order.
    func run(_ faces: [FaceMeasurement], in image: UprightImage, threads: Int) -> [FaceMeasurement]
}

/// A stage that measures each face on its own: the detector spreads the faces over its threads.
protocol PerFaceStage: FaceStage {
    /// Measures `face`, found in `image` and upright in it.
    func measure(_ face: inout FaceMeasurement, in image: UprightImage)
}

extension PerFaceStage {
    /// ``measure(_:in:)`` on each face, spread over up to `threads` threads (one face per task).
    func run(_ faces: [FaceMeasurement], in image: UprightImage, threads: Int) -> [FaceMeasurement] {
        parallelMap(count: faces.count, threads: threads) { i in
            var face = faces[i]
            measure(&face, in: image)
            return face
        }
    }
}
