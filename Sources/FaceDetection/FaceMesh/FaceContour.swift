/// One of ML Kit's face contours: a named line of points on a face (the face oval, an eyebrow
/// edge, an eye, a lip edge, the nose), taken from the face mesh.
///
/// Left and right are the subject's own, as in `LandmarkType` and ML Kit's `FaceContour`: the
/// subject's left eye appears on the image's right in a frontal photo.
public struct FaceContour: Sendable, Equatable, Hashable, Codable {
    /// ML Kit's fifteen contour types (133 points in all), in ML Kit's order.
    public enum Kind: String, Sendable, CaseIterable, Hashable, Codable {
        /// The face oval, 36 points.
        case face
        /// The top edge of the subject's left eyebrow, 5 points.
        case leftEyebrowTop
        /// The bottom edge of the subject's left eyebrow, 5 points.
        case leftEyebrowBottom
        /// The top edge of the subject's right eyebrow, 5 points.
        case rightEyebrowTop
        /// The bottom edge of the subject's right eyebrow, 5 points.
        case rightEyebrowBottom
        /// The outline of the subject's left eye (the eyelids' edges), 16 points.
        case leftEye
        /// The outline of the subject's right eye, 16 points.
        case rightEye
        /// The top (outer) edge of the upper lip, mouth corner to mouth corner, 11 points.
        case upperLipTop
        /// The bottom (inner) edge of the upper lip, between the mouth's inner corners, 9 points.
        case upperLipBottom
        /// The top (inner) edge of the lower lip, between the mouth's inner corners, 9 points.
        case lowerLipTop
        /// The bottom (outer) edge of the lower lip, between the mouth corners, 9 points.
        case lowerLipBottom
        /// The nose bridge: between the eyes, then the nose tip; 2 points.
        case noseBridge
        /// The bottom of the nose: the subject's right nostril wing, the nose's bottom, the left
        /// wing; 3 points.
        case noseBottom
        /// The centre of the subject's left cheek, 1 point.
        case leftCheek
        /// The centre of the subject's right cheek, 1 point.
        case rightCheek

        /// The indices in MediaPipe's 468-point mesh (`FaceMesh`) of this contour's points, in order.
        ///
        /// Sources (MediaPipe, Apache-2.0): the face oval, eyes, eyebrows and lips are the
        /// polylines of `mediapipe/python/solutions/face_mesh_connections.py` (`FACEMESH_FACE_OVAL`,
        /// 36 edges forming one ring from the top of the forehead, 10, towards the subject's left;
        /// `FACEMESH_LEFT_EYE` / `FACEMESH_RIGHT_EYE`, 16-point rings from the outer eye corner
        /// along the lower lid to the inner corner and back along the upper lid;
        /// `FACEMESH_LEFT_EYEBROW` / `FACEMESH_RIGHT_EYEBROW`, whose two 5-point chains are the top
        /// edge, 300… / 70…, and the bottom edge, 276… / 46…, both from the outer end inwards;
        /// `FACEMESH_LIPS`, the outer ring 61 → 291 over the upper lip and under the lower one, the
        /// inner ring 78 → 308). The inner lip chains drop their corners 78 and 308, and the lower
        /// outer chain drops the mouth corners 61 and 291 (already the ends of `upperLipTop`),
        /// which gives ML Kit's 9 points each. The nose and cheek points are the single-point
        /// regions of the TensorFlow.js face mesh's `MESH_ANNOTATIONS` (tfjs-models,
        /// `face-landmarks-detection/src/mediapipe-facemesh/keypoints.ts`): `midwayBetweenEyes`
        /// 168, `noseTip` 1, `noseRightCorner` 98, `noseBottom` 2, `noseLeftCorner` 327,
        /// `rightCheek` 205, `leftCheek` 425.
        ///
        /// Each left contour is the mirror image of its right one point by point (mesh points
        /// 33 ↔ 263, 46 ↔ 276, …); the lips run from the subject's right mouth corner to the left.
        public var meshIndices: [Int] {
            switch self {
            case .face:
                return [
                    10, 338, 297, 332, 284, 251, 389, 356, 454, 323, 361, 288, 397, 365, 379, 378, 400, 377,
                    152, 148, 176, 149, 150, 136, 172, 58, 132, 93, 234, 127, 162, 21, 54, 103, 67, 109,
                ]
            case .leftEyebrowTop: return [300, 293, 334, 296, 336]
            case .leftEyebrowBottom: return [276, 283, 282, 295, 285]
            case .rightEyebrowTop: return [70, 63, 105, 66, 107]
            case .rightEyebrowBottom: return [46, 53, 52, 65, 55]
            case .leftEye: return [263, 249, 390, 373, 374, 380, 381, 382, 362, 398, 384, 385, 386, 387, 388, 466]
            case .rightEye: return [33, 7, 163, 144, 145, 153, 154, 155, 133, 173, 157, 158, 159, 160, 161, 246]
            case .upperLipTop: return [61, 185, 40, 39, 37, 0, 267, 269, 270, 409, 291]
            case .upperLipBottom: return [191, 80, 81, 82, 13, 312, 311, 310, 415]
            case .lowerLipTop: return [95, 88, 178, 87, 14, 317, 402, 318, 324]
            case .lowerLipBottom: return [146, 91, 181, 84, 17, 314, 405, 321, 375]
            case .noseBridge: return [168, 1]
            case .noseBottom: return [98, 2, 327]
            case .leftCheek: return [425]
            case .rightCheek: return [205]
            }
        }

        /// Whether the contour is a ring (the face oval and the eyes), drawn closed; the others are
        /// open lines (or single points).
        public var isClosed: Bool {
            switch self {
            case .face, .leftEye, .rightEye: return true
            default: return false
            }
        }
    }

    /// Which contour this is.
    public var kind: Kind
    /// Its points in image pixels, in the order of `kind.meshIndices`.
    public var points: [Point]

    /// A contour of `kind` through `points`.
    public init(kind: Kind, points: [Point]) {
        self.kind = kind
        self.points = points
    }

    /// All fifteen contours of `mesh`, in `Kind.allCases` order.
    public static func contours(of mesh: FaceMesh) -> [FaceContour] {
        Kind.allCases.map { kind in FaceContour(kind: kind, points: kind.meshIndices.map(mesh.position)) }
    }
}
