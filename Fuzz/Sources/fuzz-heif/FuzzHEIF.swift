@testable import FaceDetectionIO

/// libFuzzer's entry: decodes the bytes as a HEIF file through the CHEIF shim (libheif with its HEVC
/// and AV1 decoders) under small limits, whatever their brands say (so that every input reaches
/// libheif; `ImageCodec.decode` would refuse what does not sniff as HEIF or AVIF). Any outcome but
/// a decoded image or a thrown `ImageCodecError` (a crash, a hang, a sanitizer report) is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHEIF(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    // Safety: libFuzzer passes `size` readable bytes at `data`.
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let limits = DecodeLimits(maxDimension: 4096, maxPixels: 4_000_000, maxFileBytes: 1 << 20)
    let format = HEIFBrands.format(ofFileStart: bytes) ?? .heif
    _ = try? HEIFCodec.decode(bytes, format: format, name: "fuzz", limits: limits)
    return 0
}
