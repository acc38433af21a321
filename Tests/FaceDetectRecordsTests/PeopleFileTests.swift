import FaceDetection
import Foundation
import Testing

@testable import FaceDetectRecords

/// `people.json` as `facedetect group` writes it: its layout, its keys, faces best first.
@Suite("People file")
struct PeopleFileTests {
    /// A descriptor of `count` components pointing mostly along component `axis`.
    static func descriptor(axis: Int, count: Int = 8) -> FaceDescriptor {
        var values = [Float](repeating: 0.1, count: count)
        values[axis] = 1
        return FaceDescriptor(values)!
    }

    /// A file with two people, one named, and a file without faces.
    static func sample() -> PeopleFile {
        PeopleFile(
            people: [
                PeopleFile.Person(
                    id: 1,
                    faces: [
                        PeopleFile.Face(
                            file: "a.jpg", box: Rect(x: 1, y: 2, width: 30, height: 40), score: 0.99,
                            descriptor: descriptor(axis: 0)),
                        PeopleFile.Face(
                            file: "clip.mp4", frame: 12, box: Rect(x: 5, y: 6, width: 20, height: 20), score: 0.9,
                            descriptor: descriptor(axis: 1)),
                    ]),
                PeopleFile.Person(
                    id: 3, name: "Grace \"Amazing\" Hopper",
                    faces: [
                        PeopleFile.Face(
                            file: "b.jpg", box: Rect(x: 0, y: 0, width: 10, height: 10), score: 0.5,
                            descriptor: descriptor(axis: 2))
                    ]),
            ],
            files: ["a.jpg", "b.jpg", "clip.mp4", "empty.png"])
    }

