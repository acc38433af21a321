import FaceDetection
import FaceDetectionIO

/// The people a run looks for, read from their references before any input: `--match`'s (faces
/// labelled) and `--keep`'s or `--hide-only`'s (faces shown or hidden).
struct PeopleToFind: Sendable {
    /// `--match`'s people, if given.
    var matcher: FaceMatcher?
    /// `--keep`'s or `--hide-only`'s people, if given.
    var keepRule: KeepRule?

    /// Whether any people are looked for.
    var isEmpty: Bool { matcher == nil && keepRule == nil }

    /// Reads the references of `options` with a detector of `threads` threads; a reference that
    /// cannot be read, or has no face to tell, is an error naming it.
    static func load(_ options: CommandLineOptions, threads: Int) throws(FileSystemError) -> PeopleToFind {
        var people = PeopleToFind()
        guard !options.match.isEmpty || !options.keep.isEmpty || !options.hideOnly.isEmpty else { return people }
        var referenceOptions = options.detector
        referenceOptions.threads = threads
        referenceOptions.descriptors = true
        let detector = FaceDetector(options: referenceOptions)
        if !options.match.isEmpty {
            people.matcher = try FaceMatcher.load(options.match, detector: detector, limits: options.decodeLimits)
        }
        if !options.keep.isEmpty {
            let references = try FaceMatcher.load(options.keep, detector: detector, limits: options.decodeLimits)
            people.keepRule = KeepRule(mode: .keep, references: references.references)
        } else if !options.hideOnly.isEmpty {
            let references = try FaceMatcher.load(options.hideOnly, detector: detector, limits: options.decodeLimits)
            people.keepRule = KeepRule(mode: .hideOnly, references: references.references)
        }
        return people
    }
}
