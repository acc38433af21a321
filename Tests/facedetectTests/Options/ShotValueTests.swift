import FaceDetectRecords
import FaceDetection
import Testing

@testable import FaceDetectCLI

/// `--best` and `--rank` by the capture quality and the eyes (``ShotValue``), and `facedetect
/// group`'s order of a person's faces by the capture quality.
struct ShotValueTests {
    /// A face at `x` with `quality` and both eyes open with `eyes`.
    static func face(x: Float, score: Float = 0.9, quality: Float?, eyes: Float? = nil) -> Face {
        var face = Face(bounds: Rect(x: x, y: 10, width: 40, height: 40), score: score)
        face.captureQuality = quality
        face.leftEyeOpenProbability = eyes
        face.rightEyeOpenProbability = eyes.map { min(1, $0 + 0.1) }
        return face
    }

    @Test func aBlinkHalvesAFacesValue() {
        #expect(ShotValue.of(Self.face(x: 0, quality: 0.8)) == 0.8)
        #expect(ShotValue.of(Self.face(x: 0, quality: 0.8, eyes: 1)) == 0.8)
        #expect(ShotValue.of(Self.face(x: 0, quality: 0.8, eyes: 0)) == 0.4)
        #expect(ShotValue.of(Self.face(x: 0, quality: nil, eyes: 1)) == nil)
        #expect(ShotValue.of(photo: [Self.face(x: 0, quality: 0.8), Self.face(x: 50, quality: 0.3)]) == 0.3)
        #expect(ShotValue.of(photo: [Self.face(x: 0, quality: nil)]) == nil)
    }

    @Test func bestPicksTheBestShotOverTheDetectorsScore() {
        let sure = Self.face(x: 0, score: 0.99, quality: 0.4, eyes: 1)
        let sharp = Self.face(x: 60, score: 0.7, quality: 0.8, eyes: 1)
        let blinking = Self.face(x: 120, score: 0.8, quality: 0.85, eyes: 0)
        #expect(FaceSelection.select([sure, sharp, blinking], .best, width: 200, height: 100) == [sharp])
        // Where no quality was measured, the older tool's rule.
        let unmeasured = [Self.face(x: 0, score: 0.99, quality: nil), Self.face(x: 60, score: 0.5, quality: nil)]
        #expect(FaceSelection.select(unmeasured, .best, width: 200, height: 100) == [unmeasured[0]])
    }

    @Test func rankListsPhotosBestFirstAndUnmeasuredLast() {
        let lines = DetectionRun.rankLines([
            (file: "a.jpg", value: 0.5), (file: "b.jpg", value: nil), (file: "c.jpg", value: 0.75),
            (file: "d.jpg", value: 0.5),
        ])
        #expect(lines == ["0.750\tc.jpg", "0.500\ta.jpg", "0.500\td.jpg", "-\tb.jpg"])
    }

    @Test func rankParsesForPhotosAndSilencesTheFaceLines() throws {
        guard case .detect(let parsed)? = try? Command.parse(["--rank", "a.jpg"]) else {
            Issue.record("--rank did not parse")
            return
        }
        #expect(parsed.rank && !parsed.printsFaceLines)
    }

    @Test func aPersonsFacesAreOrderedByQualityThenScoreTimesSide() throws {
        let box = Rect(x: 0, y: 0, width: 40, height: 40)
        let sharp = PeopleFile.Face(file: "c.jpg", box: box, score: 0.6, descriptor: nil, captureQuality: 0.9)
        let sure = PeopleFile.Face(file: "b.jpg", box: box, score: 1, descriptor: nil, captureQuality: 0.5)
        let unmeasured = PeopleFile.Face(file: "a.jpg", box: box, score: 1, descriptor: nil)
        var person = PeopleFile.Person(id: 1, faces: [unmeasured, sure, sharp])
        person.sortFaces()
        #expect(person.faces.map(\.file) == ["c.jpg", "b.jpg", "a.jpg"])
        // The quality is written and read back.
        let file = PeopleFile(people: [person], files: ["a.jpg", "b.jpg", "c.jpg"])
        #expect(file.text.contains("\"captureQuality\": 0.9}"))
        let read = try PeopleFile(reading: Array(file.text.utf8), name: "people.json")
        #expect(read.people.first?.faces.map(\.captureQuality) == [0.9, 0.5, nil])
    }
}
