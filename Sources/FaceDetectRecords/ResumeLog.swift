/// The reader of the tool's `--resume`: which images an existing JSON Lines file of prediction
/// records already has a record for, and where its complete lines end (a last line cut short, by a
/// run killed while writing it, is no record).
package enum ResumeLog {
    /// What a log's bytes say, read in memory: where its complete lines end and the images they
    /// record. Bytes of any kind are read without failing; a line that is not a record of this tool
    /// is no image.
    package struct Contents: Equatable {
        /// The length of the complete lines: up to and including the last newline (0 without one).
        package let completeLength: Int
        /// The `file` values of the complete lines that are records.
        package let files: Set<String>

        /// Reads `bytes`, the whole log.
        package init(bytes: [UInt8]) {
            completeLength = (bytes.lastIndex(of: UInt8(ascii: "\n")) ?? -1) + 1
            var files: Set<String> = []
            for line in bytes[0..<completeLength].split(separator: UInt8(ascii: "\n")) {
                if let file = ResumeLog.fileValue(inRecord: line) { files.insert(file) }
            }
            self.files = files
        }
    }

    /// The `file` string of a record line written by `PredictionRecord` (`{"file": "…", …}`: the
    /// string followed by `,` or `}`, and the line ending in `}`), or `nil`.
    static func fileValue(inRecord line: ArraySlice<UInt8>) -> String? {
        let prefix = #"{"file": ""#.utf8
        guard line.count > prefix.count, line.starts(with: prefix), line.last == UInt8(ascii: "}"),
            let (file, end) = JSONStringDecoder.decode(line.dropFirst(prefix.count)),
            end < line.endIndex, line[end] == UInt8(ascii: ",") || line[end] == UInt8(ascii: "}")
        else { return nil }
        return file
    }
}
