import FaceDetectRecords
import FaceDetection

/// `--keep REF` / `--hide-only REF` with `--blur`, `--pixelate` or `--fill`: which faces are left
/// visible while the others are hidden.
///
/// `--keep`: a face is shown when it matches a reference at `keepDistance` or less, stricter than
/// the verification threshold, as a stranger shown is the costly mistake; every other face is
/// hidden, also one without a descriptor (too small, or no points to align by: it cannot be told,
/// and a stranger is never shown because of that). `--hide-only`: a face is hidden when it
/// matches a reference at `FaceDescriptor.samePersonDistance` or less, and also when it has no
/// descriptor (it could be the person); the others are shown. In a video the decision is a
/// track's (`TrackMatching`).
struct KeepRule: Sendable {
    /// Which faces the references are.
    enum Mode: Sendable, Equatable {
        /// `--keep`: the references are the faces shown.
        case keep
        /// `--hide-only`: the references are the faces hidden.
        case hideOnly
    }

    /// The largest distance at which `--keep` shows a face, stricter than the verification
    /// threshold (its false-keep rate beside that one's: docs/video.md, "Keeping people visible").
    static let keepDistance: Float = 1.0

    /// Keep or hide-only.
    let mode: Mode
    /// The references, at the mode's distance.
    let matcher: FaceMatcher

    /// A rule of `mode` over `references` (at `keepDistance` for `.keep`, at the same-person
    /// distance for `.hideOnly`).
    init(mode: Mode, references: [FaceMatcher.Reference]) {
        self.mode = mode
        let threshold = mode == .keep ? Self.keepDistance : FaceDescriptor.samePersonDistance
        matcher = FaceMatcher(references: references, threshold: threshold)
    }

    /// Whether `face` (of a photo) is shown, and why.
    func visibility(of face: Face) -> FaceVisibility {
        guard face.descriptor != nil else { return FaceVisibility(shown: false, reason: .noDescriptor) }
        let match = matcher.match(face)
        return visibility(matching: match)
    }

    /// The visibility of a face (or a track) that is `match`'s person, or nobody's when `nil`.
    func visibility(matching match: FaceMatch?) -> FaceVisibility {
        switch (mode, match) {
        case (.keep, let match?): return FaceVisibility(shown: true, reason: .match, match: match)
        case (.keep, nil): return FaceVisibility(shown: false, reason: .noMatch)
        case (.hideOnly, let match?): return FaceVisibility(shown: false, reason: .match, match: match)
        case (.hideOnly, nil): return FaceVisibility(shown: true, reason: .noMatch)
        }
    }
}
