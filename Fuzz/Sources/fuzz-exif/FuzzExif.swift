import FaceDetectionIO

/// libFuzzer's entry: reads the bytes as an APP1 Exif payload and as a bare TIFF block (the two ways
/// an orientation reaches `ExifOrientation`); any outcome but a value or `nil` is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzExif(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    // Safety: libFuzzer passes `size` readable bytes at `data`.
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let value = ExifOrientation.value(inExif: bytes) { precondition((1...8).contains(value)) }
    if let value = ExifOrientation.value(inTIFF: bytes) { precondition((1...8).contains(value)) }
    return 0
}
