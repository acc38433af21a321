/// The tool's one way to read JSON: a strict reader of RFC 8259 JSON into a `JSONValue` tree,
/// every failure a `JSONReadError` naming the file, line and column.
///
/// Strict: the text is UTF-8 (a leading byte-order mark is skipped), one value with only JSON's
/// whitespace around it; no comments, trailing commas, single quotes, `NaN`, leading zeros, `+`
/// signs or numbers beyond `Double`'s range; strings as `JSONStringDecoder` reads them (no raw
/// control characters, escapes well formed, surrogates paired); no key twice in one object;
/// arrays and objects nested at most `maximumDepth` deep, so that no input can exhaust the stack.
/// Any bytes give a value or an error, never a crash.
package struct JSONReader {
    /// How deep arrays and objects may nest.
    package static let maximumDepth = 128

    /// The text.
    private let bytes: [UInt8]
    /// The file's name, for errors.
    private let name: String
    /// The next byte to read.
    private var index = 0
    /// The line of `index`, from 1.
    private var line = 1
    /// The index of the first byte of `line`.
    private var lineStart = 0

    /// Reads `bytes`, the whole text of the file `name`.
    package static func read(_ bytes: [UInt8], name: String) throws(JSONReadError) -> JSONValue {
        var reader = JSONReader(bytes: bytes, name: name)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            reader.index = 3
            reader.lineStart = 3
        }
        reader.skipWhitespace()
        let value = try reader.value(depth: 0)
        reader.skipWhitespace()
        guard reader.index == bytes.count else { throw reader.error("more after the JSON value") }
        return value
    }

    /// A reader of `bytes`.
    private init(bytes: [UInt8], name: String) {
        self.bytes = bytes
        self.name = name
    }

    /// Where `index` is.
    private var position: JSONPosition { JSONPosition(line: line, column: index - lineStart + 1) }

    /// An error at the current position.
    private func error(_ reason: String) -> JSONReadError {
        JSONReadError(file: name, at: position, reason: reason)
    }

    /// Skips spaces, tabs, carriage returns and newlines, counting lines.
    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                index += 1
            case UInt8(ascii: "\n"):
                index += 1
                line += 1
                lineStart = index
            default:
                return
            }
        }
    }

    /// The value starting at `index` (whitespace skipped), inside `depth` arrays and objects.
    private mutating func value(depth: Int) throws(JSONReadError) -> JSONValue {
        guard index < bytes.count else { throw error("the text ends where a value should be") }
        let start = position
        switch bytes[index] {
        case UInt8(ascii: "{"):
            return JSONValue(.object(try object(depth: depth + 1)), at: start)
        case UInt8(ascii: "["):
            return JSONValue(.array(try array(depth: depth + 1)), at: start)
        case UInt8(ascii: "\""):
            return JSONValue(.string(try string()), at: start)
        case UInt8(ascii: "t"):
            try literal("true")
            return JSONValue(.bool(true), at: start)
        case UInt8(ascii: "f"):
            try literal("false")
            return JSONValue(.bool(false), at: start)
        case UInt8(ascii: "n"):
            try literal("null")
            return JSONValue(.null, at: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONValue(.number(try number()), at: start)
        default:
            throw error("not a JSON value (\(describe(bytes[index])))")
        }
    }

    /// The byte `byte` in a message: `'x'` when it is printable ASCII, its hexadecimal value otherwise.
    private func describe(_ byte: UInt8) -> String {
        (0x21..<0x7F).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x" + String(byte, radix: 16)
    }

    /// Reads the literal `word` (`true`, `false`, `null`).
    private mutating func literal(_ word: StaticString) throws(JSONReadError) {
        let count = word.utf8CodeUnitCount
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: count)
        guard index + count <= bytes.count, bytes[index..<index + count].elementsEqual(expected) else {
            throw error("not a JSON value (\(describe(bytes[index])))")
        }
        index += count
    }

    /// Reads a number: `-`? (`0` | a digit 1–9 and digits) (`.` digits)? (`e`|`E` (`+`|`-`)? digits)?,
    /// finite as a `Double`.
    private mutating func number() throws(JSONReadError) -> Double {
        let start = index
        func digits(_ reader: inout JSONReader) -> Int {
            let first = reader.index
            while reader.index < reader.bytes.count,
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(reader.bytes[reader.index])
            {
                reader.index += 1
            }
            return reader.index - first
        }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) else {
            throw error("a number needs a digit here")
        }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                throw error("a number does not start with 0 and more digits")
            }
        } else {
            _ = digits(&self)
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits(&self) > 0 else { throw error("a number needs a digit after '.'") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard digits(&self) > 0 else { throw error("a number needs a digit in its exponent") }
        }
        // The digits are ASCII, so this is the number's text as written.
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let number = Double(text), number.isFinite else {
            index = start
            throw error("the number \(text) is out of range")
        }
        return number
    }

    /// Reads a string starting at its opening quote.
    private mutating func string() throws(JSONReadError) -> String {
        guard let (text, end) = JSONStringDecoder.decode(bytes[(index + 1)...]) else {
            throw error(
                "a malformed string (not closed on its line, a control character, a bad escape or bytes that are"
                    + " not UTF-8)")
        }
        index = end
        return text
    }

    /// Reads an array starting at its `[`, as the `depth`-th level of nesting.
    private mutating func array(depth: Int) throws(JSONReadError) -> [JSONValue] {
        guard depth <= Self.maximumDepth else { throw error("nested more than \(Self.maximumDepth) deep") }
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return elements
        }
        while true {
            skipWhitespace()
            elements.append(try value(depth: depth))
            skipWhitespace()
            guard index < bytes.count else { throw error("the text ends inside an array") }
            switch bytes[index] {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"):
                index += 1
                return elements
            default: throw error("expected ',' or ']' after an array element")
            }
        }
    }

    /// Reads an object starting at its `{`, as the `depth`-th level of nesting.
    private mutating func object(depth: Int) throws(JSONReadError) -> [String: JSONValue] {
        guard depth <= Self.maximumDepth else { throw error("nested more than \(Self.maximumDepth) deep") }
        index += 1
        var members: [String: JSONValue] = [:]
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return members
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw error(index < bytes.count ? "expected a key in quotes" : "the text ends inside an object")
            }
            let keyPosition = position
            let key = try string()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw error("expected ':' after a key")
            }
            index += 1
            skipWhitespace()
            let member = try value(depth: depth)
            guard members.updateValue(member, forKey: key) == nil else {
                throw JSONReadError(
                    file: name, at: keyPosition, reason: "the key \(JSONScalar.string(key)) appears twice")
            }
            skipWhitespace()
            guard index < bytes.count else { throw error("the text ends inside an object") }
            switch bytes[index] {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"):
                index += 1
                return members
            default: throw error("expected ',' or '}' after an object member")
            }
        }
    }
}
