/// Why an image could not be read, decoded, encoded or written: one line that names the file.
public struct ImageCodecError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The file (or the name given to `ImageCodec.decode`) the error is about.
    public let path: String
    /// What went wrong, e.g. "no such file", "truncated PNG", "image too large: …".
    public let reason: String

    /// An error about `path`.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// "path: reason".
    public var description: String { "\(path): \(reason)" }
}
