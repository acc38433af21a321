import FaceDetection
import FaceDetectionIO
import Foundation
import Testing

/// `facedetect group`: faces sorted into people, the people file and its second run, and the batch
/// rules (bad files listed, inputs never overwritten, usage errors).
@Suite("facedetect group")
struct GroupTests {
    /// Writes fixture `name` to `url` mirrored left to right and scaled by `scale`, as a PNG.
    static func writeVariant(of name: String, to url: URL, mirrored: Bool, scale: Float = 1) throws {
        let image = try ImageCodec.read(path: TestInputs.fixture(name).path).image
        var pixels = image.pixels
        if mirrored {
            let width = image.width
            for y in 0..<image.height {
                for x in 0..<width / 2 {
                    for c in 0..<3 {
                        pixels.swapAt((y * width + x) * 3 + c, (y * width + width - 1 - x) * 3 + c)
                    }
                }
            }
        }
        var variant = RGBImage(width: image.width, height: image.height, pixels: pixels)
        if scale != 1 {
            variant = variant.resized(
                width: Int(Float(image.width) * scale), height: Int(Float(image.height) * scale))
        }
        try ImageCodec.write(variant, to: url.path)
    }

    /// The people file at `url`, parsed by Foundation.
    static func people(_ url: URL) throws -> (people: [[String: Any]], files: [String]) {
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        return (try #require(json["people"] as? [[String: Any]]), try #require(json["files"] as? [String]))
    }

    /// Each person's faces' capture qualities, in the file's order (best first, `PeopleFile.Person.sortFaces`).
    static func qualities(of people: [[String: Any]]) -> [[Double]] {
        people.map { person in
            ((person["faces"] as? [[String: Any]]) ?? []).compactMap { $0["captureQuality"] as? Double }
        }
    }

    /// Each person's files, in the file's order.
    static func files(of people: [[String: Any]]) -> [[String]] {
        people.map { person in ((person["faces"] as? [[String: Any]]) ?? []).compactMap { $0["file"] as? String } }
    }

    @Test func theOutputsNeverReplaceAnInput() throws {
        try withTemporaryDirectory { directory in
            try TestInputs.copyFixture("astronaut.png", to: directory.appendingPathComponent("a.png"))
            try TestInputs.writePlainPNG(to: directory.appendingPathComponent("b.png"))
            let before = try Data(contentsOf: directory.appendingPathComponent("b.png"))
            for arguments in [
                ["group", "a.png", "b.png", "--people", "b.png"],
                ["group", "a.png", "b.png", "--people", "p.json", "--html", "b.png"],
            ] {
                let result = try ToolProcess.run(arguments, in: directory)
                #expect(result.status == 1)
                #expect(result.errorLines == ["error: b.png: refusing to overwrite an input of this run"])
                #expect(try Data(contentsOf: directory.appendingPathComponent("b.png")) == before)
            }
            #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("p.json").path))
        }
    }

    @Test func aMalformedPeopleFileIsAnErrorNamingItsLineAndIsLeftAlone() throws {
        try withTemporaryDirectory { directory in
            try TestInputs.writePlainPNG(to: directory.appendingPathComponent("a.png"))
            let text = "{\"people\": [\n  {\"id\": \"one\", \"faces\": []}]}\n"
            try text.write(to: directory.appendingPathComponent("p.json"), atomically: false, encoding: .utf8)
            let result = try ToolProcess.run(["group", "a.png", "--people", "p.json"], in: directory)
            #expect(result.status == 1)
            #expect(result.errorLines == ["error: p.json:2:10: \"id\" must be a whole number ≥ 1, not a string"])
            #expect(try String(contentsOf: directory.appendingPathComponent("p.json"), encoding: .utf8) == text)
        }
    }

    @Test(arguments: [
        (["group", "a.png"], "facedetect: group needs --people FILE (the people file it reads and writes)"),
        (["group", "--people", "p.json"], "facedetect: group: no input given"),
        (["group", "a.png", "--people", "p.json", "--json", "x.json"], "facedetect: unknown option '--json'"),
        (
            ["group", "a.png", "--people", "p.json", "--html", "p.json"],
            "facedetect: --html and --people cannot be the same file"
        ),
        (["group", "a.png", "--people"], "facedetect: option '--people' needs a value"),
    ])
    func aBadCommandLineIsAUsageError(arguments: [String], message: String) throws {
        let result = try ToolProcess.run(arguments)
        #expect(result.status == 64)
        #expect(result.errorLines == [message + " (see 'facedetect group --help')"])
    }

    @Test func helpDescribesTheSubcommand() throws {
        let result = try ToolProcess.run(["group", "--help"])
        #expect(result.status == 0)
        #expect(result.outputLines.first == "USAGE: facedetect group INPUT... --people FILE [--html FILE] [OPTIONS]")
        #expect(try ToolProcess.run(["--help"]).standardOutput.contains("facedetect group --help"))
    }
}
