/// A key of a coding path that no `CodingKeys` type names: an array index, or `super`.
struct JSONPathKey: CodingKey {
    /// The key's text (the index in decimal for an array element).
    let stringValue: String
    /// The index of an array element.
    let intValue: Int?

    /// The key named `stringValue`.
    init(stringValue: String) {
        self.stringValue = stringValue
        intValue = nil
    }

    /// The key of array element `intValue`.
    init(intValue: Int) {
        stringValue = String(intValue)
        self.intValue = intValue
    }

    /// The key of the encoder `superEncoder()` returns.
    static let superKey = JSONPathKey(stringValue: "super")
}
