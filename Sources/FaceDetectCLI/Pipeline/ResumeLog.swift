import FaceDetectionIO

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What `--resume` learns from an existing JSON Lines file: the images that already have a
/// record. A last line cut short (the previous run was killed while writing it) is removed from
/// the file, so that every line left is a complete record and the next run appends after it.
enum ResumeLog {
    /// What a log's bytes say, read in memory: where its complete lines end and the images they
    /// record. Bytes of any kind are read without failing; a line that is not a record of this tool
    /// is no image.
    struct Contents: Equatable {
        /// The length of the complete lines: up to and including the last newline (0 without one).
        let completeLength: Int
        /// The `file` values of the complete lines that are records.
        let files: Set<String>

        /// Reads `bytes`, the whole log.
        init(bytes: [UInt8]) {
            completeLength = (bytes.lastIndex(of: UInt8(ascii: "\n")) ?? -1) + 1
            var files: Set<String> = []
            for line in bytes[0..<completeLength].split(separator: UInt8(ascii: "\n")) {
                if let file = ResumeLog.fileValue(inRecord: line) { files.insert(file) }
            }
            self.files = files
        }
    }

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
        let contents = Contents(bytes: bytes)
        if contents.completeLength < bytes.count && truncate(path, off_t(contents.completeLength)) != 0 {
            throw FileSystemError(path: path, reason: "cannot repair the last line: " + describeSystemError(errno))
        }
        return contents.files
    }

    /// The `file` string of a record line written by this tool (`{"file": "…", …}`: the string
    /// followed by `,` or `}`, and the line ending in `}`), or `nil`.
    static func fileValue(inRecord line: ArraySlice<UInt8>) -> String? {
        let prefix = #"{"file": ""#.utf8
        guard line.count > prefix.count, line.starts(with: prefix), line.last == UInt8(ascii: "}"),
            let (file, end) = JSONStringDecoder.decode(line.dropFirst(prefix.count)),
            end < line.endIndex, line[end] == UInt8(ascii: ",") || line[end] == UInt8(ascii: "}")
        else { return nil }
        return file
    }
}
