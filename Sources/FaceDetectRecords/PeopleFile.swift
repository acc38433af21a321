import FaceDetection

/// The people of a collection of photos and videos, as `facedetect group --people FILE` writes and
/// reads it: each person with an identifier, a name (empty until someone writes one into the file)
/// and their faces, best first; and every file already measured, with or without faces, so that a
/// later run measures only new files.
///
/// The text is JSON, one person's opening line and then one face a line, so that a name can be
/// written in by hand:
///
/// ```
/// {"people": [
///   {"id": 1, "name": "", "faces": [
///     {"file": "photos/a.jpg", "box": [10.5, 20.0, 80.25, 80.25], "score": 0.9912, "captureQuality": 0.81,
///      "descriptor": [...]},
///     {"file": "clip.mp4", "frame": 120, "box": [...], "score": 0.95, "descriptor": [...]}]},
///   {"id": 2, "name": "Grace", "faces": [...]}],
///  "files": [
///   "clip.mp4",
///   "photos/a.jpg"]}
/// ```
///
/// `file` and `box` (`[x, y, width, height]` in the upright image's pixels) are the keys
/// `score_identity.py --groups` reads.
public struct PeopleFile: Sendable, Equatable {
    /// One face of a person: where it is, how sure the detector was, and its descriptor.
    public struct Face: Sendable, Equatable {
        /// The photo or video, as the path was given (a directory argument joined with the
        /// relative path).
        public var file: String
        /// For a video: the frame's number, counting from 0 (`nil` for a photo).
        public var frame: Int?
        /// The face's box in the upright image, in pixels.
        public var box: Rect
        /// The detector's confidence, 0…1.
        public var score: Float
        /// The face's identity descriptor (`nil` only in a file written by hand without one).
        public var descriptor: FaceDescriptor?
        /// The face's capture quality, 0…1 (``FaceDetection/Face/captureQuality``), where it was measured.
        public var captureQuality: Float?

        /// A face of `file` (a video's `frame`) at `box`.
        public init(
            file: String, frame: Int? = nil, box: Rect, score: Float, descriptor: FaceDescriptor?,
            captureQuality: Float? = nil
        ) {
            self.file = file
            self.frame = frame
            self.box = box
            self.score = score
            self.descriptor = descriptor
            self.captureQuality = captureQuality
        }

        /// How good a view of the person the face is, for ordering a person's faces: the
        /// detector's score times the box's side (the square root of its area), so that a large,
        /// sure face comes before a small or doubtful one.
        public var rank: Float { score * (box.width * box.height).squareRoot() }
    }

    /// One person: an identifier kept from run to run, a name, and their faces, best first.
    public struct Person: Sendable, Equatable {
        /// The person's identifier: a whole number ≥ 1, never reused for another person of the file.
        public var id: Int
        /// The name written into the file by hand (`nil` while there is none; written as `""`).
        public var name: String?
        /// The faces, best first (``sortFaces()``).
        public var faces: [Face]

        /// A person with `faces` in the order given (``sortFaces()`` orders them).
        public init(id: Int, name: String? = nil, faces: [Face]) {
            self.id = id
            self.name = name
            self.faces = faces
        }

        /// Orders the faces best first: by ``PeopleFile/Face/captureQuality``, highest first, the
        /// faces without one after those with one; then by ``PeopleFile/Face/rank``, highest first;
        /// ties by file, frame and position, so that the order does not depend on the order they
        /// were found in.
        public mutating func sortFaces() {
            faces.sort { a, b in
                let (qualityA, qualityB) = (a.captureQuality ?? -1, b.captureQuality ?? -1)
                if qualityA != qualityB { return qualityA > qualityB }
                if a.rank != b.rank { return a.rank > b.rank }
                if a.file != b.file { return a.file < b.file }
                if (a.frame ?? -1) != (b.frame ?? -1) { return (a.frame ?? -1) < (b.frame ?? -1) }
                if a.box.y != b.box.y { return a.box.y < b.box.y }
                return a.box.x < b.box.x
            }
        }
    }

    /// The people, in the order of their identifiers.
    public var people: [Person]
    /// Every file measured so far, with or without faces (a video as one file), in order.
    public var files: [String]

    /// A file with `people` and the measured `files`.
    public init(people: [Person] = [], files: [String] = []) {
        self.people = people
        self.files = files
    }

    /// The identifier a new person gets: one more than the highest so far (1 in an empty file).
    public var nextID: Int { (people.map(\.id).max() ?? 0) + 1 }

    /// The file's JSON text, ending in a newline: `people` then `files`, one face and one file a line.
    public var text: String {
        var text = "{\"people\": ["
        for (index, person) in people.enumerated() {
            text += index == 0 ? "\n" : ",\n"
            text += "  {\"id\": \(person.id), \"name\": " + JSONScalar.string(person.name ?? "") + ", \"faces\": ["
            for (faceIndex, face) in person.faces.enumerated() {
                text += faceIndex == 0 ? "\n    " : ",\n    "
                // Nothing here throws: `Face.encode(to:)` only calls the encoder's containers.
                text += try! JSONLineEncoder.line(face)
            }
            text += "]}"
        }
        text += "],\n \"files\": ["
        for (index, file) in files.enumerated() {
            text += index == 0 ? "\n  " : ",\n  "
            text += JSONScalar.string(file)
        }
        return text + "]}\n"
    }
}

extension PeopleFile.Face: Encodable {
    /// The keys of a face, in the order they are written.
    private enum CodingKeys: String, CodingKey { case file, frame, box, score, captureQuality, descriptor }

    /// Decimals of a descriptor's component (a unit vector's: the distance between two read back
    /// moves by less than 0.001).
    static let descriptorPlaces = 5
    /// Decimals of the detector's score, as in the JSON Lines records.
    private static let scorePlaces = 4

    /// Encodes the face as one object: `file`, a video's `frame`, `box` with 2 decimals, `score`
    /// with 4, `captureQuality` (where measured) with 4, `descriptor` with 5.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(file, forKey: .file)
        try container.encodeIfPresent(frame, forKey: .frame)
        try container.encode(box, forKey: .box)
        try container.encode(FixedDecimal(score, places: Self.scorePlaces), forKey: .score)
        try container.encodeIfPresent(
            captureQuality.map { FixedDecimal($0, places: Self.scorePlaces) }, forKey: .captureQuality)
        if let descriptor {
            try container.encode(
                descriptor.values.map { FixedDecimal($0, places: Self.descriptorPlaces) }, forKey: .descriptor)
        }
    }
}
