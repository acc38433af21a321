import FaceDetectRecords
import FaceDetectionIO

extension ResumeLog {
    /// The `file` values of the complete records in `path` (an empty set when the file does not
    /// exist yet), after truncating the file to its last complete line, so that every line left is a
    /// complete record and the run appends after it.
    static func load(_ path: String) throws(FileSystemError) -> Set<String> {
        if access(path, F_OK) != 0 && errno == ENOENT { return [] }
        let bytes: [UInt8]
        do {
            bytes = try FileReading.bytes(atPath: path, maxBytes: Int.max)
        } catch {
            throw FileSystemError(path: path, reason: "cannot resume: " + error.reason)
        }
        let contents = Contents(bytes: bytes)
        if contents.completeLength < bytes.count && truncate(path, off_t(contents.completeLength)) != 0 {
            throw FileSystemError(path: path, reason: "cannot repair the last line: " + describeSystemError(errno))
        }
        return contents.files
    }
}
