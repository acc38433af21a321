/// A file that could not be written (`AtomicFileWriter`): the path and the system's error number;
/// its description is the one line "path: cannot write: reason". An image write reports it as
/// `ImageCodecError.cannotWrite`; other writes (the tool's CSV and `--tracks` files) as it is.
package struct FileWriteError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The file that was being written.
    package let path: String
    /// The system's error number (no space left, permission denied, …).
    package let errno: Int32

    /// The error for `path` with the system's error number `errno`.
    package init(path: String, errno: Int32) {
        self.path = path
        self.errno = errno
    }

    /// "cannot write: reason", e.g. "cannot write: no space left on device".
    package var reason: String { "cannot write: \(describeSystemError(errno))" }

    /// "path: cannot write: reason".
    package var description: String { "\(path): \(reason)" }
}
