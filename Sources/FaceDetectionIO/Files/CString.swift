/// The text of a NUL-terminated C `char` array that Swift imports as a tuple.
package func string<Tuple>(fromCCharArray tuple: Tuple) -> String {
    withUnsafeBytes(of: tuple) { raw in
        // Safety: prefix(while:) stops at raw.count, the tuple's size, even when there is no NUL.
        String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
    }
}
