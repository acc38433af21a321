import FaceDetectionIO

/// The few POSIX file-system calls the tool needs, with errors as readable text (reading and
/// atomic writing are FaceDetectionIO's `FileReading` and `AtomicFileWriter`).
enum FileSystem {
    /// What a path names, symbolic links followed.
    enum Kind: Equatable {
        /// A regular file.
        case regularFile
        /// A directory, with its device and inode (to notice symbolic-link loops).
        case directory(device: UInt64, inode: UInt64)
        /// A device, pipe, socket or similar.
        case other
        /// Nothing usable: `reason` says why (e.g. "no such file").
        case unavailable(reason: String)
    }

    /// What `path` names (a symbolic link whose target does not exist is "broken symbolic link").
    static func kind(of path: String) -> Kind {
        var status = stat()
        guard stat(path, &status) == 0 else {
            let code = errno
            if code == ENOENT && lstat(path, &status) == 0 { return .unavailable(reason: "broken symbolic link") }
            return .unavailable(reason: describeSystemError(code))
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return .regularFile
        case S_IFDIR: return .directory(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
        default: return .other
        }
    }

    /// Whether `a` and `b` name the same existing file (same device and inode).
    static func isSameFile(_ a: String, _ b: String) -> Bool {
        guard let first = identity(of: a) else { return false }
        return first == identity(of: b)
    }

    /// The size in bytes of the file `path` names (links followed), or `nil` when it does not exist.
    static func size(of path: String) -> Int? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return Int(status.st_size)
    }

    /// The device and inode of the file `path` names (links followed), or `nil` when it does not exist.
    static func identity(of path: String) -> [UInt64]? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return [UInt64(status.st_dev), UInt64(status.st_ino)]
    }

    /// The names in directory `path` (without `.` and `..`), unsorted.
    static func names(inDirectory path: String) throws(FileSystemError) -> [String] {
        guard let directory = opendir(path) else { throw FileSystemError(path: path, reason: errorText()) }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = string(fromCCharArray: entry.pointee.d_name)
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// Creates directory `path` and any missing parents (like `mkdir -p`).
    static func createDirectories(_ path: String) throws(FileSystemError) {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/") {
            prefix += component
            if mkdir(prefix, 0o777) != 0 && errno != EEXIST {
                throw FileSystemError(path: prefix, reason: "cannot create directory: " + errorText())
            }
            guard case .directory = kind(of: prefix) else {
                throw FileSystemError(path: prefix, reason: "cannot create directory: a file is in the way")
            }
            prefix += "/"
        }
    }

    /// `path` and `name` joined with one `/`.
    static func join(_ path: String, _ name: String) -> String {
        path.hasSuffix("/") ? path + name : path + "/" + name
    }

    /// The last component of `path` (`photos/a.jpg` → `a.jpg`).
    static func lastComponent(of path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// The text of the current `errno`.
    private static func errorText() -> String { describeSystemError(errno) }
}

/// A file-system call that failed, naming the path: its description is `path: reason`.
struct FileSystemError: Error, CustomStringConvertible {
    /// The path the call was about.
    let path: String
    /// What went wrong.
    let reason: String
    /// `path: reason`.
    var description: String { "\(path): \(reason)" }
}
