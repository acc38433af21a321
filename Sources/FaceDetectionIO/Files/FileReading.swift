/// Reads files, with errors that name the file and say plainly what is wrong; the one read path
/// of the library and the command-line tool.
package enum FileReading {
    /// All bytes of the file at `path`. Throws "no such file", "permission denied", "is a directory", ….
    /// `checkStart` sees the first bytes (up to 64 KiB, all of a smaller file) before the rest is
    /// read, so that a large file that is not an image is refused without reading it whole.
    /// A file of more than `maxBytes` bytes is refused: a regular file by its size before anything is
    /// read, anything else (a device such as `/dev/zero`, a pipe) once `maxBytes` have been read.
    package static func bytes(
        atPath path: String, maxBytes: Int = 1 << 30,
        checkStart: ([UInt8]) throws(ImageCodecError) -> Void = { _ in }
    ) throws(ImageCodecError) -> [UInt8] {
        let fd = try openForReading(path)
        defer { close(fd) }
        var info = stat()
        if fstat(fd, &info) != 0 { throw ImageCodecError.cannotRead(path: path, errno: errno) }
        if (info.st_mode & S_IFMT) == S_IFDIR { throw ImageCodecError.cannotRead(path: path, errno: EISDIR) }
        let isRegular = (info.st_mode & S_IFMT) == S_IFREG
        if isRegular && Int(info.st_size) > maxBytes { throw tooLarge(path, maxBytes: maxBytes) }

        var result: [UInt8] = []
        if isRegular { result.reserveCapacity(max(Int(info.st_size), 0)) }
        var checked = false
        // One byte past the limit is enough to know that the file is too large.
        try readChunks(fd, path: path, into: &result, limit: maxBytes < Int.max ? maxBytes + 1 : maxBytes) {
            bytes, atEnd throws(ImageCodecError) in
            if bytes.count > maxBytes { throw tooLarge(path, maxBytes: maxBytes) }
            if !checked && (atEnd || bytes.count >= chunkSize) {
                try checkStart(bytes)
                checked = true
            }
        }
        return result
    }

    /// Up to `count` bytes from the start of the file at `path` (fewer when the file is shorter).
    package static func firstBytes(atPath path: String, count: Int) throws(ImageCodecError) -> [UInt8] {
        let fd = try openForReading(path)
        defer { close(fd) }
        var result: [UInt8] = []
        try readChunks(fd, path: path, into: &result, limit: count) { _, _ throws(ImageCodecError) in }
        return result
    }

    /// Bytes per `read(2)` call.
    private static let chunkSize = 1 << 16

    /// `path` opened for reading.
    private static func openForReading(_ path: String) throws(ImageCodecError) -> Int32 {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 { throw ImageCodecError.cannotRead(path: path, errno: errno) }
        return fd
    }

    /// Appends what `fd` holds to `result` until its end or until `result` has `limit` bytes,
    /// retrying interrupted reads; `afterChunk(result, atEnd)` runs after each read and may stop
    /// the loop by throwing.
    private static func readChunks(
        _ fd: Int32, path: String, into result: inout [UInt8], limit: Int,
        afterChunk: (_ bytes: [UInt8], _ atEnd: Bool) throws(ImageCodecError) -> Void
    ) throws(ImageCodecError) {
        var chunk = [UInt8](repeating: 0, count: min(chunkSize, max(limit, 0)))
        while result.count < limit {
            let wanted = min(chunk.count, limit - result.count)
            // Safety: read(2) writes at most `wanted` ≤ chunk.count bytes into the chunk's storage.
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, wanted) }
            if count < 0 {
                if errno == EINTR { continue }
                throw ImageCodecError.cannotRead(path: path, errno: errno)
            }
            if count > 0 { result.append(contentsOf: chunk[0..<count]) }
            try afterChunk(result, count == 0)
            if count == 0 { return }
        }
    }

    /// The error for a file larger than `maxBytes`.
    private static func tooLarge(_ path: String, maxBytes: Int) -> ImageCodecError {
        ImageCodecError.fileTooLarge(path: path, limit: maxBytes)
    }
}
