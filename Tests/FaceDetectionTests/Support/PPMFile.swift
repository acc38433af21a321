import Foundation

@testable import FaceDetection

/// Reads a binary PPM (P6, maxval 255) as an `RGBImage`.
func readPPM(_ path: String) throws -> RGBImage {
    let data = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    var fields: [Int] = []
    var i = 2
    while fields.count < 3 {
        while data[i] == 0x20 || data[i] == 0x0A || data[i] == 0x0D || data[i] == 0x09 { i += 1 }
        var v = 0
        while data[i] >= 0x30 && data[i] <= 0x39 {
            v = v * 10 + Int(data[i] - 0x30)
            i += 1
        }
        fields.append(v)
    }
    i += 1
    return RGBImage(width: fields[0], height: fields[1], pixels: Array(data[i..<(i + fields[0] * fields[1] * 3)]))
}
