/// Fills in what turns a box and five points into an Android / ML Kit face: Euler angles, the
/// twelve landmarks filtered by yaw, and the smiling and eye-open probabilities.
///
/// Measured vs estimated: the pose is fitted to the mesh where it ran (``MeshPoseEstimator``), else
/// to the measured points (``HeadPoseEstimator``);
/// landmarks the models measured are kept (where the mesh ran, ``FaceMesh/measuredLandmarks(refining:)``
/// joins its points to the landmark model's), the others are projected from the fitted generic face
/// (``AndroidLandmarks``); probabilities come from face mesh v2's blendshapes
/// (``BlendshapeProbabilities``), so a face without a mesh gets none.
struct FaceAttributes: Sendable {
    /// The pose fit to the five points.
    var poseEstimator = HeadPoseEstimator()
    /// The pose fit to the mesh, used when there is one.
    var meshPoseEstimator = MeshPoseEstimator()

    /// The default estimators.
    init() {}

    /// Annotates `face` (whose `landmarks` hold the measured points) seen in `image`: sets the Euler
    /// angles (fitted to `mesh` when given, else to the measured points); with `landmarks`, replaces
    /// the landmarks by Android's set for the yaw (measured where measured, else estimated); with
    /// `classification`, sets the three probabilities from `blendshapes` when given. Leaves the face
    /// unchanged where the measured points do not allow a fit (fewer than four model points).
    func annotate(
        _ face: inout Face, mesh: FaceMesh? = nil, blendshapes: Blendshapes? = nil,
        landmarks: Bool = true, classification: Bool = true
    ) {
        let measured = face.landmarks
        guard let pose = mesh.flatMap(meshPoseEstimator.estimate) ?? poseEstimator.estimate(measured) else { return }
        face.eulerX = pose.eulerX
        face.eulerY = pose.eulerY
        face.eulerZ = pose.eulerZ
        if classification, let blendshapes {
            face.smilingProbability = BlendshapeProbabilities.smiling(blendshapes)
            (face.leftEyeOpenProbability, face.rightEyeOpenProbability) = BlendshapeProbabilities.eyesOpen(blendshapes)
        }
        if landmarks {
            let points = mesh.map { $0.measuredLandmarks(refining: measured) } ?? measured
            face.landmarks = AndroidLandmarks.landmarks(measured: points, pose: pose)
        }
    }
}
