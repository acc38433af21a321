import FaceDetectRecords
import FaceDetection

/// Who each track of a video is, for `--match`, `--keep` and `--hide-only`: decided on several
/// described frames of the track, never on one, so that a stranger is not shown (or labelled)
/// because one frame happened to look like a reference.
///
/// It is fed (trackingId, descriptor) observations, whichever way the descriptors come, and asks
/// for them sparingly (`wantsDescriptor`): every analysed frame until a track has `window`
/// described frames, then every `retryInterval`-th while it is not decided to be a reference,
/// every `recheckInterval`-th while it is. A track is a reference person when at least `votes`
/// of its last `window` described frames are within `distance` of that one person (the nearest
/// reference of each frame counts); a described frame farther than `breakDistance` from the
/// person a track was decided to be ends the decision at once (a tracker that swapped two faces
/// must not keep showing the other one) and the vote starts again.
struct TrackMatching: Sendable {
    /// The vote's settings.
    struct Rule: Sendable, Equatable {
        /// Matching described frames needed.
        var votes: Int
        /// Of the last this many described frames.
        var window: Int
        /// The largest distance of a matching frame.
        var distance: Float
        /// A frame farther than this from the decided person ends the decision.
        var breakDistance: Float = FaceDescriptor.samePersonDistance
        /// Analysed frames between descriptors of a track not decided to be a reference, once it has
        /// `window` described frames.
        var retryInterval = 5
        /// Analysed frames between descriptors of a track decided to be a reference.
        var recheckInterval = 10

        /// `--keep`'s: 3 of the last 5 described frames within `KeepRule.keepDistance`
        /// (docs/video.md, "Keeping people visible", measures the false-keep rate).
        static let keep = Rule(votes: 3, window: 5, distance: KeepRule.keepDistance)
        /// `--match`'s and `--hide-only`'s: 3 of the last 5 within the same-person distance.
        static let match = Rule(votes: 3, window: 5, distance: FaceDescriptor.samePersonDistance)
    }

    /// What is known of one track.
    struct Track: Sendable {
        /// The nearest reference of each of the last `window` described frames (`nil`: none within
        /// the rule's distance), oldest first.
        var recent: [FaceMatch?] = []
        /// Whether any of the last `window` described frames was within the break distance of a
        /// reference (for `--hide-only`, which shows a track only when none was).
        var recentNear: [Bool] = []
        /// The person it was decided to be, with the vote's nearest distance.
        var person: FaceMatch?
        /// Analysed frames since its last descriptor (or since it began, before the first).
        var sinceDescribed = Int.max
    }

    /// The references.
    let references: [FaceMatcher.Reference]
    /// The vote.
    let rule: Rule
    /// The tracks seen, by identifier.
    private(set) var tracks: [Int: Track] = [:]

    /// A vote over `references` by `rule`.
    init(references: [FaceMatcher.Reference], rule: Rule) {
        self.references = references
        self.rule = rule
    }

    /// The nearest reference to `descriptor` and its distance.
    func nearest(_ descriptor: FaceDescriptor) -> FaceMatch? {
        var best: FaceMatch?
        for reference in references {
            for other in reference.descriptors {
                let distance = descriptor.distance(to: other)
                if distance < (best?.distance ?? .infinity) {
                    best = FaceMatch(person: reference.person, id: reference.id, distance: distance)
                }
            }
        }
        return best
    }

    /// The distance from `descriptor` to the nearest descriptor of the reference labelled `person`.
    func distance(_ descriptor: FaceDescriptor, to person: String) -> Float {
        var best = Float.infinity
        for reference in references where reference.person == person {
            for other in reference.descriptors { best = min(best, descriptor.distance(to: other)) }
        }
        return best
    }

    /// Whether track `trackingId`, detected on the current analysed frame, should be described on it.
    func wantsDescriptor(_ trackingId: Int) -> Bool {
        guard let track = tracks[trackingId] else { return true }
        if track.recent.count < rule.window { return true }
        let interval = track.person == nil ? rule.retryInterval : rule.recheckInterval
        return track.sinceDescribed >= interval
    }

