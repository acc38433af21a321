/// Lane-wise maximum of two float vectors, written so that the optimiser emits one `maxps` per
/// 4 lanes. (Measured in release builds, x86-64: the standard library's `pointwiseMax` stayed a
/// generic call, 19 % of a YuNet pass, and `replace(with:where: .<)` was scalarised, 23 %.)
/// Written for the widths the kernels use rather than generically, as `multiplyAdd` is, so that
/// debug builds do not go through the protocol lane by lane.
@inline(__always)
func maximum(_ a: SIMD4<Float>, _ b: SIMD4<Float>) -> SIMD4<Float> {
    var r = a
    for i in 0..<4 { r[i] = a[i] < b[i] ? b[i] : a[i] }
    return r
}

/// `maximum` for 8 lanes.
@inline(__always)
func maximum(_ a: SIMD8<Float>, _ b: SIMD8<Float>) -> SIMD8<Float> {
    var r = a
    for i in 0..<8 { r[i] = a[i] < b[i] ? b[i] : a[i] }
    return r
}

/// `maximum` for 16 lanes.
@inline(__always)
func maximum(_ a: SIMD16<Float>, _ b: SIMD16<Float>) -> SIMD16<Float> {
    var r = a
    for i in 0..<16 { r[i] = a[i] < b[i] ? b[i] : a[i] }
    return r
}

/// Lane-wise minimum of two float vectors (one `minps` per 4 lanes, for the same reasons as `maximum`).
@inline(__always)
func minimum(_ a: SIMD8<Float>, _ b: SIMD8<Float>) -> SIMD8<Float> {
    var r = a
    for i in 0..<8 { r[i] = b[i] < a[i] ? b[i] : a[i] }
    return r
}

/// `minimum` for 16 lanes.
@inline(__always)
func minimum(_ a: SIMD16<Float>, _ b: SIMD16<Float>) -> SIMD16<Float> {
    var r = a
    for i in 0..<16 { r[i] = b[i] < a[i] ? b[i] : a[i] }
    return r
}
