/// The text of a NUL-terminated C `char` array that Swift imports as a tuple.
package func string<Tuple>(fromCCharArray tuple: Tuple) -> String {
    withUnsafeBytes(of: tuple) { raw in
        String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
    }
}
