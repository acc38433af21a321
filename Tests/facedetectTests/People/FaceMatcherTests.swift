import FaceDetectRecords
import FaceDetection
import Foundation
import Testing

@testable import FaceDetectCLI

/// `--match`: REF arguments, the nearest person under the threshold, people files as references.
@Suite("--match references")
struct FaceMatcherTests {
    /// A descriptor of 8 components pointing mostly along `axis`, tilted towards the next one by `tilt`.
    static func descriptor(axis: Int, tilt: Float = 0) -> FaceDescriptor {
        var values = [Float](repeating: 0, count: 8)
        values[axis] = 1
        values[(axis + 1) % 8] = tilt
        return FaceDescriptor(values)!
    }

    /// A face with `descriptor`.
    static func face(_ descriptor: FaceDescriptor?) -> Face {
        var face = Face(bounds: Rect(x: 0, y: 0, width: 50, height: 50), score: 0.9)
        face.descriptor = descriptor
        return face
    }

    @Test func aREFIsAPhotoAPeopleFileOrOnePersonOfIt() {
        #expect(FaceMatcher.split("grace.jpg") == ("grace.jpg", nil))
        #expect(FaceMatcher.split("odd#name.jpg") == ("odd#name.jpg", nil))
        #expect(FaceMatcher.split("people.json") == ("people.json", nil))
        #expect(FaceMatcher.split("people.JSON#3") == ("people.JSON", "3"))
        #expect(FaceMatcher.split("dir#1/people.json#Grace Hopper") == ("dir#1/people.json", "Grace Hopper"))
    }

    @Test func aFaceIsTheNearestPersonUnderTheThresholdOrNobody() throws {
        let matcher = FaceMatcher(
            references: [
                .init(person: "Ada", id: 1, descriptors: [Self.descriptor(axis: 0), Self.descriptor(axis: 2)]),
                .init(person: "b.jpg", descriptors: [Self.descriptor(axis: 0, tilt: 0.5)]),
            ], threshold: 0.6)
        let nearAda = try #require(matcher.match(Self.face(Self.descriptor(axis: 2, tilt: 0.1))))
        #expect(nearAda.person == "Ada" && nearAda.id == 1)
        #expect(
            abs(nearAda.distance - Self.descriptor(axis: 2, tilt: 0.1).distance(to: Self.descriptor(axis: 2))) < 1e-6)
        #expect(matcher.match(Self.face(Self.descriptor(axis: 0, tilt: 0.45)))?.person == "b.jpg")
        #expect(matcher.match(Self.face(Self.descriptor(axis: 5))) == nil)
        #expect(matcher.match(Self.face(nil)) == nil)
    }

    @Test func aPeopleFileGivesItsPeopleWithDescriptorsByIdOrByName() throws {
        try withTemporaryDirectory { directory in
            let faces = [
                PeopleFile.Face(
                    file: "a.jpg", box: Rect(x: 0, y: 0, width: 9, height: 9), score: 1,
                    descriptor: Self.descriptor(axis: 1))
            ]
            let file = PeopleFile(people: [
                .init(id: 3, name: "Grace", faces: faces), .init(id: 4, faces: faces), .init(id: 5, faces: []),
            ])
            let path = directory.appendingPathComponent("p.json").path
            try file.text.write(toFile: path, atomically: false, encoding: .utf8)
            #expect(
                try FaceMatcher.people(in: path, selector: nil, argument: path).map(\.person) == ["Grace", "Person 4"])
            #expect(try FaceMatcher.people(in: path, selector: "4", argument: path).map(\.id) == [4])
            #expect(try FaceMatcher.people(in: path, selector: "Grace", argument: path).map(\.id) == [3])
            #expect(throws: FileSystemError.self) { try FaceMatcher.people(in: path, selector: "5", argument: path) }
            #expect(throws: FileSystemError.self) { try FaceMatcher.people(in: path, selector: "Ada", argument: path) }
        }
    }

    @Test func aMatchIsWrittenAfterTheFacesOwnKeysAndOnlyWhereThereIsOne() {
        var record = PredictionRecord(file: "a.jpg")
        record.faces = [Self.face(nil), Self.face(nil)]
        record.matches = [FaceMatch(person: "Grace \"G\"", id: 3, distance: 0.61234), nil]
        let face = #"{"box": [0.0, 0.0, 50.0, 50.0], "score": 0.9"#
        #expect(
            record.jsonLine
                == #"{"file": "a.jpg", "faces": ["# + face
                + #", "match": {"person": "Grace \"G\"", "id": 3, "distance": 0.6123}}, "# + face + "}]}")
        record.matches = []
        #expect(record.jsonLine == #"{"file": "a.jpg", "faces": ["# + face + "}, " + face + "}]}")
    }
}
