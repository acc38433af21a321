/// A JSON file that cannot be read as what it should be: where, and why. Its description is
/// `file:line:column: reason`, the form compilers and editors jump to.
public struct JSONReadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file's name, as the reader was given it.
    public let file: String
    /// The line, from 1.
    public let line: Int
    /// The column, from 1, in bytes.
    public let column: Int
    /// What is wrong there.
    public let reason: String

    /// An error at `line`:`column` of `file`.
    public init(file: String, line: Int, column: Int, reason: String) {
        self.file = file
        self.line = line
        self.column = column
        self.reason = reason
    }

    /// An error at `position` of `file`.
    package init(file: String, at position: JSONPosition, reason: String) {
        self.init(file: file, line: position.line, column: position.column, reason: reason)
    }

    /// `file:line:column: reason`.
    public var description: String { "\(file):\(line):\(column): \(reason)" }
}
