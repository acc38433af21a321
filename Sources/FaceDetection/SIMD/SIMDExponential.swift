// e^x without the C library, lane-wise and for one value, with the same arithmetic, so that the
// two agree to the bit: Cephes' expf (2^n · p(r), n = round(x·log₂e), r = x − n·ln 2 taken in two
// parts, p of degree 7), within 2 ulp of the true value for x in [−87.3, 88.3] (inputs outside are
// clamped there: e^x is then below 1.2e−38 or above 2.1e38). YuNet's sigmoids use it: eight lanes
// cost about what one call to `expf` does.

/// `e^x` in every lane (x clamped to [−87.3, 88.3]).
@inline(__always)
func exponential(_ x: SIMD8<Float>) -> SIMD8<Float> {
    let x = minimum(maximum(x, SIMD8(repeating: -87.3)), SIMD8(repeating: 88.3))
    // n = round(x·log₂e): adding 1.5·2²³ leaves n in the low mantissa bits
    let shifted = x * 1.442_695_04 + 12_582_912
    let n = shifted - 12_582_912
    let r = x - n * 0.693_359_375 + n * 2.121_944_4e-4
    var p = SIMD8<Float>(repeating: 1.987_569_15e-4)
    p = p * r + 1.398_199_95e-3
    p = p * r + 8.333_451_9e-3
    p = p * r + 4.166_579_59e-2
    p = p * r + 1.666_666_55e-1
    p = p * r + 5.000_000_12e-1
    p = p * r * r + r + 1
    // 2^n from n's bits: (n + 127) << 23 is the float 2^n
    let exponent = (unsafeBitCast(shifted, to: SIMD8<Int32>.self) &- 0x4B40_0000 &+ 127) &<< 23
    return p * unsafeBitCast(exponent, to: SIMD8<Float>.self)
}

/// `e^x` for one value, by the lane-wise arithmetic (x clamped to [−87.3, 88.3]).
@inline(__always)
func exponential(_ x: Float) -> Float {
    let x = min(max(x, -87.3), 88.3)
    let shifted = x * 1.442_695_04 + 12_582_912
    let n = shifted - 12_582_912
    let r = x - n * 0.693_359_375 + n * 2.121_944_4e-4
    var p: Float = 1.987_569_15e-4
    p = p * r + 1.398_199_95e-3
    p = p * r + 8.333_451_9e-3
    p = p * r + 4.166_579_59e-2
    p = p * r + 1.666_666_55e-1
    p = p * r + 5.000_000_12e-1
    p = p * r * r + r + 1
    let exponent = (Int32(bitPattern: shifted.bitPattern) &- 0x4B40_0000 &+ 127) &<< 23
    return p * Float(bitPattern: UInt32(bitPattern: exponent))
}
