/// Text and links made safe for an HTML page: the one escaping step of the people page, so that a
/// name a user wrote into `people.json` or a file name with `<`, `&` or quotes stays text.
enum HTMLText {
    /// `text` with `&`, `<`, `>`, `"` and `'` replaced by character references, safe both as element
    /// content and inside a quoted attribute value.
    static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.unicodeScalars.append(character)
            }
        }
        return result
    }

    /// A relative file path as the value of an `href` or `src` attribute: every byte of its UTF-8 but
    /// the unreserved ones (letters, digits, `-._~`) and `/` percent-encoded, so that `#`, `?`, `%`,
    /// `:` and spaces in a file name do not read as a fragment, a query or a scheme; the result needs
    /// no further escaping inside a quoted attribute.
    static func link(_ path: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(path.utf8.count)
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"), UInt8(ascii: "/"):
                bytes.append(byte)
            default:
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
