/// One face as the stages (``FaceStage``) measure it: the ``Face`` the detector reports, and what
/// the stages leave for later ones to read.
struct FaceMeasurement: Sendable {
    /// The face as it will be reported.
    var face: Face
    /// Face mesh v2's 478 points (the mesh and both irises) and its face presence, where it ran
    /// (``FaceMeshStage``).
    var landmarker: FaceMeshV2Estimator.Result?
    /// The 468-point mesh of `landmarker` (``FaceMeshStage``).
    var mesh: FaceMesh? { landmarker?.mesh }
    /// MediaPipe's 52 expression coefficients, from `landmarker`'s points (``BlendshapesStage``),
    /// whether or not the options report them.
    var blendshapes: Blendshapes?
    /// What stages outside this list leave for others, by key (``FaceMeasurementKey``).
    private var outputs: [ObjectIdentifier: any Sendable] = [:]

    /// The face as the search found it, with nothing measured yet.
    init(face: Face) { self.face = face }

    /// The output of the stage that writes `key`, if it ran on this face.
    subscript<Key: FaceMeasurementKey>(key: Key.Type) -> Key.Value? {
        get { outputs[ObjectIdentifier(key)] as? Key.Value }
        set { outputs[ObjectIdentifier(key)] = newValue }
    }

    /// This measurement, made in the upright picture for `orientation` (unmirrored) of a stored
    /// picture `width` × `height` pixels, with the face and the landmarker's points (so the mesh) in
    /// the stored picture's coordinates (the blendshapes and keyed outputs are kept as they are).
    func stored(_ orientation: ImageOrientation, width: Int, height: Int) -> FaceMeasurement {
        if orientation == .up { return self }
        var result = self
        result.face = face.stored(orientation, width: width, height: height)
        result.landmarker = landmarker?.stored(orientation, width: width, height: height)
        return result
    }
}

/// The name of a value a stage leaves in a ``FaceMeasurement`` for later stages, beside the ones
/// the measurement names: a new stage declares its key in its own file.
protocol FaceMeasurementKey {
    /// The type of the value.
    associatedtype Value: Sendable
}
