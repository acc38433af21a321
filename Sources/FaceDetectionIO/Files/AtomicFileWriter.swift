#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a file all at once or not at all: the bytes go to a temporary file in the same
/// directory, which is then renamed over the destination. Other processes never see a partial
/// file; on any failure the temporary file is removed and the destination is left as it was.
/// (No fsync: this guards against concurrent readers and failures, not against power loss.)
enum AtomicFileWriter {
    /// Writes `bytes` to `path` atomically. Errors name `path`.
    static func write(_ bytes: [UInt8], to path: String) throws {
        let temporary = temporaryPath(for: path)
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        if fd < 0 { throw ImageIOError(path: path, reason: "cannot write: \(describeSystemError(errno))") }
        do {
            try writeAll(bytes, to: fd, path: path)
            if close(fd) != 0 { throw ImageIOError(path: path, reason: "cannot write: \(describeSystemError(errno))") }
        } catch {
            close(fd)
            unlink(temporary)
            throw error
        }
        if rename(temporary, path) != 0 {
            let code = errno
            unlink(temporary)
            throw ImageIOError(path: path, reason: "cannot write: \(describeSystemError(code))")
        }
    }

    /// A hidden, unique sibling of `path`: "dir/.name.tmp-PID-RANDOM".
    static func temporaryPath(for path: String) -> String {
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let random = String(UInt64.random(in: 0...UInt64.max), radix: 36)
        return "\(directory).\(name).tmp-\(getpid())-\(random)"
    }

    private static func writeAll(_ bytes: [UInt8], to fd: Int32, path: String) throws {
        try bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = systemWrite(fd, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw ImageIOError(path: path, reason: "cannot write: \(describeSystemError(errno))")
                }
                offset += written
            }
        }
    }
}

/// POSIX `write(2)` (named apart from `AtomicFileWriter.write`, which would shadow it).
private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    return Glibc.write(fd, buffer, count)
    #else
    return Darwin.write(fd, buffer, count)
    #endif
}
