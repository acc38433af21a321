/// One value of a JSON text as `JSONReader` reads it, with where it starts in the text, so that a
/// reader of a format on top of JSON can say where a value of the wrong kind is.
package struct JSONValue: Sendable, Equatable {
    /// What the value is.
    package enum Kind: Sendable, Equatable {
        /// `null`.
        case null
        /// `true` or `false`.
        case bool(Bool)
        /// A number, as the nearest `Double`.
        case number(Double)
        /// A string.
        case string(String)
        /// An array's elements, in order.
        case array([JSONValue])
        /// An object's members (no key twice: the reader refuses a repeated key).
        case object([String: JSONValue])
    }

    /// What the value is.
    package let kind: Kind
    /// Where the value starts: line and column from 1.
    package let position: JSONPosition

    /// A value of `kind` at `position`.
    package init(_ kind: Kind, at position: JSONPosition) {
        self.kind = kind
        self.position = position
    }

    /// The elements of an array, or `nil`.
    package var array: [JSONValue]? {
        if case .array(let elements) = kind { return elements }
        return nil
    }

    /// The members of an object, or `nil`.
    package var object: [String: JSONValue]? {
        if case .object(let members) = kind { return members }
        return nil
    }

    /// The text of a string, or `nil`.
    package var string: String? {
        if case .string(let text) = kind { return text }
        return nil
    }

    /// A number, or `nil`.
    package var number: Double? {
        if case .number(let number) = kind { return number }
        return nil
    }

    /// A number that is a whole number an `Int` holds (`12`, `12.0`, `1.2e1`), or `nil`.
    package var wholeNumber: Int? {
        guard let number, number == number.rounded(), abs(number) < 0x1p53 else { return nil }
        return Int(number)
    }

    /// Whether the value is `null`.
    package var isNull: Bool { kind == .null }

    /// What the value is, in a message: `a string`, `an array`.
    package var kindName: String {
        switch kind {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

/// A place in a JSON text: line and column, both from 1 (the column counts bytes, which is
/// characters on a line of ASCII).
package struct JSONPosition: Sendable, Equatable {
    /// The line, from 1.
    package let line: Int
    /// The column, from 1, in bytes.
    package let column: Int

    /// Line `line`, column `column`.
    package init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }
}
