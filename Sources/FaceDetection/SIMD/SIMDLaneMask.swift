// Lane masks as SIMD8<Int32> (−1 = true, 0 = false). Swift's SIMDMask compiles to per-lane
// scalar code on baseline x86-64; these sign-bit forms compile to a few vector instructions.

/// −1 in lanes where `a < b`, else 0. Exact for finite values (`a − b` is negative exactly when
/// `a < b`, except `−0 − (+0)`: callers keep thresholds nonzero or negative zero).
@inline(__always)
func laneLess(_ a: SIMD8<Float>, _ b: SIMD8<Float>) -> SIMD8<Int32> {
    unsafeBitCast(a - b, to: SIMD8<Int32>.self) &>> 31
}

/// −1 in lanes where `a < b`, else 0 (Double lanes; same caveat as the Float form).
@inline(__always)
func laneLess(_ a: SIMD8<Double>, _ b: SIMD8<Double>) -> SIMD8<Int32> {
    SIMD8<Int32>(truncatingIfNeeded: unsafeBitCast(a - b, to: SIMD8<Int64>.self) &>> 63)
}

/// `mask ? a : b`, lane by lane.
@inline(__always)
func laneSelect(_ mask: SIMD8<Int32>, _ a: SIMD8<Int32>, _ b: SIMD8<Int32>) -> SIMD8<Int32> {
    (a & mask) | (b & ~mask)
}

/// `mask ? a : b`, lane by lane.
@inline(__always)
func laneSelect(_ mask: SIMD8<Int32>, _ a: SIMD8<Float>, _ b: SIMD8<Float>) -> SIMD8<Float> {
    unsafeBitCast(
        laneSelect(mask, unsafeBitCast(a, to: SIMD8<Int32>.self), unsafeBitCast(b, to: SIMD8<Int32>.self)),
        to: SIMD8<Float>.self)
}

/// −1 in lanes where `a == b`, else 0.
@inline(__always)
func laneEqual(_ a: SIMD8<Int32>, _ b: SIMD8<Int32>) -> SIMD8<Int32> {
    let d = a ^ b
    return ~((d | (0 &- d)) &>> 31)
}

/// Number of true lanes.
@inline(__always)
func laneCount(_ mask: SIMD8<Int32>) -> Int {
    Int(0 &- mask.wrappedSum())
}

/// −1 in lanes where `a < b`, else 0 (for values whose difference does not overflow).
@inline(__always)
func laneLess(_ a: SIMD8<Int32>, _ b: SIMD8<Int32>) -> SIMD8<Int32> {
    (a &- b) &>> 31
}
