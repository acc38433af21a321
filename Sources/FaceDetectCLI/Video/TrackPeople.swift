import FaceDetectRecords
import FaceDetection

/// `--match`, `--keep` and `--hide-only` on the tracks of one stream: the votes (`TrackMatching`),
/// the descriptors they ask for on each analysed frame, and what the frame's record and hiding get.
struct TrackPeople {
    /// `--match`'s vote, if given.
    private(set) var match: TrackMatching?
    /// `--keep`'s or `--hide-only`'s vote, if given, with which of the two it is.
    private(set) var keep: (mode: KeepRule.Mode, matching: TrackMatching)?

    /// The votes for `people`'s references.
    init(_ people: PeopleToFind) {
        match = people.matcher.map { TrackMatching(references: $0.references, rule: .match) }
        if let rule = people.keepRule {
            keep = (
                rule.mode, TrackMatching(references: rule.matcher.references, rule: rule.mode == .keep ? .keep : .match)
            )
        }
    }

    /// Whether nothing is looked for.
    var isEmpty: Bool { match == nil && keep == nil }

    /// What one analysed frame's faces get: `--match`'s labels and `--keep`'s visibilities (each in
    /// the order of the faces; empty when not asked for).
    struct Labels {
        /// Each face's track's person, with `--match`.
        var matches: [FaceMatch?] = []
        /// Each face's visibility, with `--keep` or `--hide-only`.
        var visibilities: [FaceVisibility?] = []
    }

    /// Counts the analysed frame whose tracked faces are `detected` (`faces`: the detector's faces
    /// of the frame, of which each detected track's is the one at its `detectedBounds`), after the
    /// tracker's `merges` of this frame (a new track found to be an ended one come back: the vote
    /// goes on from the new track's, not the old decision); describes the tracks that a vote asks a
    /// descriptor of by `describe` (given the index of the face in `faces`), and every track whose
    /// box touches another face's on this frame (where a tracker may swap two faces), and returns
    /// the faces' labels.
    mutating func update(
        _ detected: [TrackedFace], faces: [Face], merges: [(from: Int, into: Int)] = [],
        describe: (Int) -> FaceDescriptor?
    ) -> Labels {
        guard !isEmpty else { return Labels() }
        for (from, into) in merges {
            match?.merge(from, into: into)
            keep?.matching.merge(from, into: into)
        }
        let ids = detected.map(\.trackingId)
        match?.advance(ids)
        keep?.matching.advance(ids)
        for tracked in detected {
            let id = tracked.trackingId
            let box = tracked.detectedBounds ?? tracked.face.bounds
            let touches = faces.contains { $0.bounds != tracked.detectedBounds && $0.bounds.iou(box) > 0 }
            let wanted = match?.wantsDescriptor(id) == true || keep?.matching.wantsDescriptor(id) == true
            guard wanted || touches else { continue }
            // A track kept alive through a miss has no face of its own on this frame to describe.
            guard let index = faces.firstIndex(where: { $0.bounds == tracked.detectedBounds }) else { continue }
            let descriptor = describe(index)
            match?.observe(id, descriptor: descriptor)
            keep?.matching.observe(id, descriptor: descriptor)
        }
        var labels = Labels()
        if let match { labels.matches = ids.map { match.person(of: $0) } }
        if let keep { labels.visibilities = ids.map { keep.matching.visibility(of: $0, mode: keep.mode) } }
        return labels
    }

    /// The tracks of `trackingIds` that are left visible (`--keep`, `--hide-only`); none without them.
    func shown(among trackingIds: [Int]) -> Set<Int> {
        guard let keep else { return [] }
        return Set(trackingIds.filter { keep.matching.visibility(of: $0, mode: keep.mode).shown })
    }
}
