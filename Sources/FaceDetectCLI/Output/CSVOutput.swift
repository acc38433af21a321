import FaceDetectRecords
import FaceDetection
import FaceDetectionIO

/// `--csv FILE`: one row per face (`file,face,x,y,width,height,score`, with a header), fields
/// quoted as RFC 4180 says when needed. The rows go to a hidden temporary file beside FILE that
/// is renamed to FILE when the run ends (also after Ctrl-C, with the rows of the images
/// finished), so FILE is never seen half-written. `-` writes to standard output instead. With
/// `--resume` the rows already in FILE are kept and the new ones added after them (the rows of a
/// run that was killed, rather than stopped with Ctrl-C, were never published and are missing).
/// A FILE that names a device or pipe (`/dev/stdout`, `/dev/null`, a FIFO) is written to as it
/// comes, like `-`: renaming a file over it would replace the device's name, for every program.
final class CSVOutput {
    /// Where rows go: a stream (standard output, a device or pipe), or FILE's temporary file
    /// (`AtomicFileWriter`).
    private enum Destination {
        case stream(TextOutput)
        case file(AtomicFileWriter)
    }

    /// Where rows go now.
    private let destination: Destination
    /// Set once writing FILE's temporary file failed; later rows are dropped.
    private var failure: String?

    /// The header row.
    static let header = "file,face,x,y,width,height,score"

    /// Starts writing to `path` (`-`: standard output), after the rows already in it when `keepingRows`.
    init(path: String, standardOutput: TextOutput, keepingRows: Bool = false) throws(FileSystemError) {
        if path == "-" {
            destination = .stream(standardOutput)
        } else if case .other = FileSystem.kind(of: path) {
            destination = .stream(try TextOutput.create(path))
        } else {
            do {
                destination = .file(try AtomicFileWriter(path: path))
            } catch {
                throw FileSystemError(path: error.path, reason: error.reason)
            }
        }
        writeLine(CSVOutput.header)
        if keepingRows && path != "-", case .file = destination, case .regularFile = FileSystem.kind(of: path),
            let old = try? FileReading.bytes(atPath: path)
        {
            let rows = String(decoding: old, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: true)
            if rows.first == Substring(CSVOutput.header) {
                for row in rows.dropFirst() { writeLine(String(row)) }
            }
        }
    }

    /// Appends the rows of `record`'s faces (none for a failed image or one without faces).
    func write(_ record: PredictionRecord) {
        for (number, face) in record.faces.enumerated() {
            let box = face.bounds
            let numbers = [box.x, box.y, box.width, box.height].map { FixedDecimal($0, places: 2).description }
            let score = FixedDecimal(face.score, places: 4).description
            writeLine(([CSVOutput.field(record.file), String(number + 1)] + numbers + [score]).joined(separator: ","))
        }
    }

    /// Writes `text` and a newline.
    private func writeLine(_ text: String) {
        switch destination {
        case .stream(let lines):
            lines.writeLine(text)
        case .file(let writer):
            guard failure == nil else { return }
            do {
                try writer.write(Array((text + "\n").utf8))
            } catch {
                failure = error.reason
            }
        }
    }

    /// Moves the finished file into place; the reason when it could not be written
    /// (e.g. "cannot write: no space left on device").
    func finish() -> String? {
        switch destination {
        case .stream(let lines):
            lines.close()
            return lines.failure.map { "cannot write: " + $0 }
        case .file(let writer):
            if let failure { return failure }
            do {
                try writer.commit()
                return nil
            } catch {
                return error.reason
            }
        }
    }

    /// `text` as a CSV field: quoted (quotes doubled) when it holds a comma, quote or line break.
    static func field(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        var quoted = "\""
        for character in text { quoted += character == "\"" ? "\"\"" : String(character) }
        return quoted + "\""
    }
}
