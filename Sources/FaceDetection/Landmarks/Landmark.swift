/// A named point on a face. Left and right are the subject's own (the subject's left eye appears
/// on the image's right in a frontal photo), as in Android's FaceDetector and ML Kit.
public enum LandmarkType: String, Sendable, CaseIterable, Hashable, Codable {
    /// Centre of the subject's left eye.
    case leftEye
    /// Centre of the subject's right eye.
    case rightEye
    /// The subject's left ear (tragion).
    case leftEar
    /// The subject's right ear (tragion).
    case rightEar
    /// Top of the subject's left ear.
    case leftEarTip
    /// Top of the subject's right ear.
    case rightEarTip
    /// Where the nose meets the upper lip.
    case noseBase
    /// The tip of the nose (not one of Android's twelve; given where a model measures it).
    case noseTip
    /// The subject's left cheek.
    case leftCheek
    /// The subject's right cheek.
    case rightCheek
    /// The subject's left mouth corner.
    case mouthLeft
    /// The subject's right mouth corner.
    case mouthRight
    /// Centre of the lower lip.
    case mouthBottom
    /// Centre of the subject's left iris (Apple Vision's name; measured by face mesh v2, never estimated).
    case leftPupil
    /// Centre of the subject's right iris.
    case rightPupil
}

/// One landmark: its type and where it is in the image.
public struct Landmark: Sendable, Equatable, Hashable, Codable {
    /// Which point of the face this is.
    public var type: LandmarkType
    /// Position in image pixels.
    public var position: Point
    /// A landmark of `type` at `position`.
    public init(type: LandmarkType, position: Point) {
        self.type = type
        self.position = position
    }
}
