import FaceDetection

extension PeopleFile {
    /// Reads the text of a people file (`bytes`, the whole file `name`) as ``text`` writes it, or as
    /// someone edited it: any JSON layout, keys in any order, keys it does not know ignored.
    ///
    /// Required: `people`, an array of people, each with `id` (a whole number ≥ 1, no two alike) and
    /// `faces`, each face with `file`, `box` (`[x, y, width, height]`, sizes ≥ 0) and `score`.
    /// Optional: `files` (strings), a person's `name` (a string; `""` or `null` is none), a face's
    /// `frame` (a whole number ≥ 0), `captureQuality` (a number) and `descriptor` (numbers, not all
    /// zero). Anything else is a `JSONReadError` naming the line and column of the value at fault.
    public init(reading bytes: [UInt8], name: String) throws(JSONReadError) {
        let reader = PeopleFileReader(name: name)
        let root = try JSONReader.read(bytes, name: name)
        let members = try reader.object(root, "the people file")
        guard let peopleValue = members["people"] else {
            throw JSONReadError(file: name, at: root.position, reason: "no \"people\" in the file")
        }
        var people: [Person] = []
        var ids: Set<Int> = []
        for value in try reader.array(peopleValue, "\"people\"") {
            let person = try reader.person(value)
            guard ids.insert(person.id).inserted else {
                throw JSONReadError(file: name, at: value.position, reason: "the id \(person.id) appears twice")
            }
            people.append(person)
        }
        var files: [String] = []
        if let filesValue = members["files"] {
            for value in try reader.array(filesValue, "\"files\"") { files.append(try reader.string(value, "a file")) }
        }
        self.init(people: people, files: files)
    }
}

/// The checks of `PeopleFile.init(reading:name:)`: each value of the kind it must be, or an error
/// at its position.
private struct PeopleFileReader {
    /// The file's name, for errors.
    let name: String

    /// An error at `value`: `what` must be `kind`.
    func wrong(_ value: JSONValue, _ what: String, _ kind: String) -> JSONReadError {
        JSONReadError(file: name, at: value.position, reason: "\(what) must be \(kind), not \(value.kindName)")
    }

    /// The members of `value`, an object.
    func object(_ value: JSONValue, _ what: String) throws(JSONReadError) -> [String: JSONValue] {
        guard let members = value.object else { throw wrong(value, what, "an object") }
        return members
    }

    /// The elements of `value`, an array.
    func array(_ value: JSONValue, _ what: String) throws(JSONReadError) -> [JSONValue] {
        guard let elements = value.array else { throw wrong(value, what, "an array") }
        return elements
    }

    /// The text of `value`, a string.
    func string(_ value: JSONValue, _ what: String) throws(JSONReadError) -> String {
        guard let text = value.string else { throw wrong(value, what, "a string") }
        return text
    }

    /// Member `key` of `members` (the object at `owner`), which must be there.
    func required(_ key: String, of members: [String: JSONValue], at owner: JSONValue) throws(JSONReadError)
        -> JSONValue
    {
        guard let value = members[key] else {
            throw JSONReadError(file: name, at: owner.position, reason: "no \"\(key)\" in this object")
        }
        return value
    }

    /// One person.
    func person(_ value: JSONValue) throws(JSONReadError) -> PeopleFile.Person {
        let members = try object(value, "a person")
        let idValue = try required("id", of: members, at: value)
        guard let id = idValue.wholeNumber, id >= 1 else { throw wrong(idValue, "\"id\"", "a whole number ≥ 1") }
        var personName: String?
        if let nameValue = members["name"], !nameValue.isNull {
            let text = try string(nameValue, "\"name\"")
            personName = text.isEmpty ? nil : text
        }
        var faces: [PeopleFile.Face] = []
        for faceValue in try array(try required("faces", of: members, at: value), "\"faces\"") {
            faces.append(try face(faceValue))
        }
        return PeopleFile.Person(id: id, name: personName, faces: faces)
    }

    /// One face.
    func face(_ value: JSONValue) throws(JSONReadError) -> PeopleFile.Face {
        let members = try object(value, "a face")
        let file = try string(try required("file", of: members, at: value), "\"file\"")
        var frame: Int?
        if let frameValue = members["frame"], !frameValue.isNull {
            guard let number = frameValue.wholeNumber, number >= 0 else {
                throw wrong(frameValue, "\"frame\"", "a whole number ≥ 0")
            }
            frame = number
        }
        let boxValue = try required("box", of: members, at: value)
        let box = try numbers(boxValue, "\"box\"")
        guard box.count == 4, box[2] >= 0, box[3] >= 0 else {
            throw wrong(boxValue, "\"box\"", "[x, y, width, height] with sizes ≥ 0")
        }
        let scoreValue = try required("score", of: members, at: value)
        guard let score = scoreValue.number else { throw wrong(scoreValue, "\"score\"", "a number") }
        var captureQuality: Float?
        if let qualityValue = members["captureQuality"], !qualityValue.isNull {
            guard let quality = qualityValue.number else { throw wrong(qualityValue, "\"captureQuality\"", "a number") }
            captureQuality = Float(quality)
        }
        var descriptor: FaceDescriptor?
        if let descriptorValue = members["descriptor"], !descriptorValue.isNull {
            let components = try numbers(descriptorValue, "\"descriptor\"").map { Float($0) }
            guard let read = FaceDescriptor(components) else {
                throw wrong(descriptorValue, "\"descriptor\"", "numbers, not all zero")
            }
            descriptor = read
        }
        return PeopleFile.Face(
            file: file, frame: frame,
            box: Rect(x: Float(box[0]), y: Float(box[1]), width: Float(box[2]), height: Float(box[3])),
            score: Float(score), descriptor: descriptor, captureQuality: captureQuality)
    }

    /// The numbers of `value`, an array of numbers that fit a `Float`.
    func numbers(_ value: JSONValue, _ what: String) throws(JSONReadError) -> [Double] {
        var numbers: [Double] = []
        for element in try array(value, what) {
            guard let number = element.number, Float(number).isFinite else {
                throw wrong(element, "each number of \(what)", "a number")
            }
            numbers.append(number)
        }
        return numbers
    }
}
