import FaceDetectRecords
import FaceDetection
import FaceDetectionIO

/// `--match REF...`: the people to look for, each with the descriptors that speak for them, and
/// the face-to-person rule: a face is the reference person whose nearest descriptor is closest to
/// its own, when that distance is at most `FaceDescriptor.samePersonDistance` (the verification
/// threshold, whose false-accept rate docs/identity.md measures).
///
/// A REF is a photo of one person (its best face: the detector's score times the box's side, among
/// the faces with a descriptor; the person is named by the path as given), a people file (`.json`:
/// every person of it with a descriptor), or one person of a people file, `FILE.json#ID` or
/// `FILE.json#NAME` (the id, or the name written into the file, exactly).
struct FaceMatcher: Sendable {
    /// One person to look for.
    struct Reference: Sendable, Equatable {
        /// The label written into the records.
        var person: String
        /// The id in the people file, if from one.
        var id: Int?
        /// The person's descriptors.
        var descriptors: [FaceDescriptor]
    }

    /// The people, in the order of the REF arguments.
    let references: [Reference]
    /// The largest distance that is the same person.
    let threshold: Float

    /// A matcher of `references` at `threshold`.
    init(references: [Reference], threshold: Float = FaceDescriptor.samePersonDistance) {
        self.references = references
        self.threshold = threshold
    }

    /// The person `face` is, or `nil` (no descriptor, or no reference close enough); the first
    /// reference wins a tie.
    func match(_ face: Face) -> FaceMatch? {
        guard let descriptor = face.descriptor else { return nil }
        var best: FaceMatch?
        for reference in references {
            for other in reference.descriptors {
                let distance = descriptor.distance(to: other)
                if distance <= threshold && distance < (best?.distance ?? .infinity) {
                    best = FaceMatch(person: reference.person, id: reference.id, distance: distance)
                }
            }
        }
        return best
    }

    /// Loads the REF arguments: photos decoded within `limits` and searched by `detector` (which
    /// gives descriptors); a REF that cannot be read, has no face with a descriptor, or names no
    /// person of its file is an error naming it.
    static func load(_ arguments: [String], detector: FaceDetector, limits: DecodeLimits) throws(FileSystemError)
        -> FaceMatcher
    {
        var references: [Reference] = []
        for argument in arguments {
            let (path, selector) = split(argument)
            if path.lowercased().hasSuffix(".json") {
                references += try people(in: path, selector: selector, argument: argument)
            } else {
                references.append(try photo(path, detector: detector, limits: limits))
            }
        }
        return FaceMatcher(references: references)
    }

    /// `FILE.json#SELECTOR` as the file and the selector; any other REF as itself, without one.
    static func split(_ argument: String) -> (path: String, selector: String?) {
        guard let hash = argument.lastIndex(of: "#") else { return (argument, nil) }
        let path = String(argument[..<hash])
        guard path.lowercased().hasSuffix(".json") else { return (argument, nil) }
        return (path, String(argument[argument.index(after: hash)...]))
    }

    /// The people of the people file `path`, or the one `selector` names (an id, or a name).
    static func people(in path: String, selector: String?, argument: String) throws(FileSystemError)
        -> [Reference]
    {
        let file = try GroupCommand.read(path)
        let withDescriptors = file.people.filter { $0.faces.contains { $0.descriptor != nil } }
        let chosen: [PeopleFile.Person]
        if let selector {
            if let id = Int(selector) {
                chosen = withDescriptors.filter { $0.id == id }
            } else {
                chosen = withDescriptors.filter { $0.name == selector }
            }
            guard !chosen.isEmpty else {
                throw FileSystemError(
                    path: argument, reason: "no person with descriptors of that id or name in \(path)")
            }
        } else {
            chosen = withDescriptors
            guard !chosen.isEmpty else { throw FileSystemError(path: argument, reason: "no person with descriptors") }
        }
        return chosen.map { person in
            Reference(
                person: PeoplePage.title(of: person), id: person.id,
                descriptors: person.faces.compactMap(\.descriptor))
        }
    }

    /// The person of the photo `path`: its best face with a descriptor.
    static func photo(_ path: String, detector: FaceDetector, limits: DecodeLimits) throws(FileSystemError)
        -> Reference
    {
        let decoded: DecodedImage
        do {
            decoded = try ImageCodec.read(path: path, limits: limits)
        } catch {
            throw FileSystemError(path: path, reason: "--match: " + error.reason)
        }
        let faces = detector.detect(in: decoded).filter { $0.descriptor != nil }
        let rank = { (face: Face) in face.score * (face.bounds.width * face.bounds.height).squareRoot() }
        guard let best = faces.max(by: { rank($0) < rank($1) }), let descriptor = best.descriptor else {
            throw FileSystemError(path: path, reason: "--match: no face big enough to tell who it is")
        }
        return Reference(person: path, descriptors: [descriptor])
    }
}
