import FaceDetectionIO

/// Lines of text going to a file descriptor (standard output, standard error or a file), each
/// line written whole as soon as it is complete.
final class TextOutput {
    /// Where the bytes go.
    private let descriptor: Int32
    /// What error messages call it: the file's path or "standard output".
    let name: String
    /// Whether `close` should close the descriptor (true for files the tool opened).
    private let ownsDescriptor: Bool
    /// Set once a write failed (e.g. the disk is full); later lines are dropped.
    private(set) var failure: String?

    /// Standard output.
    static func standardOutput() -> TextOutput {
        TextOutput(descriptor: 1, name: "standard output", ownsDescriptor: false)
    }
    /// Standard error.
    static func standardError() -> TextOutput {
        TextOutput(descriptor: 2, name: "standard error", ownsDescriptor: false)
    }

    /// Creates or truncates the file at `path`.
    static func create(_ path: String) throws(FileSystemError) -> TextOutput {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o666)
        guard descriptor >= 0 else {
            throw FileSystemError(path: path, reason: "cannot write: " + describeSystemError(errno))
        }
        return TextOutput(descriptor: descriptor, name: path, ownsDescriptor: true)
    }

    private init(descriptor: Int32, name: String, ownsDescriptor: Bool) {
        self.descriptor = descriptor
        self.name = name
        self.ownsDescriptor = ownsDescriptor
    }

    /// Whether the descriptor has been closed by `close()`.
    private var closed = false

    deinit { close() }

    /// Closes a file the tool opened (standard output and error stay open); later lines are dropped.
    func close() {
        guard ownsDescriptor, !closed else { return }
        closed = true
        if closeDescriptor(descriptor) != 0 && failure == nil { failure = describeSystemError(errno) }
    }

    /// Opens `path` for appending (creating it if needed), for `--resume`.
    static func append(_ path: String) throws(FileSystemError) -> TextOutput {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND, 0o666)
        guard descriptor >= 0 else {
            throw FileSystemError(path: path, reason: "cannot write: " + describeSystemError(errno))
        }
        return TextOutput(descriptor: descriptor, name: path, ownsDescriptor: true)
    }

    /// Writes `text` and a newline.
    func writeLine(_ text: String) { write(text + "\n") }

    /// Writes `text` as it is, in one piece as far as the system allows. In a regular file the
    /// tool opened, a write that fails part-way (disk full, file-size limit) is cut off again, so
    /// that the file keeps whole lines only.
    func write(_ text: String) {
        guard failure == nil, !closed else { return }
        var status = stat()
        let isRegularFile = ownsDescriptor && fstat(descriptor, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
        if let code = writeAll(Array(text.utf8), to: descriptor) {
            failure = describeSystemError(code)
            if isRegularFile { _ = ftruncate(descriptor, status.st_size) }
        }
    }
}

/// `close(2)` (a file-scope name: inside `TextOutput`, `close` means the method).
private func closeDescriptor(_ descriptor: Int32) -> Int32 { close(descriptor) }
