/// One detected face and what was estimated about it.
///
/// Optional values are `nil` when they were not computed (never −1).
///
/// `Codable` in the form of the command-line tool's JSON Lines (<doc:JSONOutput>): `box` as
/// `[x, y, width, height]`, `score`, `landmarks` keyed by ``LandmarkType`` raw value, `contours`
/// keyed by ``FaceContour/Kind`` raw value, the probabilities, `captureQuality`, the Euler angles, `blendshapes`
/// (an object of the 52 names) and `descriptor` (an array of numbers); keys in that order, and the
/// keys of values that were not computed left out. The tool writes it through its own encoder, with the schema's fixed decimals; `JSONEncoder` gives the same keys (in its own
/// order) with exact values (a `Float` decodes to the same `Float`). Decoding puts `landmarks` in
/// ``LandmarkType`` order and `contours` in ``FaceContour/Kind`` order (a JSON object has no order
/// of its own).
public struct Face: Sendable, Equatable {
    /// The face box in image pixels: the detector's, refined by the face mesh where it ran
    /// (``FaceMesh/refinedBounds(_:)``).
    public var bounds: Rect
    /// Detection confidence, 0…1, comparable across images and modes of one detector.
    public var score: Float
    /// The landmarks found (empty when landmarks are off).
    public var landmarks: [Landmark]
    /// Head pitch in degrees, up positive.
    public var eulerX: Float?
    /// Head yaw in degrees, positive when the face turns toward the image's right (the subject's left).
    public var eulerY: Float?
    /// Head roll in degrees, counter-clockwise positive.
    public var eulerZ: Float?
    /// Probability that the person smiles, 0…1; nil when classification is off or the face is
    /// narrower than ``FaceDetector/Options/fullyMeasuredWidth`` (32 px unless contours or
    /// blendshapes are on).
    public var smilingProbability: Float?
    /// Probability that the subject's left eye is open, 0…1; nil as for ``smilingProbability``.
    public var leftEyeOpenProbability: Float?
    /// Probability that the subject's right eye is open, 0…1; nil as for ``smilingProbability``.
    public var rightEyeOpenProbability: Float?
    /// How usable the face is as a picture of its person, 0…1 (as Apple Vision's
    /// `faceCaptureQuality`): sharp, well exposed, frontal, not hidden and big enough score high
    /// (from the eye-aligned face's sharpness, noise, exposure, contrast, JPEG blocking, pose, mesh
    /// presence and size, lowered where another face covers part of its box; docs/quality.md gives
    /// the parts and weights). Whether the eyes are
    /// open is not part of it (``leftEyeOpenProbability``). Nil as for ``smilingProbability``, and
    /// when landmarks and classification are both off.
    public var captureQuality: Float?
    /// ML Kit's contours, in `FaceContour.Kind.allCases` order (empty when contours are off, or
    /// when the face had no eye landmarks to align the mesh with).
    public var contours: [FaceContour] = []
    /// MediaPipe's 52 expression coefficients (``Blendshapes``), when `Options.blendshapes` asked
    /// for them and the face had eye points to align face mesh v2 with.
    public var blendshapes: Blendshapes?
    /// Whose face this is, as a point compared with other faces' (``FaceDescriptor/distance(to:)``),
    /// when `Options.descriptors` asked for it and the face had the points to align it by.
    public var descriptor: FaceDescriptor?

    /// A face with a box and a score; everything else empty.
    public init(bounds: Rect, score: Float, landmarks: [Landmark] = []) {
        self.bounds = bounds
        self.score = score
        self.landmarks = landmarks
    }

    /// The landmark of `type`, if it was found.
    public func landmark(_ type: LandmarkType) -> Landmark? {
        landmarks.first { $0.type == type }
    }

    /// The points of the contour of `kind`, if contours were computed (as ML Kit's
    /// `face.getContour(FaceContour.LEFT_EYE)`).
    public func contour(_ kind: FaceContour.Kind) -> [Point]? {
        contours.first { $0.kind == kind }?.points
    }
}
