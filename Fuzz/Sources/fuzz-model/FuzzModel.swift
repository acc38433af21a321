@testable import FaceDetection

/// libFuzzer's entry: parses the bytes as a model file (`ModelFile`) and, when they parse, reads every
/// tensor as its type; any outcome but a model or a thrown `ModelFile.Error` is a finding. The bytes
/// are parsed with and without the checksum check, so that mutations reach the tensor table.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzModel(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    // Safety: libFuzzer passes `size` readable bytes at `data`, alive for this call, which is as long
    // as the models parsed in place from them live.
    let raw = UnsafeRawBufferPointer(start: data, count: size)
    read(try? ModelFile(bytes: Array(raw)))
    read(try? ModelFile(immortal: raw, verifyingChecksum: false))
    return 0
}

/// Reads each tensor of `model` as its type.
private func read(_ model: ModelFile?) {
    guard let model else { return }
    for (name, tensor) in model.tensors {
        switch tensor.dtype {
        case .float32, .float16: _ = try? model.floats(name)
        case .int32: _ = try? model.ints(name)
        case .uint8: _ = try? model.bytes(name)
        }
    }
}
