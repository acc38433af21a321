/// Premultiplied colour back to straight colour.
enum PremultipliedAlpha {
    /// A premultiplied channel `c` of a pixel with alpha `a` divided back: `c × 255 / a` rounded, at
    /// most 255, and 0 when `a` is 0.
    @inline(__always)
    static func unpremultiplied(_ c: UInt8, alpha a: UInt8) -> UInt8 {
        a == 0 ? 0 : UInt8(min(255, (UInt32(c) * 255 + UInt32(a) / 2) / UInt32(a)))
    }
}
