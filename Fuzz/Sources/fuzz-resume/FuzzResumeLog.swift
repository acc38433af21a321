import Foundation

@testable import FaceDetectRecords

/// libFuzzer's entry: reads the bytes as a whole `--resume` log in memory (`ResumeLog.Contents`), and
/// checks the JSON string decoder both ways: against Foundation's JSON parser (a string the decoder
/// accepts is valid JSON with the same text, and a valid JSON string is accepted), and against the
/// tool's writer (the bytes taken as text, written as a record's `file` by `PredictionRecord`, read back the
/// same). Any other outcome is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzResumeLog(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    // Safety: libFuzzer passes `size` readable bytes at `data`.
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))

    let contents = ResumeLog.Contents(bytes: bytes)
    precondition(contents.completeLength <= bytes.count)
    precondition(contents.completeLength == 0 || bytes[contents.completeLength - 1] == UInt8(ascii: "\n"))
    // Each complete line's `file`, as Foundation reads it; the same set.
    var referenceFiles: Set<String> = []
    for line in bytes[0..<contents.completeLength].split(separator: UInt8(ascii: "\n")) {
        if let file = referenceFileValue(line) { referenceFiles.insert(file) }
    }
    precondition(contents.files == referenceFiles, "ResumeLog and Foundation read different files")

    // The bytes as the inside of a JSON string, up to its first unescaped quote.
    let decoded = JSONStringDecoder.decode(bytes[...])
    if let end = decoded?.end ?? closingQuoteEnd(bytes) {
        let reference = foundationString(bytes[..<end])
        // Scalar by scalar: `==` on strings would call canonically equivalent texts equal.
        precondition(
            decoded.map { Array($0.text.unicodeScalars) } == reference.map { Array($0.unicodeScalars) },
            "JSONStringDecoder and Foundation disagree")
    }

    // Any text, written by the tool, is read back as itself.
    let text = String(decoding: bytes, as: UTF8.self)
    let record = PredictionRecord(file: text)
    let readBack = ResumeLog.fileValue(inRecord: Array(record.jsonLine.utf8)[...])
    precondition(readBack.map { Array($0.unicodeScalars) } == Array(text.unicodeScalars))
    return 0
}

/// The `file` of a record line (`{"file": "…"` then `,` or `}`, the line ending in `}`) with
/// the string read by Foundation, or `nil`.
private func referenceFileValue(_ line: ArraySlice<UInt8>) -> String? {
    let prefix = #"{"file": ""#.utf8
    guard line.starts(with: prefix), line.last == UInt8(ascii: "}") else { return nil }
    let inside = Array(line.dropFirst(prefix.count))
    guard let end = closingQuoteEnd(inside), end < inside.count,
        inside[end] == UInt8(ascii: ",") || inside[end] == UInt8(ascii: "}")
    else { return nil }
    return foundationString(inside[..<end])
}

/// The index after the first quote of `bytes` that no backslash escapes, or `nil`.
private func closingQuoteEnd(_ bytes: [UInt8]) -> Int? {
    var index = 0
    while index < bytes.count {
        switch bytes[index] {
        case UInt8(ascii: "\\"): index += 2
        case UInt8(ascii: "\""): return index + 1
        default: index += 1
        }
    }
    return nil
}

/// Foundation's reading of `"` + `inside` (which ends with the closing quote) as a JSON string, or
/// `nil` when it is not one.
private func foundationString(_ inside: ArraySlice<UInt8>) -> String? {
    let document = Data([UInt8(ascii: "[")] + [UInt8(ascii: "\"")] + inside + [UInt8(ascii: "]")])
    return (try? JSONSerialization.jsonObject(with: document) as? [String])?.first
}
