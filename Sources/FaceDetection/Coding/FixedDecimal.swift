/// A number to be written with a fixed number of decimals: how ``Face`` and its parts ask for the
/// precision of the published JSON schema (`box` 2 decimals, `score` 4, …; see <doc:JSONOutput>).
///
/// An encoder that knows this type (the command-line tool's JSON Lines encoder) writes
/// ``description``: `value` rounded half away from zero to `places` decimals in fixed-point
/// notation, never an exponent, and `null` when it is not finite. Any other encoder (Foundation's
/// `JSONEncoder`, a property list) gets the plain number, as the `Float` or `Double` it was made
/// from, so that decoding it gives back the same value.
package struct FixedDecimal: Sendable, Equatable, Encodable, CustomStringConvertible {
    /// Whether zeros at the end of the decimals are written.
    package enum TrailingZeros: Sendable, Equatable {
        /// Dropped, but one decimal is kept: `12.50` → `12.5`, `12.00` → `12.0`.
        case trimmed
        /// Written: `0.012000`.
        case kept
    }

    /// The number.
    package let value: Double
    /// How many decimals are written.
    package let places: Int
    /// Whether zeros at the end of the decimals are written.
    package let trailingZeros: TrailingZeros
    /// `value` as it was given when it was a `Float`: other encoders then write the `Float`'s
    /// shortest digits (`410.47998`), not the `Double`'s (`410.47998046875`).
    private let float: Float?

    /// `value` with `places` decimals.
    package init(_ value: Float, places: Int, trailingZeros: TrailingZeros = .trimmed) {
        self.value = Double(value)
        self.places = places
        self.trailingZeros = trailingZeros
        float = value
    }

    /// `value` with `places` decimals.
    package init(_ value: Double, places: Int, trailingZeros: TrailingZeros = .trimmed) {
        self.value = value
        self.places = places
        self.trailingZeros = trailingZeros
        float = nil
    }

    /// The number in fixed-point notation (`-3.14`, `12.0`, `0.000000`), or `null` when it is not
    /// finite. Rounding is half away from zero, on the `Double`; a value that rounds to zero has no
    /// sign (`-0.001` with 2 decimals is `0.0`).
    package var description: String {
        guard value.isFinite else { return "null" }
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        // Beyond 2^53 the integer arithmetic below would lose digits; Swift's own rendering is valid JSON.
        guard scaled < 9.0e15 else { return String(value) }
        let units = UInt64(scaled)
        let divisor = UInt64(scale)
        var fraction = places > 0 ? String(units % divisor) : ""
        fraction = String(repeating: "0", count: places - fraction.count) + fraction
        if trailingZeros == .trimmed {
            while fraction.count > 1 && fraction.hasSuffix("0") { fraction.removeLast() }
        }
        let sign = value < 0 && units != 0 ? "-" : ""
        return sign + String(units / divisor) + (places > 0 ? "." + fraction : "")
    }

    /// Encodes the plain number (for an encoder that does not know this type).
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let float {
            try container.encode(float)
        } else {
            try container.encode(value)
        }
    }
}
