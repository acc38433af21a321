@testable import FaceDetectionIO

/// libFuzzer's entry: decodes the bytes as a WebP file through the CWebP shim (libwebp and its
/// demuxer; the `EXIF` chunk finder and orientation on the way) under small limits, whatever its
/// first bytes say. Any outcome but a decoded image or a thrown `ImageCodecError` (a crash, a hang,
/// a sanitizer report) is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWebP(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    // Safety: libFuzzer passes `size` readable bytes at `data`.
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let limits = DecodeLimits(maxDimension: 4096, maxPixels: 4_000_000, maxFileBytes: 1 << 20)
    _ = try? WebPCodec.decode(bytes, name: "fuzz", limits: limits)
    return 0
}
