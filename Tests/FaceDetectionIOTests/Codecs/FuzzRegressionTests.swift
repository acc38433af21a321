import FaceDetectionIO
import Foundation
import Testing

/// The inputs the fuzzers once failed on (`Fixtures/fuzz/image/` and `heif/`; `tools/dev/fuzz.sh`
/// replays them under AddressSanitizer): each is refused with a one-line error naming it.
struct FuzzRegressionTests {
    /// The regression inputs of the image and heif targets.
    static func inputs() throws -> [String] {
        try ["image", "heif"].flatMap { target in
            let folder = FixturePaths.root + "/fuzz/" + target
            return try FileManager.default.contentsOfDirectory(atPath: folder).sorted().map { folder + "/" + $0 }
        }
    }

    @Test func thereAreRegressionInputs() throws {
        #expect(try !Self.inputs().isEmpty)
    }

    @Test(arguments: try inputs())
    func eachIsRefusedWithAnErrorNamingIt(path: String) throws {
        let error = try #require(throws: ImageCodecError.self) { try ImageCodec.read(path: path) }
        #expect(error.description.contains(path))
        #expect(!error.description.contains("\n"))
    }
}
