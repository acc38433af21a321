import FaceDetectionIO

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What `--resume` learns from an existing JSON Lines file: the images that already have a
/// record. A last line cut short (the previous run was killed while writing it) is removed from
/// the file, so that every line left is a complete record and the next run appends after it.
enum ResumeLog {
    /// The `file` values of the complete records in `path` (an empty set when the file does not
    /// exist yet), after truncating the file to its last complete line.
    static func load(_ path: String) throws(FileSystemError) -> Set<String> {
        if access(path, F_OK) != 0 && errno == ENOENT { return [] }
        let bytes: [UInt8]
        do {
            bytes = try FileReading.bytes(atPath: path, maxBytes: Int.max)
        } catch let error as ImageCodecError {
            throw FileSystemError(path: path, reason: "cannot resume: " + error.reason)
        } catch {
            throw FileSystemError(path: path, reason: "cannot resume: \(error)")
        }
        let completeLength = (bytes.lastIndex(of: UInt8(ascii: "\n")) ?? -1) + 1
        if completeLength < bytes.count && truncate(path, off_t(completeLength)) != 0 {
            throw FileSystemError(path: path, reason: "cannot repair the last line: " + describeSystemError(errno))
        }
        var files: Set<String> = []
        for line in bytes[0..<completeLength].split(separator: UInt8(ascii: "\n")) {
            if let file = fileValue(inRecord: Array(line)) { files.insert(file) }
        }
        return files
    }

    /// The `file` string of a record line written by this tool (`{"file": "…", …}`), or `nil`.
    static func fileValue(inRecord line: [UInt8]) -> String? {
        let prefix = Array(#"{"file": ""#.utf8)
        guard line.count > prefix.count, Array(line[0..<prefix.count]) == prefix,
            line.last == UInt8(ascii: "}")
        else { return nil }
        return decodeJSONString(line[prefix.count...])
    }

    /// The text of a JSON string whose opening quote came just before `bytes`, up to its closing
    /// quote; `nil` when it is malformed.
    static func decodeJSONString(_ bytes: ArraySlice<UInt8>) -> String? {
        var scalars = String.UnicodeScalarView()
        var utf8: [UInt8] = []
        var index = bytes.startIndex
        var pendingHighSurrogate: UInt32?
        func hex4(at start: Int) -> UInt32? {
            guard start + 4 <= bytes.endIndex else { return nil }
            return UInt32(String(decoding: bytes[start..<start + 4], as: UTF8.self), radix: 16)
        }
        func flushUTF8() {
            scalars.append(contentsOf: String(decoding: utf8, as: UTF8.self).unicodeScalars)
            utf8.removeAll()
        }
        while index < bytes.endIndex {
            let byte = bytes[index]
            index += 1
            if byte == UInt8(ascii: "\"") {
                flushUTF8()
                return String(scalars)
            }
            guard byte == UInt8(ascii: "\\") else {
                utf8.append(byte)
                continue
            }
            guard index < bytes.endIndex else { return nil }
            let escape = bytes[index]
            index += 1
            flushUTF8()
            switch escape {
            case UInt8(ascii: "\""): scalars.append("\"")
            case UInt8(ascii: "\\"): scalars.append("\\")
            case UInt8(ascii: "/"): scalars.append("/")
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "b"): scalars.append("\u{8}")
            case UInt8(ascii: "f"): scalars.append("\u{c}")
            case UInt8(ascii: "u"):
                guard let code = hex4(at: index) else { return nil }
                index += 4
                if (0xD800..<0xDC00).contains(code) {
                    pendingHighSurrogate = code
                    continue
                }
                var value = code
                if (0xDC00..<0xE000).contains(code), let high = pendingHighSurrogate {
                    value = 0x10000 + ((high - 0xD800) << 10) + (code - 0xDC00)
                }
                pendingHighSurrogate = nil
                scalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
            default: return nil
            }
        }
        return nil
    }
}
