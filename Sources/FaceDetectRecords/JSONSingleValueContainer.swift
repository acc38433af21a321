/// `JSONLineEncoder`'s container of one value: a scalar, or any `Encodable` written in its place.
struct JSONSingleValueContainer: SingleValueEncodingContainer {
    /// The node the value goes into.
    let node: JSONNode
    /// The keys down to the value.
    let codingPath: [any CodingKey]

    /// Writes `null`.
    mutating func encodeNil() throws { node.setScalar("null") }
    /// Writes `true` or `false`.
    mutating func encode(_ value: Bool) throws { node.setScalar(value ? "true" : "false") }
    /// Writes the quoted, escaped string.
    mutating func encode(_ value: String) throws { node.setScalar(JSONScalar.string(value)) }
    /// Writes the number's shortest digits (`null` when not finite).
    mutating func encode(_ value: Double) throws { node.setScalar(JSONScalar.number(value)) }
    /// Writes the number's shortest digits (`null` when not finite).
    mutating func encode(_ value: Float) throws { node.setScalar(JSONScalar.number(value)) }
    /// Writes the integer.
    mutating func encode(_ value: Int) throws { node.setScalar(String(value)) }
    /// Writes the integer.
    mutating func encode(_ value: Int8) throws { node.setScalar(String(value)) }
    /// Writes the integer.
    mutating func encode(_ value: Int16) throws { node.setScalar(String(value)) }
    /// Writes the integer.
    mutating func encode(_ value: Int32) throws { node.setScalar(String(value)) }
    /// Writes the integer.
    mutating func encode(_ value: Int64) throws { node.setScalar(String(value)) }
    /// Writes the integer.
    mutating func encode(_ value: UInt) throws { node.setScalar(String(value)) }
    /// Writes the integer.
    mutating func encode(_ value: UInt8) throws { node.setScalar(String(value)) }
    /// Writes the integer.
    mutating func encode(_ value: UInt16) throws { node.setScalar(String(value)) }
    /// Writes the integer.
    mutating func encode(_ value: UInt32) throws { node.setScalar(String(value)) }
    /// Writes the integer.
    mutating func encode(_ value: UInt64) throws { node.setScalar(String(value)) }

    /// Writes `value` in this container's place (a `FixedDecimal` with its fixed decimals).
    mutating func encode<T: Encodable>(_ value: T) throws {
        try JSONLineEncoder.encode(value, into: node, codingPath: codingPath)
    }
}
