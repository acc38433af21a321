import Foundation

/// Locations of the repository's fixtures, found from this source file's path (not the working directory).
enum FixturePaths {
    /// The repository's `Fixtures` directory.
    static let root: String = {
        // The nearest folder above this file that holds Package.swift.
        var url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while url.path != "/"
            && !FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path)
        {
            url.deleteLastPathComponent()
        }
        return url.appendingPathComponent("Fixtures").path
    }()

    /// `Fixtures/name`.
    static func photo(_ name: String) -> String { root + "/" + name }

    /// `Fixtures/codec/name`.
    static func codec(_ name: String) -> String { root + "/codec/" + name }

    /// A new empty directory under the system's temporary directory, for tests that write files.
    static func makeTemporaryDirectory() throws -> String {
        let path = NSTemporaryDirectory() + "facedetect-io-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}
