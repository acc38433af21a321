/// A short, lower-case description of a POSIX `errno` value, for error messages.
package func describeSystemError(_ code: Int32) -> String {
    switch code {
    case ENOENT: return "no such file"
    case EACCES, EPERM: return "permission denied"
    case EISDIR: return "is a directory"
    case ENOTDIR: return "a path component is not a directory"
    case ENOSPC: return "no space left on device"
    case EROFS: return "read-only file system"
    default: return String(cString: strerror(code)).lowercased()
    }
}
