/// Builds one line of JSON text: objects with keys in the order they are added, strings escaped,
/// numbers in fixed-point notation. Output is always valid JSON: a non-finite number is `null`.
struct JSONText {
    /// The text built so far.
    private(set) var text = ""
    /// Whether the next value in the current object or array needs a comma before it.
    private var needsComma = false

    /// Starts an object (`{`), as a value or as the whole line.
    mutating func beginObject() {
        beginValue()
        text += "{"
        needsComma = false
    }
    /// Ends the current object.
    mutating func endObject() {
        text += "}"
        needsComma = true
    }
    /// Starts an array (`[`).
    mutating func beginArray() {
        beginValue()
        text += "["
        needsComma = false
    }
    /// Ends the current array.
    mutating func endArray() {
        text += "]"
        needsComma = true
    }

    /// Writes `"key": ` inside an object; the value follows.
    mutating func key(_ name: String) {
        beginValue()
        appendString(name)
        text += ": "
        needsComma = false
    }

    /// Writes a string value.
    mutating func string(_ value: String) {
        beginValue()
        appendString(value)
        needsComma = true
    }

    /// Writes an integer value.
    mutating func integer(_ value: Int) {
        beginValue()
        text += String(value)
        needsComma = true
    }

    /// Writes `value` rounded to `decimals` places; `trimmed` drops trailing zeros but keeps one
    /// decimal (`12.50` → `12.5`, `12.00` → `12.0`).
    mutating func number(_ value: Double, decimals: Int, trimmed: Bool = false) {
        beginValue()
        text += JSONText.fixedPoint(value, decimals: decimals, trimmed: trimmed)
        needsComma = true
    }

    /// Writes `[x, y]` with `decimals` places (trimmed), as boxes and landmarks want.
    mutating func numbers(_ values: [Double], decimals: Int) {
        beginArray()
        for value in values { number(value, decimals: decimals, trimmed: true) }
        endArray()
    }

    /// A comma (and a space) when another value came before in the same container.
    private mutating func beginValue() {
        if needsComma { text += ", " }
    }

    /// Appends `value` as a quoted JSON string, escaping quotes, backslashes and control characters.
    private mutating func appendString(_ value: String) {
        text += "\""
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
        text += "\""
    }

    /// `value` in fixed-point notation with `decimals` places (`null` when not finite).
    static func fixedPoint(_ value: Double, decimals: Int, trimmed: Bool) -> String {
        guard value.isFinite else { return "null" }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        // Beyond 2^53 the integer arithmetic below would lose digits; Swift's own rendering is valid JSON.
        guard scaled < 9.0e15 else { return String(value) }
        let units = UInt64(scaled)
        let divisor = UInt64(scale)
        var fraction = decimals > 0 ? String(units % divisor) : ""
        fraction = String(repeating: "0", count: decimals - fraction.count) + fraction
        if trimmed {
            while fraction.count > 1 && fraction.hasSuffix("0") { fraction.removeLast() }
        }
        let sign = value < 0 && units != 0 ? "-" : ""
        return sign + String(units / divisor) + (decimals > 0 ? "." + fraction : "")
    }
}
