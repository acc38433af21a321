#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `--csv FILE`: one row per face (`file,face,x,y,width,height,score`, with a header), fields
/// quoted as RFC 4180 says when needed. The rows go to a hidden temporary file beside FILE that
/// is renamed to FILE when the run ends (also after Ctrl-C, with the rows of the images
/// finished), so FILE is never seen half-written. `-` writes to standard output instead. With
/// `--resume` the rows already in FILE are kept and the new ones added after them (the rows of a
/// run that was killed, rather than stopped with Ctrl-C, were never published and are missing).
final class CSVOutput {
    /// Where rows go now.
    private let lines: TextOutput
    /// The temporary file and the final name (nil for standard output).
    private let publishing: (temporary: String, final: String)?

    /// The header row.
    static let header = "file,face,x,y,width,height,score"

    /// Starts writing to `path` (`-`: standard output), after the rows already in it when `keepingRows`.
    init(path: String, standardOutput: TextOutput, keepingRows: Bool = false) throws(FileSystemError) {
        if path == "-" {
            lines = standardOutput
            publishing = nil
        } else {
            let slash = path.lastIndex(of: "/")
            let directory = slash.map { String(path[...$0]) } ?? ""
            let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
            let temporary = "\(directory).\(name).tmp-\(getpid())"
            lines = try TextOutput.create(temporary)
            publishing = (temporary, path)
        }
        lines.writeLine(CSVOutput.header)
        if keepingRows && path != "-", let old = FileSystem.contents(of: path) {
            let rows = old.split(separator: "\n", omittingEmptySubsequences: true)
            if rows.first == Substring(CSVOutput.header) {
                for row in rows.dropFirst() { lines.writeLine(String(row)) }
            }
        }
    }

    /// Appends the rows of `record`'s faces (none for a failed image or one without faces).
    func write(_ record: PredictionRecord) {
        for (number, face) in record.faces.enumerated() {
            let box = face.bounds
            let numbers = [box.x, box.y, box.width, box.height].map { JSONText.fixedPoint(Double($0), decimals: 2, trimmed: true) }
            let score = JSONText.fixedPoint(Double(face.score), decimals: 4, trimmed: true)
            lines.writeLine(([CSVOutput.field(record.file), String(number + 1)] + numbers + [score]).joined(separator: ","))
        }
    }

    /// Moves the finished file into place; the reason when it could not be written.
    func finish() -> String? {
        guard let publishing else { return lines.failure }
        lines.close()
        if let failure = lines.failure {
            unlink(publishing.temporary)
            return failure
        }
        if rename(publishing.temporary, publishing.final) != 0 {
            let reason = String(cString: strerror(errno))
            unlink(publishing.temporary)
            return reason
        }
        return nil
    }

    /// `text` as a CSV field: quoted (quotes doubled) when it holds a comma, quote or line break.
    static func field(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        var quoted = "\""
        for character in text { quoted += character == "\"" ? "\"\"" : String(character) }
        return quoted + "\""
    }
}