    /// Track `from` turned out to be the ended track `into` come back (re-identification): `into`
    /// goes on with `from`'s vote, so that the old decision is not taken over by a face that the
    /// references have not judged yet.
    mutating func merge(_ from: Int, into: Int) {
        tracks[into] = tracks.removeValue(forKey: from) ?? Track()
    }

    /// Counts one analysed frame for each of `trackingIds` (the tracks detected on it), before
    /// their observations.
    mutating func advance(_ trackingIds: [Int]) {
        for id in trackingIds {
            var track = tracks[id] ?? Track()
            if track.sinceDescribed != .max { track.sinceDescribed += 1 }
            tracks[id] = track
        }
    }

    /// Adds the descriptor of track `trackingId` on the current frame (`nil`: the face could not be
    /// described, which changes no vote) and decides again.
    mutating func observe(_ trackingId: Int, descriptor: FaceDescriptor?) {
        var track = tracks[trackingId] ?? Track()
        defer { tracks[trackingId] = track }
        track.sinceDescribed = 0
        guard let descriptor, let nearest = nearest(descriptor) else { return }
        if let person = track.person, distance(descriptor, to: person.person) > rule.breakDistance {
            // Not the person decided on: the decision ends and the vote starts again.
            track = Track()
            track.sinceDescribed = 0
        }
        track.recent.append(nearest.distance <= rule.distance ? nearest : nil)
        track.recentNear.append(nearest.distance <= rule.breakDistance)
        if track.recent.count > rule.window { track.recent.removeFirst(track.recent.count - rule.window) }
        if track.recentNear.count > rule.window {
            track.recentNear.removeFirst(track.recentNear.count - rule.window)
        }
        if track.person == nil { track.person = Self.winner(of: track.recent, votes: rule.votes) }
    }

    /// The person at least `votes` of `recent` name, with the nearest of their distances.
    static func winner(of recent: [FaceMatch?], votes: Int) -> FaceMatch? {
        var counts: [String: (count: Int, best: FaceMatch)] = [:]
        for case let match? in recent {
            let entry = counts[match.person]
            let best = entry.map { $0.best.distance <= match.distance ? $0.best : match } ?? match
            counts[match.person] = ((entry?.count ?? 0) + 1, best)
        }
        return counts.values.filter { $0.count >= votes }.min { $0.best.distance < $1.best.distance }?.best
    }

    /// The person track `trackingId` was decided to be, if any (`--match`'s label).
    func person(of trackingId: Int) -> FaceMatch? { tracks[trackingId]?.person }

    /// The matching frames for the track's person (or, undecided, for the most named person)
    /// among its described frames counted.
    func vote(of trackingId: Int) -> (votes: Int, described: Int) {
        guard let track = tracks[trackingId] else { return (0, 0) }
        var counts: [String: Int] = [:]
        for case let match? in track.recent { counts[match.person, default: 0] += 1 }
        let votes = track.person.map { counts[$0.person] ?? 0 } ?? counts.values.max() ?? 0
        return (votes, track.recent.count)
    }

    /// Whether track `trackingId` is shown under `mode`, and why: `--keep` shows a track decided
    /// to be a reference; `--hide-only` shows one with `window` described frames of which none
    /// was near a reference.
    func visibility(of trackingId: Int, mode: KeepRule.Mode) -> FaceVisibility {
        let (votes, described) = vote(of: trackingId)
        let track = tracks[trackingId] ?? Track()
        switch mode {
        case .keep:
            if let person = track.person {
                return FaceVisibility(shown: true, reason: .match, match: person, votes: votes, described: described)
            }
            let reason: FaceVisibility.Reason = described < rule.window ? .undecided : .noMatch
            return FaceVisibility(shown: false, reason: reason, votes: votes, described: described)
        case .hideOnly:
            if let person = track.person {
                return FaceVisibility(shown: false, reason: .match, match: person, votes: votes, described: described)
            }
            if described < rule.window || track.recentNear.contains(true) {
                return FaceVisibility(shown: false, reason: .undecided, votes: votes, described: described)
            }
            return FaceVisibility(shown: true, reason: .noMatch, votes: votes, described: described)
        }
    }
}
