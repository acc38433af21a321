import FaceDetection
import FaceDetectionIO
import Foundation
import Testing

@Suite("--png-compression and --jpeg-quality: the -o image's size, never its faces")
struct ImageOutputSettingsTests {
    /// The size of the file at `url`.
    private func size(_ url: URL) throws -> Int {
        try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int ?? 0
    }

    @Test func pngLevelChangesTheSizeNotThePixels() throws {
        try withTemporaryDirectory { directory in
            try TestInputs.copyFixture("astronaut.png", to: directory.appendingPathComponent("a.png"))
            var sizes: [Int] = []
            var images: [RGBImage] = []
            for (name, level) in [("stored.png", "0"), ("default.png", nil), ("small.png", "9")] {
                let flags = level.map { ["--png-compression", $0] } ?? []
                let result = try ToolProcess.run(
                    ["a.png", "-o", name] + flags + ToolProcess.plumbingFlags, in: directory)
                #expect(result.status == 0, "\(result.standardError)")
                sizes.append(try size(directory.appendingPathComponent(name)))
                images.append(try RGBImage(contentsOf: directory.appendingPathComponent(name).path))
            }
            #expect(sizes[0] > sizes[1] && sizes[0] > sizes[2], "\(sizes)")
            #expect(images[0] == images[1] && images[1] == images[2])
        }
    }

    @Test func jpegQualityChangesTheSize() throws {
        try withTemporaryDirectory { directory in
            try TestInputs.copyFixture("grace_hopper.jpg", to: directory.appendingPathComponent("g.jpg"))
            for (name, quality) in [("low.jpg", "30"), ("high.jpg", "98")] {
                let result = try ToolProcess.run(
                    ["g.jpg", "-o", name, "--jpeg-quality", quality] + ToolProcess.plumbingFlags, in: directory)
                #expect(result.status == 0, "\(result.standardError)")
            }
            #expect(
                try size(directory.appendingPathComponent("low.jpg"))
                    < size(directory.appendingPathComponent("high.jpg")))
        }
    }
}
