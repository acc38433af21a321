/// `JSONLineEncoder`'s container of an object's members: each key is written where it was first
/// encoded.
struct JSONKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    /// The object node.
    let object: JSONNode
    /// The keys down to the object.
    let codingPath: [any CodingKey]

    /// Writes `value` for `key` (a `FixedDecimal` with its fixed decimals; primitives come here too).
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try put(value, forKey: key) }

    /// Writes `null` for `key`.
    mutating func encodeNil(forKey key: Key) throws { object.setMember(key.stringValue, to: JSONNode(.scalar("null"))) }
    /// Writes `value` for `key`.
    mutating func encode(_ value: Bool, forKey key: Key) throws { try put(value, forKey: key) }
    /// Writes `value` for `key`.
    mutating func encode(_ value: String, forKey key: Key) throws { try put(value, forKey: key) }
    /// Writes `value` for `key`.
    mutating func encode(_ value: Double, forKey key: Key) throws { try put(value, forKey: key) }
    /// Writes `value` for `key`.
    mutating func encode(_ value: Float, forKey key: Key) throws { try put(value, forKey: key) }
    /// Writes `value` for `key`.
    mutating func encode(_ value: Int, forKey key: Key) throws { try put(value, forKey: key) }
    /// Writes `value` for `key`.
    mutating func encode(_ value: Int8, forKey key: Key) throws { try put(value, forKey: key) }
    /// Writes `value` for `key`.
    mutating func encode(_ value: Int16, forKey key: Key) throws { try put(value, forKey: key) }
    /// Writes `value` for `key`.
    mutating func encode(_ value: Int32, forKey key: Key) throws { try put(value, forKey: key) }
    /// Writes `value` for `key`.
    mutating func encode(_ value: Int64, forKey key: Key) throws { try put(value, forKey: key) }
    /// Writes `value` for `key`.
    mutating func encode(_ value: UInt, forKey key: Key) throws { try put(value, forKey: key) }
    /// Writes `value` for `key`.
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try put(value, forKey: key) }
    /// Writes `value` for `key`.
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try put(value, forKey: key) }
    /// Writes `value` for `key`.
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try put(value, forKey: key) }
    /// Writes `value` for `key`.
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try put(value, forKey: key) }

    /// A container for the object that is the value of `key`.
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        JSONLineEncoder(node: member(key), codingPath: codingPath + [key]).container(keyedBy: keyType)
    }

    /// A container for the array that is the value of `key`.
    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        JSONLineEncoder(node: member(key), codingPath: codingPath + [key]).unkeyedContainer()
    }

    /// An encoder for the value of the key `super`.
    mutating func superEncoder() -> any Encoder {
        JSONLineEncoder(node: member(JSONPathKey.superKey), codingPath: codingPath + [JSONPathKey.superKey])
    }

    /// An encoder for the value of `key`.
    mutating func superEncoder(forKey key: Key) -> any Encoder {
        JSONLineEncoder(node: member(key), codingPath: codingPath + [key])
    }

    /// Writes `value` for `key`, through its `encode(to:)` (a `FixedDecimal` with its decimals).
    private func put(_ value: some Encodable, forKey key: Key) throws {
        let member = JSONNode()
        try JSONLineEncoder.encode(value, into: member, codingPath: codingPath + [key])
        object.setMember(key.stringValue, to: member)
    }

    /// A new, empty member for `key`.
    private func member(_ key: some CodingKey) -> JSONNode {
        let node = JSONNode()
        object.setMember(key.stringValue, to: node)
        return node
    }
}
