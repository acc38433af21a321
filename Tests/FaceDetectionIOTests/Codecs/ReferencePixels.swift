import FaceDetection
import Foundation

/// Reading the reference decodes written by tools/fixtures/make_codec_fixtures.py, and comparing images.
enum ReferencePixels {
    /// A binary PPM (P6, maxval 255) as an `RGBImage`.
    static func readPPM(_ path: String) throws -> RGBImage {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        // Header: "P6", width, height, maxval, separated by whitespace, then one whitespace byte.
        var fields: [Int] = []
        var index = 2
        guard bytes.starts(with: Array("P6".utf8)) else { throw PPMError.notP6(path) }
        while fields.count < 3 {
            while index < bytes.count,
                bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09
            { index += 1 }
            var value = 0
            while index < bytes.count, (0x30...0x39).contains(bytes[index]) {
                value = value * 10 + Int(bytes[index] - 0x30)
                index += 1
            }
            fields.append(value)
        }
        index += 1
        let (width, height) = (fields[0], fields[1])
        guard fields[2] == 255, bytes.count - index == width * height * 3 else { throw PPMError.badSize(path) }
        return RGBImage(width: width, height: height, pixels: Array(bytes[index...]))
    }

    enum PPMError: Error {
        case notP6(String)
        case badSize(String)
    }

    /// The largest absolute difference between corresponding samples (the images must have one size).
    static func maxDifference(_ a: RGBImage, _ b: RGBImage) -> Int {
        precondition(a.width == b.width && a.height == b.height)
        var worst = 0
        for i in a.pixels.indices { worst = max(worst, abs(Int(a.pixels[i]) - Int(b.pixels[i]))) }
        return worst
    }

    /// The mean absolute difference between corresponding samples.
    static func meanDifference(_ a: RGBImage, _ b: RGBImage) -> Double {
        precondition(a.width == b.width && a.height == b.height)
        var total = 0
        for i in a.pixels.indices { total += abs(Int(a.pixels[i]) - Int(b.pixels[i])) }
        return Double(total) / Double(max(a.pixels.count, 1))
    }

    /// CRC-32 (zlib's) of `bytes`, to compare with the checksums the fixture script recorded.
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes {
            c ^= UInt32(b)
            for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        }
        return c ^ 0xFFFF_FFFF
    }

    /// Non-comment lines of a fixture list, split on spaces.
    static func lines(_ path: String) throws -> [[String]] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
            .filter { !$0.hasPrefix("#") && !$0.isEmpty }
            .map { $0.split(separator: " ").map(String.init) }
    }
}
