import FaceDetection

@testable import FaceDetectionIO

/// libFuzzer's entry: reads the bytes as an APP1 Exif payload, as a bare TIFF block and as a PNG
/// whose `eXIf` chunk holds a TIFF block (the three ways an orientation reaches `ExifOrientation`).
/// A tag value is returned as stored (any 16- or 32-bit value) and maps to an orientation, with a
/// warning outside 1…8; anything else (a crash, a payload read differently from its TIFF block) is a
/// finding. `tools/dev/fuzz.sh` seeds it with the APP1 payloads of `Fixtures/codec/exif_*.jpg`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzExif(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    // Safety: libFuzzer passes `size` readable bytes at `data`.
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let exifPrefix: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0, 0]  // "Exif\0\0"
    let fromPayload = ExifOrientation.value(inExif: bytes)
    if bytes.starts(with: exifPrefix) {
        precondition(fromPayload == ExifOrientation.value(inTIFF: Array(bytes.dropFirst(exifPrefix.count))))
    } else {
        precondition(fromPayload == nil)
    }
    for tiff in [bytes] + (PNGExifChunk.tiff(in: bytes).map { [$0] } ?? []) {
        let value = ExifOrientation.value(inTIFF: tiff)
        if let value { precondition((0...Int(UInt32.max)).contains(value)) }
        var warnings: [String] = []
        let orientation = ExifOrientation.orientation(forTagValue: value, warnings: &warnings)
        let known = value.flatMap(ImageOrientation.init(rawValue:))
        precondition(orientation == known ?? .up)
        precondition(warnings.count == (value != nil && known == nil ? 1 : 0))
    }
    return 0
}
