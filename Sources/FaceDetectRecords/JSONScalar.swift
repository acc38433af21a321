/// The JSON text of single values, as `JSONLineEncoder` writes them.
enum JSONScalar {
    /// `value` as a quoted JSON string: `"` and `\` escaped, `\n`, `\r` and `\t` by their short
    /// escapes, every other control character (below U+0020, and U+007F) as `\u00XX`; everything
    /// else, non-ASCII too, as itself. (`JSONStringDecoder` reads it back for `--resume`.)
    static func string(_ value: String) -> String {
        var text = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let hex = String(scalar.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: text.unicodeScalars.append(scalar)
            }
        }
        return text + "\""
    }

    /// A number that is not a `FixedDecimal`: its shortest digits that read back the same
    /// (`0.1`, `1e-05`), or `null` when it is not finite (JSON has no NaN or infinity).
    static func number<Number: BinaryFloatingPoint & LosslessStringConvertible>(_ value: Number) -> String {
        value.isFinite ? String(value) : "null"
    }
}
