/// Writes a file all at once or not at all: the bytes go to a temporary file in the same
/// directory, which is then renamed over the destination. Other processes never see a partial
/// file; on any failure the temporary file is removed and the destination is left as it was.
/// (No fsync: this guards against concurrent readers and failures, not against power loss.)
/// The one atomic-writing path of the library and the command-line tool: `write(_:to:)` for
/// bytes at hand, an instance for a file written piece by piece (the tool's `--csv`).
package final class AtomicFileWriter {
    /// The destination.
    package let path: String
    /// The hidden temporary file the bytes go to until `commit()`.
    private let temporary: String
    /// The temporary file's descriptor; −1 once closed.
    private var fd: Int32

    /// Writes `bytes` to `path` atomically. Errors name `path`.
    package static func write(_ bytes: [UInt8], to path: String) throws(FileWriteError) {
        let writer = try AtomicFileWriter(path: path)
        try writer.write(bytes)
        try writer.commit()
    }

    /// Starts writing `path`: creates its temporary file. Errors name `path`.
    package init(path: String) throws(FileWriteError) {
        self.path = path
        temporary = Self.temporaryPath(for: path)
        fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        if fd < 0 { throw Self.failure(path, errno) }
    }

    /// Removes the temporary file of a writer neither committed nor abandoned.
    deinit { abandon() }

    /// Appends `bytes` to the temporary file; on failure the file is abandoned.
    package func write(_ bytes: [UInt8]) throws(FileWriteError) {
        precondition(fd >= 0, "AtomicFileWriter: write after commit or abandon")
        if let code = writeAll(bytes, to: fd) {
            abandon()
            throw Self.failure(path, code)
        }
    }

    /// Lets `body` write to the temporary file's descriptor (e.g. an encoder streaming rows); when
    /// it throws, the file is abandoned and the error passed on.
    package func write<Failure: Error>(using body: (_ fd: Int32) throws(Failure) -> Void) throws(Failure) {
        precondition(fd >= 0, "AtomicFileWriter: write after commit or abandon")
        do {
            try body(fd)
        } catch {
            abandon()
            throw error
        }
    }

    /// Renames the finished temporary file to `path`; on failure it is removed instead.
    package func commit() throws(FileWriteError) {
        precondition(fd >= 0, "AtomicFileWriter: commit after commit or abandon")
        let closed = close(fd)
        fd = -1
        if closed != 0 || rename(temporary, path) != 0 {
            let code = errno
            unlink(temporary)
            throw Self.failure(path, code)
        }
    }

    /// Removes the temporary file; `path` is left as it was. Does nothing once committed.
    package func abandon() {
        guard fd >= 0 else { return }
        close(fd)
        fd = -1
        unlink(temporary)
    }

    /// A hidden, unique sibling of `path`: "dir/.name.tmp-PID-RANDOM".
    package static func temporaryPath(for path: String) -> String {
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let random = String(UInt64.random(in: 0...UInt64.max), radix: 36)
        return "\(directory).\(name).tmp-\(getpid())-\(random)"
    }

    /// "path: cannot write: reason".
    private static func failure(_ path: String, _ code: Int32) -> FileWriteError {
        FileWriteError(path: path, errno: code)
    }
}

/// Writes all of `bytes` to `fd`, retrying interrupted and partial writes: `nil`, or the `errno`
/// of the failure. The one write loop of the library and the command-line tool.
package func writeAll(_ bytes: [UInt8], to fd: Int32) -> Int32? {
    // Safety: each write(2) reads `raw.count − offset` bytes from inside the array's storage.
    bytes.withUnsafeBytes { raw in
        var offset = 0
        while offset < raw.count {
            let written = write(fd, raw.baseAddress! + offset, raw.count - offset)
            if written < 0 && errno == EINTR { continue }
            if written <= 0 { return written < 0 ? errno : EIO }
            offset += written
        }
        return nil
    }
}
