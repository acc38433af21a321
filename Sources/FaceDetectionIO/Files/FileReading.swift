#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads whole files, with errors that name the file and say plainly what is wrong.
enum FileReading {
    /// All bytes of the file at `path`. Throws "no such file", "permission denied", "is a directory", ….
    /// `checkStart` sees the first bytes (up to 64 KiB, all of a smaller file) before the rest is
    /// read, so that a large file that is not an image is refused without reading it whole.
    /// A file of more than `maxBytes` bytes is refused: a regular file by its size before anything is
    /// read, anything else (a device such as `/dev/zero`, a pipe) once `maxBytes` have been read.
    static func bytes(atPath path: String, maxBytes: Int = 1 << 30,
                      checkStart: ([UInt8]) throws -> Void = { _ in }) throws -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 { throw ImageIOError(path: path, reason: describeSystemError(errno)) }
        defer { close(fd) }
        var info = stat()
        if fstat(fd, &info) != 0 { throw ImageIOError(path: path, reason: describeSystemError(errno)) }
        if (info.st_mode & S_IFMT) == S_IFDIR { throw ImageIOError(path: path, reason: "is a directory") }
        let isRegular = (info.st_mode & S_IFMT) == S_IFREG
        if isRegular && Int(info.st_size) > maxBytes { throw tooLarge(path, maxBytes: maxBytes) }

        var result: [UInt8] = []
        if isRegular { result.reserveCapacity(max(Int(info.st_size), 0)) }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var checked = false
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw ImageIOError(path: path, reason: describeSystemError(errno))
            }
            if count > 0 { result.append(contentsOf: chunk[0..<count]) }
            if result.count > maxBytes { throw tooLarge(path, maxBytes: maxBytes) }
            if !checked && (count == 0 || result.count >= chunk.count) {
                try checkStart(result)
                checked = true
            }
            if count == 0 { return result }
        }
    }

    /// The error for a file larger than `maxBytes`.
    private static func tooLarge(_ path: String, maxBytes: Int) -> ImageIOError {
        ImageIOError(path: path, reason: "file too large: more than \(maxBytes) bytes (the limit)")
    }
}
