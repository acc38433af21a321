import FaceDetection
import Foundation

/// Binary PPM (P6, maxval 255) files, the format `tools/benchmarks/decode_to_ppm.py` writes so that every
/// detector sees the same decoded pixels.
public enum PPMImage {
    /// A PPM that could not be read.
    public struct FormatError: Error, CustomStringConvertible {
        /// What was wrong, with the path.
        public var description: String
    }

    /// The picture in the PPM file at `path`.
    public static func read(_ path: String) throws -> RGBImage {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        guard bytes.starts(with: Array("P6".utf8)) else { throw FormatError(description: "\(path): not a binary PPM") }
        // Header: width, height, maxval, separated by whitespace, then one whitespace byte.
        var fields: [Int] = []
        var index = 2
        while fields.count < 3 {
            while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
            var value = 0
            while index < bytes.count, (0x30...0x39).contains(bytes[index]) {
                value = value * 10 + Int(bytes[index] - 0x30)
                index += 1
            }
            fields.append(value)
        }
        index += 1
        let (width, height) = (fields[0], fields[1])
        guard fields[2] == 255, bytes.count - index >= width * height * 3 else {
            throw FormatError(description: "\(path): not an 8-bit PPM of \(width)×\(height) pixels")
        }
        return RGBImage(width: width, height: height, pixels: Array(bytes[index..<(index + width * height * 3)]))
    }
}
