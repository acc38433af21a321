import FaceDetection
import FaceDetectionIO
import Foundation

/// Pictures and broken files the end-to-end tests feed the tool, made inside a test's
/// temporary directory.
enum TestInputs {
    /// A fixture picture shipped in `Fixtures/`.
    static func fixture(_ name: String) -> URL {
        ToolProcess.packageRoot.appendingPathComponent("Fixtures").appendingPathComponent(name)
    }

    /// The inputs the fuzz target `target` once failed on (`Fixtures/fuzz/TARGET/`), by name;
    /// `tools/dev/fuzz.sh TARGET` replays them.
    static func fuzzRegressions(_ target: String) throws -> [URL] {
        let folder = fixture("fuzz").appendingPathComponent(target)
        return try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    /// The face in `Fixtures/astronaut.png` (Eileen Collins), `[x, y, w, h]`, checked by eye:
    /// forehead to chin, ear to ear.
    static let astronautFace = Rect(x: 177, y: 67, width: 93, height: 93)

    /// The face in `Fixtures/grace_hopper.jpg`, `[x, y, w, h]`, checked the same way.
    static let graceHopperFace = Rect(x: 149, y: 100, width: 231, height: 231)

    /// Copies fixture `name` to `destination`.
    static func copyFixture(_ name: String, to destination: URL) throws {
        try FileManager.default.copyItem(at: fixture(name), to: destination)
    }

    /// Writes a plain grey PNG (no face in it) to `url`.
    static func writePlainPNG(to url: URL, width: Int = 96, height: Int = 64) throws {
        try ImageCodec.write(RGBImage(width: width, height: height, fill: RGB(128, 128, 128)), to: url.path)
    }

    /// Writes the first `fraction` of `Fixtures/grace_hopper.jpg`'s bytes to `url`.
    static func writeTruncatedJPEG(to url: URL, fraction: Double) throws {
        let bytes = try Data(contentsOf: fixture("grace_hopper.jpg"))
        try bytes.prefix(Int(Double(bytes.count) * fraction)).write(to: url)
    }

    /// Writes a valid PNG header that claims `width` × `height` pixels (too big to decode) to `url`.
    static func writeHugePNGHeader(to url: URL, width: UInt32, height: UInt32) throws {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        func appendChunk(_ type: String, _ data: [UInt8]) {
            let length = UInt32(data.count)
            bytes += [UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)]
            let body = Array(type.utf8) + data
            bytes += body
            let crc = crc32(body)
            bytes += [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)]
        }
        func bigEndian(_ value: UInt32) -> [UInt8] {
            [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
        }
        appendChunk("IHDR", bigEndian(width) + bigEndian(height) + [8, 2, 0, 0, 0])
        appendChunk("IDAT", [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])
        appendChunk("IEND", [])
        try Data(bytes).write(to: url)
    }

    /// The CRC-32 of PNG chunks (polynomial 0xEDB88320).
    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    /// The JSON Lines in `text`, each parsed to an object.
    static func records(_ text: String) throws -> [[String: Any]] {
        try text.split(separator: "\n").map { line in
            guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
                throw TestInputError(message: "not a JSON object: \(line)")
            }
            return object
        }
    }

    /// The boxes of a record's faces.
    static func boxes(_ record: [String: Any]) -> [Rect] {
        let faces = record["faces"] as? [[String: Any]] ?? []
        return faces.compactMap { face in
            guard let box = face["box"] as? [Double], box.count == 4 else { return nil }
            return Rect(x: Float(box[0]), y: Float(box[1]), width: Float(box[2]), height: Float(box[3]))
        }
    }
}

/// A test input that was not what the test expected.
struct TestInputError: Error {
    /// What was wrong.
    let message: String
}