    @Test func theTextIsJSONWithOneFaceALineAndTheKeysScoreIdentityReads() throws {
        let text = Self.sample().text
        #expect(text.hasSuffix("]}\n"))
        let lines = text.split(separator: "\n")
        #expect(lines.count == 1 + 3 + 2 + 1 + 4)
        #expect(
            lines[2].hasPrefix(#"    {"file": "a.jpg", "box": [1.0, 2.0, 30.0, 40.0], "score": 0.99, "descriptor": ["#))
        #expect(lines[3].hasPrefix(#"    {"file": "clip.mp4", "frame": 12, "box": [5.0, 6.0, 20.0, 20.0], "#))
        let json = try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let people = try #require(json["people"] as? [[String: Any]])
        #expect(people.map { $0["id"] as? Int } == [1, 3])
        #expect(people.map { $0["name"] as? String } == ["", "Grace \"Amazing\" Hopper"])
        let faces = try #require(people[0]["faces"] as? [[String: Any]])
        #expect(faces[1]["file"] as? String == "clip.mp4")
        #expect(faces[1]["frame"] as? Int == 12)
        #expect(faces[0]["frame"] == nil)
        #expect(faces[0]["box"] as? [Double] == [1, 2, 30, 40])
        #expect((faces[0]["descriptor"] as? [Double])?.count == 8)
        #expect(json["files"] as? [String] == ["a.jpg", "b.jpg", "clip.mp4", "empty.png"])
    }

    @Test func anEmptyFileHasNoPeopleAndNoFiles() throws {
        let text = PeopleFile().text
        #expect(text == "{\"people\": [],\n \"files\": []}\n")
        #expect(PeopleFile().nextID == 1)
        #expect(Self.sample().nextID == 4)
    }

    @Test func facesAreOrderedByScoreTimesSideThenByFile() {
        let small = PeopleFile.Face(
            file: "z.jpg", box: Rect(x: 0, y: 0, width: 10, height: 10), score: 1, descriptor: nil)
        let large = PeopleFile.Face(
            file: "y.jpg", box: Rect(x: 0, y: 0, width: 40, height: 40), score: 0.5, descriptor: nil)
        let tie = PeopleFile.Face(
            file: "a.jpg", box: Rect(x: 0, y: 0, width: 20, height: 20), score: 1, descriptor: nil)
        var person = PeopleFile.Person(id: 1, faces: [small, tie, large])
        person.sortFaces()
        #expect(person.faces.map(\.file) == ["a.jpg", "y.jpg", "z.jpg"])
    }

    /// The error reading `text` as a people file gives, or `nil` when it reads.
    static func failure(_ text: String) -> String? {
        do {
            _ = try PeopleFile(reading: Array(text.utf8), name: "p.json")
            return nil
        } catch {
            return error.description
        }
    }

    @Test func theTextReadsBackAsTheSameFileWithinItsDecimals() throws {
        let sample = Self.sample()
        let read = try PeopleFile(reading: Array(sample.text.utf8), name: "people.json")
        #expect(read.files == sample.files)
        #expect(read.people.map(\.id) == [1, 3])
        #expect(read.people.map(\.name) == [nil, "Grace \"Amazing\" Hopper"])
        #expect(read.people[0].faces.map(\.frame) == [nil, 12])
        #expect(read.people[0].faces.map(\.box) == sample.people[0].faces.map(\.box))
        for (a, b) in zip(read.people.flatMap(\.faces), sample.people.flatMap(\.faces)) {
            #expect(abs(a.score - b.score) < 1e-6)
            let other = try #require(b.descriptor)
            let distance = try #require(a.descriptor?.distance(to: other))
            #expect(distance < 1e-3)
        }
        // Written again, it is the same text.
        #expect(read.text == sample.text)
    }

    @Test func aFileEditedByHandReadsWithItsNameAndWithoutUnknownKeys() throws {
        let text = """
            {"files": ["a.jpg"], "version": 2,
             "people": [{"name": "Ada", "faces": [], "id": 7, "note": "mine"},
                        {"id": 8, "name": null, "faces": [{"file": "a.jpg", "box": [0, 0, 1, 1], "score": 1}]}]}
            """
        let read = try PeopleFile(reading: Array(text.utf8), name: "p.json")
        #expect(read.people.map(\.name) == ["Ada", nil])
        #expect(read.people[1].faces[0].descriptor == nil)
        #expect(read.nextID == 9)
    }

    @Test(arguments: [
        ("[]", "p.json:1:1: the people file must be an object, not an array"),
        ("{}", "p.json:1:1: no \"people\" in the file"),
        (#"{"people": {}}"#, "p.json:1:12: \"people\" must be an array, not an object"),
        (#"{"people": [{"faces": []}]}"#, "p.json:1:13: no \"id\" in this object"),
        (#"{"people": [{"id": 0, "faces": []}]}"#, "p.json:1:20: \"id\" must be a whole number ≥ 1, not a number"),
        (#"{"people": [{"id": 1.5, "faces": []}]}"#, "p.json:1:20: \"id\" must be a whole number ≥ 1, not a number"),
        (
            "{\"people\": [{\"id\": 1, \"faces\": []},\n {\"id\": 1, \"faces\": []}]}",
            "p.json:2:2: the id 1 appears twice"
        ),
        (#"{"people": [{"id": 1, "name": 3, "faces": []}]}"#, "p.json:1:31: \"name\" must be a string, not a number"),
        (
            #"{"people": [{"id": 1, "faces": [{"file": "a", "box": [1, 2, 3], "score": 1}]}]}"#,
            "p.json:1:54: \"box\" must be [x, y, width, height] with sizes ≥ 0, not an array"
        ),
        (
            #"{"people": [{"id": 1, "faces": [{"file": "a", "box": [1, 2, 3, 4]}]}]}"#,
            "p.json:1:33: no \"score\" in this object"
        ),
        (
            #"{"people": [{"id": 1, "faces": [{"file": "a", "box": [1, 2, 3, 4], "score": 1, "descriptor": [0, 0]}]}]}"#,
            "p.json:1:94: \"descriptor\" must be numbers, not all zero, not an array"
        ),
        (#"{"people": [], "files": [1]}"#, "p.json:1:26: a file must be a string, not a number"),
        (#"{"people": [}"#, "p.json:1:13: not a JSON value ('}')"),
    ])
    func aMalformedFileIsAnErrorNamingTheLineAndColumn(text: String, expected: String) {
        #expect(Self.failure(text) == expected)
    }

    /// A face of `file` whose descriptor points along `axis`.
    static func face(_ file: String, axis: Int, side: Float = 50) -> PeopleFile.Face {
        PeopleFile.Face(
            file: file, box: Rect(x: 0, y: 0, width: side, height: side), score: 0.9,
            descriptor: descriptor(axis: axis))
    }

    @Test func newFacesJoinTheKnownPeopleTheyMatchOrMakeNewOnesKeepingIdsAndNames() {
        var file = PeopleFile()
        file.add(
            [Self.face("a1.jpg", axis: 0), Self.face("b1.jpg", axis: 1), Self.face("a2.jpg", axis: 0, side: 80)],
            measuring: ["b1.jpg", "a1.jpg", "a2.jpg", "none.jpg"], grouping: FaceGrouping())
        #expect(file.people.map(\.id) == [1, 2])
        #expect(file.people.map { $0.faces.map(\.file) } == [["a2.jpg", "a1.jpg"], ["b1.jpg"]])
        #expect(file.files == ["a1.jpg", "a2.jpg", "b1.jpg", "none.jpg"])

        file.people[1].name = "Bea"
        file.people.append(PeopleFile.Person(id: 9, name: "Nobody yet", faces: []))
        var faceless = Self.face("x.jpg", axis: 3)
        faceless.descriptor = nil
        file.add(
            [Self.face("c1.jpg", axis: 2), Self.face("b2.jpg", axis: 1, side: 90), faceless],
            measuring: ["c1.jpg", "b2.jpg", "a1.jpg", "x.jpg"], grouping: FaceGrouping())
        #expect(file.people.map(\.id) == [1, 2, 9, 10])
        #expect(file.people.map(\.name) == [nil, "Bea", "Nobody yet", nil])
        #expect(
            file.people.map { $0.faces.map(\.file) } == [["a2.jpg", "a1.jpg"], ["b2.jpg", "b1.jpg"], [], ["c1.jpg"]])
        #expect(file.files == ["a1.jpg", "a2.jpg", "b1.jpg", "b2.jpg", "c1.jpg", "none.jpg", "x.jpg"])
    }
}
