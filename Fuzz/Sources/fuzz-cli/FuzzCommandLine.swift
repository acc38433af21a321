@testable import FaceDetectCLI

/// libFuzzer's entry: splits the bytes at NUL into arguments (as `execve` hands them over, less the
/// program name; invalid UTF-8 becomes U+FFFD as in `CommandLine.arguments`) and parses them, nothing
/// more: no file is touched and no detector runs. A `--shard auto/N` is resolved from an environment
/// whose every variable is the last argument. Any outcome but a command or a `UsageError` whose
/// message is one line without control characters is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCommandLine(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    // Safety: libFuzzer passes `size` readable bytes at `data`.
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let arguments = bytes.split(separator: 0, omittingEmptySubsequences: false).map {
        String(decoding: $0, as: UTF8.self)
    }
    do throws(UsageError) {
        guard case .detect(let options) = try Command.parse(arguments) else { return 0 }
        precondition(!options.inputs.isEmpty || options.sequence != nil)
        let given = Set(arguments)
        precondition(options.inputs.allSatisfy(given.contains))
        if let shard = try options.shard?.resolve(environment: { _ in arguments.last }) {
            precondition((1...shard.count).contains(shard.index))
        }
    } catch {
        precondition(!error.message.unicodeScalars.contains { $0.properties.generalCategory == .control })
    }
    return 0
}
