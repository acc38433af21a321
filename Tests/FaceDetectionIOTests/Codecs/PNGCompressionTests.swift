import FaceDetection
import FaceDetectionIO
import Foundation
import Testing

/// PNG output at every zlib level: lossless, compressed (smaller from level 2 to 9), streamed to the file exactly
/// as it is encoded in memory, and a level outside 0…9 refused before anything is written.
struct PNGCompressionTests {
    @Test func everyLevelIsLosslessAndCompresses() throws {
        let photo = try RGBImage(contentsOf: FixturePaths.photo("astronaut.png"))
        let sizes = try (0...9).map { level in
            let png = try ImageCodec.encode(photo, as: .png, pngCompression: level)
            #expect(try ImageCodec.decode(png, name: "a.png").image == photo, "level \(level)")
            return png.count
        }
        #expect(sizes[0] > photo.pixels.count, "level 0 stores the rows: \(sizes)")
        #expect(sizes.dropFirst().allSatisfy { $0 < sizes[0] * 2 / 3 }, "\(sizes)")
        // Levels 2…9 share zlib's default strategy and shrink with the level; level 1's run-length
        // strategy is another trade (on this smooth picture it is the smallest of all).
        #expect(sizes[2] > sizes[6] && sizes[6] >= sizes[9], "\(sizes)")
    }

    @Test(arguments: [0, 1, 6])
    func theStreamedFileIsTheEncodingInMemory(level: Int) throws {
        let directory = try FixturePaths.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // Taller than the 64 KiB the shim gathers before each write(2), so that it flushes many times.
        let photo = try RGBImage(contentsOf: FixturePaths.photo("grace_hopper.jpg"))
        let path = directory + "/out.png"
        try photo.write(to: path, pngCompression: level)
        let written = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(written == (try ImageCodec.encode(photo, as: .png, pngCompression: level)))
        #expect(try RGBImage(contentsOf: path) == photo)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["out.png"])
    }

    @Test(arguments: [-1, 10])
    func aLevelOutsideZeroToNineIsRefusedBeforeWriting(level: Int) throws {
        let directory = try FixturePaths.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/out.png"
        let error = #expect(throws: ImageCodecError.self) { try fPicture().write(to: path, pngCompression: level) }
        #expect(
            error == .cannotEncode(path: path, format: .png, reason: "PNG compression level \(level) is outside 0...9"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty)
        #expect(throws: ImageCodecError.self) { try ImageCodec.encode(fPicture(), as: .png, pngCompression: level) }
    }
}
