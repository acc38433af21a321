/// Reads one JSON string (RFC 8259, section 7) from UTF-8 bytes, strictly: the inverse of
/// the strings `JSONLineEncoder` writes (`JSONScalar.string`), for `ResumeLog`.
///
/// Malformed, and so `nil`: no closing quote; a raw byte below 0x20; an escape other than `\"`,
/// `\\`, `\/`, `\b`, `\f`, `\n`, `\r`, `\t` and `\u` with exactly four hexadecimal digits (`\u+0ff`,
/// `\u 0ff` and `\u0ff` are not); a surrogate escape that is not a high one followed at once by a
/// low one (a Swift string cannot hold a lone surrogate, so the tool never writes one); bytes that
/// are not UTF-8 (cut or overlong sequences, encoded surrogates). One pass over the bytes; runs
/// without escapes are copied whole and validated once.
enum JSONStringDecoder {
    /// The text of the JSON string whose opening quote came just before `bytes`, and the index just
    /// after its closing quote; `nil` when it is malformed.
    static func decode(_ bytes: ArraySlice<UInt8>) -> (text: String, end: Int)? {
        let quote = UInt8(ascii: "\"")
        let backslash = UInt8(ascii: "\\")
        var decoded: [UInt8] = []
        var runStart = bytes.startIndex
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == quote {
                // Without any escape the string is the bytes themselves.
                if runStart == bytes.startIndex {
                    guard let text = validUTF8(bytes[runStart..<index]) else { return nil }
                    return (text, index + 1)
                }
                decoded.append(contentsOf: bytes[runStart..<index])
                guard let text = validUTF8(decoded[...]) else { return nil }
                return (text, index + 1)
            }
            if byte < 0x20 { return nil }
            guard byte == backslash else {
                index += 1
                continue
            }
            decoded.append(contentsOf: bytes[runStart..<index])
            guard let (scalar, next) = escapedScalar(in: bytes, at: index + 1) else { return nil }
            // An escape gives a whole UTF-8 sequence, which starts with no continuation byte: a cut
            // sequence before it stays invalid, so validating the joined bytes once is enough.
            UTF8.encode(scalar) { decoded.append($0) }
            index = next
            runStart = next
        }
        return nil
    }

    /// The scalar of the escape whose letter is at `index` (after the backslash), and the index after
    /// the escape; `nil` when it is malformed.
    private static func escapedScalar(in bytes: ArraySlice<UInt8>, at index: Int) -> (Unicode.Scalar, Int)? {
        guard index < bytes.endIndex else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "\""): return ("\"", index + 1)
        case UInt8(ascii: "\\"): return ("\\", index + 1)
        case UInt8(ascii: "/"): return ("/", index + 1)
        case UInt8(ascii: "b"): return ("\u{8}", index + 1)
        case UInt8(ascii: "f"): return ("\u{C}", index + 1)
        case UInt8(ascii: "n"): return ("\n", index + 1)
        case UInt8(ascii: "r"): return ("\r", index + 1)
        case UInt8(ascii: "t"): return ("\t", index + 1)
        case UInt8(ascii: "u"):
            guard let code = hex4(bytes, at: index + 1) else { return nil }
            switch code {
            case 0xD800..<0xDC00:
                // A high surrogate: `\uDC00`…`\uDFFF` must follow.
                guard index + 6 < bytes.endIndex, bytes[index + 5] == UInt8(ascii: "\\"),
                    bytes[index + 6] == UInt8(ascii: "u"), let low = hex4(bytes, at: index + 7),
                    (0xDC00..<0xE000).contains(low)
                else { return nil }
                let value = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                return Unicode.Scalar(value).map { ($0, index + 11) }
            case 0xDC00..<0xE000: return nil
            default: return Unicode.Scalar(code).map { ($0, index + 5) }
            }
        default: return nil
        }
    }

    /// `bytes` as a string when they are UTF-8, `nil` otherwise. (Decoding replaces each invalid
    /// sequence with U+FFFD, so the bytes are UTF-8 exactly when the string's UTF-8 is the same bytes;
    /// `String(validating:as:)` would say it directly but needs macOS 15.)
    private static func validUTF8(_ bytes: ArraySlice<UInt8>) -> String? {
        let text = String(decoding: bytes, as: UTF8.self)
        return text.utf8.elementsEqual(bytes) ? text : nil
    }

    /// The value of exactly four hexadecimal digits (`0-9`, `a-f`, `A-F`) at `index`, or `nil`.
    private static func hex4(_ bytes: ArraySlice<UInt8>, at index: Int) -> UInt32? {
        guard index + 4 <= bytes.endIndex else { return nil }
        var value: UInt32 = 0
        for byte in bytes[index..<index + 4] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }
}
