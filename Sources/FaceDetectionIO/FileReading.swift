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
    static func bytes(atPath path: String, checkStart: ([UInt8]) throws -> Void = { _ in }) throws -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 { throw ImageIOError(path: path, reason: describeSystemError(errno)) }
        defer { close(fd) }
        var info = stat()
        if fstat(fd, &info) != 0 { throw ImageIOError(path: path, reason: describeSystemError(errno)) }
        if (info.st_mode & S_IFMT) == S_IFDIR { throw ImageIOError(path: path, reason: "is a directory") }

        var result: [UInt8] = []
        result.reserveCapacity(max(Int(info.st_size), 0))
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var checked = false
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw ImageIOError(path: path, reason: describeSystemError(errno))
            }
            if count > 0 { result.append(contentsOf: chunk[0..<count]) }
            if !checked && (count == 0 || result.count >= chunk.count) {
                try checkStart(result)
                checked = true
            }
            if count == 0 { return result }
        }
    }
}
