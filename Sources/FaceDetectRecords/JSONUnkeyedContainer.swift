/// `JSONLineEncoder`'s container of an array's elements, in the order they are encoded.
struct JSONUnkeyedContainer: UnkeyedEncodingContainer {
    /// The array node.
    let array: JSONNode
    /// The keys down to the array.
    let codingPath: [any CodingKey]
    /// The number of elements so far.
    var count: Int { array.count }

    /// Appends `value` (a `FixedDecimal` with its fixed decimals; primitives come here too).
    mutating func encode<T: Encodable>(_ value: T) throws { try append(value) }

    /// Appends `null`.
    mutating func encodeNil() throws { array.append(JSONNode(.scalar("null"))) }
    /// Appends `value`.
    mutating func encode(_ value: Bool) throws { try append(value) }
    /// Appends `value`.
    mutating func encode(_ value: String) throws { try append(value) }
    /// Appends `value`.
    mutating func encode(_ value: Double) throws { try append(value) }
    /// Appends `value`.
    mutating func encode(_ value: Float) throws { try append(value) }
    /// Appends `value`.
    mutating func encode(_ value: Int) throws { try append(value) }
    /// Appends `value`.
    mutating func encode(_ value: Int8) throws { try append(value) }
    /// Appends `value`.
    mutating func encode(_ value: Int16) throws { try append(value) }
    /// Appends `value`.
    mutating func encode(_ value: Int32) throws { try append(value) }
    /// Appends `value`.
    mutating func encode(_ value: Int64) throws { try append(value) }
    /// Appends `value`.
    mutating func encode(_ value: UInt) throws { try append(value) }
    /// Appends `value`.
    mutating func encode(_ value: UInt8) throws { try append(value) }
    /// Appends `value`.
    mutating func encode(_ value: UInt16) throws { try append(value) }
    /// Appends `value`.
    mutating func encode(_ value: UInt32) throws { try append(value) }
    /// Appends `value`.
    mutating func encode(_ value: UInt64) throws { try append(value) }

    /// A container for an object appended to the array.
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
        -> KeyedEncodingContainer<NestedKey>
    {
        elementEncoder().container(keyedBy: keyType)
    }

    /// A container for an array appended to the array.
    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        elementEncoder().unkeyedContainer()
    }

    /// An encoder for a value appended to the array.
    mutating func superEncoder() -> any Encoder { elementEncoder() }

    /// Appends `value`, through its `encode(to:)` (a `FixedDecimal` with its decimals).
    private func append(_ value: some Encodable) throws {
        let element = JSONNode()
        try JSONLineEncoder.encode(value, into: element, codingPath: codingPath + [JSONPathKey(intValue: count)])
        array.append(element)
    }

    /// An encoder for a new, empty element at the end of the array.
    private func elementEncoder() -> JSONLineEncoder {
        let element = JSONNode()
        let path = codingPath + [JSONPathKey(intValue: count)]
        array.append(element)
        return JSONLineEncoder(node: element, codingPath: path)
    }
}
