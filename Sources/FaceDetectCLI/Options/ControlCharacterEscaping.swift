extension String {
    /// The text with each control character (Unicode category Cc: U+0000–U+001F, DEL and
    /// U+0080–U+009F) written as `\u{XX}` in upper-case hexadecimal, so that echoing an argument in a
    /// message can neither run a terminal escape sequence (`\u{1B}[2J`) nor break the message into
    /// lines. Every other character, a backslash included, stays as it is.
    var escapingControlCharacters: String {
        guard unicodeScalars.contains(where: \.isControlCharacter) else { return self }
        var escaped = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            if scalar.isControlCharacter {
                escaped.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
            } else {
                escaped.append(scalar)
            }
        }
        return String(escaped)
    }
}

extension Unicode.Scalar {
    /// Whether this is a control character, Unicode general category Cc (C0, DEL, C1).
    var isControlCharacter: Bool { properties.generalCategory == .control }
}
