import FaceDetection

/// The JSON Lines encoder of the tool and the benchmarks: a `Swift.Encoder` that writes a value as one
/// line of JSON, keys in the order `encode(to:)` encodes them, `, ` between values and `: ` after
/// keys, and a `FixedDecimal` with its fixed decimals. Every JSON record of the tool (docs/usage.md
/// "JSON Lines format") and of `Benchmarks/` is written by it from the record's `Encodable` form,
/// faces from `Face`'s own `Codable`.
///
/// Foundation's `JSONEncoder` cannot write the published schema: it orders keys its own way,
/// writes a `Float`'s shortest digits instead of fixed decimals, writes no spaces and escapes `/`.
/// Plain numbers (not `FixedDecimal`) are written with their shortest digits; a number that is not
/// finite is `null`.
package final class JSONLineEncoder: Encoder {
    /// The keys from the line's top object down to the value this encoder writes.
    package let codingPath: [any CodingKey]
    /// No user info: the form of a value does not depend on it.
    package var userInfo: [CodingUserInfoKey: Any] { [:] }
    /// Where the value goes.
    let node: JSONNode

    /// An encoder writing into `node`, at `codingPath`.
    init(node: JSONNode, codingPath: [any CodingKey]) {
        self.node = node
        self.codingPath = codingPath
    }

    /// `value` as one line of JSON, without a newline.
    package static func line(_ value: some Encodable) throws -> String {
        let root = JSONNode()
        try encode(value, into: root, codingPath: [])
        var text = ""
        root.write(to: &text)
        return text
    }

    /// Encodes `value` into the empty `node`, at `codingPath`: a `FixedDecimal` as its fixed-point
    /// text, anything else as its `encode(to:)` writes it.
    static func encode(_ value: some Encodable, into node: JSONNode, codingPath: [any CodingKey]) throws {
        if let number = value as? FixedDecimal {
            node.setScalar(number.description)
        } else {
            try value.encode(to: JSONLineEncoder(node: node, codingPath: codingPath))
        }
    }

    /// The container of an object's members.
    package func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        node.becomeObject()
        return KeyedEncodingContainer(JSONKeyedContainer<Key>(object: node, codingPath: codingPath))
    }

    /// The container of an array's elements.
    package func unkeyedContainer() -> any UnkeyedEncodingContainer {
        node.becomeArray()
        return JSONUnkeyedContainer(array: node, codingPath: codingPath)
    }

    /// The container of one value.
    package func singleValueContainer() -> any SingleValueEncodingContainer {
        JSONSingleValueContainer(node: node, codingPath: codingPath)
    }
}
