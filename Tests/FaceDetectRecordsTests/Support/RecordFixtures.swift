import Foundation

/// The fixtures of the records' tests, found from this source file's path (not the working directory).
enum RecordFixtures {
    /// The repository's `Fixtures` directory: in the nearest folder above this file that holds
    /// Package.swift.
    static let root: URL = {
        var url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while url.path != "/"
            && !FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path)
        {
            url.deleteLastPathComponent()
        }
        return url.appendingPathComponent("Fixtures")
    }()

    /// The inputs that `tools/fuzz.sh TARGET` replays (`Fixtures/fuzz/TARGET`), in name order.
    static func fuzzRegressions(_ target: String) throws -> [URL] {
        let folder = root.appendingPathComponent("fuzz").appendingPathComponent(target)
        return try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }
}
