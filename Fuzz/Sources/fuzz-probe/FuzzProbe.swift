@testable import FaceDetectCLI

/// libFuzzer's entry: reads the bytes as `ffprobe` output (`VideoStreamInfo.parse`, the tool's
/// parser of what ffprobe says about an untrusted video); a description outside the bounds the
/// parser promises, or any crash, is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzProbe(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    // Safety: libFuzzer passes `size` readable bytes at `data`.
    let bytes = UnsafeBufferPointer(start: data, count: size)
    if let info = try? VideoStreamInfo.parse(bytes) {
        precondition((1...VideoStreamInfo.maximumSide).contains(info.width))
        precondition((1...VideoStreamInfo.maximumSide).contains(info.height))
        precondition(info.frameRate.value >= 0.001 && info.frameRate.value <= 1000)
        precondition(info.frameCount.map { $0 > 0 } ?? true)
        precondition(info.duration.map { $0.isFinite && $0 >= 0 } ?? true)
    }
    return 0
}
