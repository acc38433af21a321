/// One JSON value while `JSONLineEncoder` builds it: a reference, so that a container handed out for
/// a key or an array element can fill it in later, in whatever order `encode(to:)` asks.
final class JSONNode {
    /// What the node holds so far.
    enum Content {
        /// Nothing yet (written as `{}`, as an `encode(to:)` that encodes nothing).
        case empty
        /// A finished scalar: its JSON text (`"text"`, `12.5`, `true`, `null`).
        case scalar(String)
        /// An array's elements, in order.
        case array([JSONNode])
        /// An object's members, in the order their keys were first encoded.
        case object([(key: String, value: JSONNode)])
    }

    /// What the node holds so far.
    private(set) var content: Content

    /// A node holding `content`.
    init(_ content: Content = .empty) { self.content = content }

    /// Makes the node an empty object unless it already is one (an `encode(to:)` may ask for its
    /// keyed container more than once, or two may share one encoder, as a tracked face does).
    func becomeObject() {
        switch content {
        case .empty: content = .object([])
        case .object: break
        case .scalar, .array: preconditionFailure("a keyed container was asked for where another value was encoded")
        }
    }

    /// Makes the node an empty array unless it already is one.
    func becomeArray() {
        switch content {
        case .empty: content = .array([])
        case .array: break
        case .scalar, .object: preconditionFailure("an unkeyed container was asked for where another value was encoded")
        }
    }

    /// Sets the node to the scalar `text` (once: a single value is encoded once).
    func setScalar(_ text: String) {
        guard case .empty = content else { preconditionFailure("a single value was encoded twice") }
        content = .scalar(text)
    }

    /// Sets the member `key` of this object to `value`: a new key goes last, a key encoded before
    /// keeps its place and takes the new value.
    func setMember(_ key: String, to value: JSONNode) {
        guard case .object(var members) = content else { preconditionFailure("not an object") }
        content = .empty
        if let index = members.firstIndex(where: { $0.key == key }) {
            members[index].value = value
        } else {
            members.append((key, value))
        }
        content = .object(members)
    }

    /// Appends `element` to this array.
    func append(_ element: JSONNode) {
        guard case .array(var elements) = content else { preconditionFailure("not an array") }
        content = .empty
        elements.append(element)
        content = .array(elements)
    }

    /// The number of elements of this array (0 for any other node).
    var count: Int {
        if case .array(let elements) = content { return elements.count }
        return 0
    }

    /// Appends the value's JSON text to `text`: `, ` between members and elements, `: ` after a key.
    func write(to text: inout String) {
        switch content {
        case .empty:
            text += "{}"
        case .scalar(let scalar):
            text += scalar
        case .array(let elements):
            text += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { text += ", " }
                element.write(to: &text)
            }
            text += "]"
        case .object(let members):
            text += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { text += ", " }
                text += JSONScalar.string(member.key)
                text += ": "
                member.value.write(to: &text)
            }
            text += "}"
        }
    }
}
