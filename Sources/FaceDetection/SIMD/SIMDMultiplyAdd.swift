/// `c + a·b` lane-wise: one fused multiply-add per vector where the build's CPU has one (always on
/// arm64; on x86-64 in builds for x86-64-v3, the default where the building machine has it, see
/// Package.swift), else a multiply and an add. (A fused multiply-add compiled for plain x86-64 becomes a call to `fmaf` per lane.)
/// Fused and unfused results differ in the last bit, so kernels that use it are compared with
/// their scalar twins within a tolerance. Written for the three widths the kernels use rather than
/// generically: an unspecialised generic (debug builds) does the arithmetic lane by lane through
/// the protocol, which made YuNet's debug tests several times slower.
@inline(__always)
func multiplyAdd(_ a: SIMD4<Float>, _ b: SIMD4<Float>, _ c: SIMD4<Float>) -> SIMD4<Float> {
    #if arch(arm64) || FUSED_MULTIPLY_ADD
        return c.addingProduct(a, b)
    #else
        return c + a * b
    #endif
}

/// `multiplyAdd` for 8 lanes.
@inline(__always)
func multiplyAdd(_ a: SIMD8<Float>, _ b: SIMD8<Float>, _ c: SIMD8<Float>) -> SIMD8<Float> {
    #if arch(arm64) || FUSED_MULTIPLY_ADD
        return c.addingProduct(a, b)
    #else
        return c + a * b
    #endif
}

/// `multiplyAdd` for 16 lanes.
@inline(__always)
func multiplyAdd(_ a: SIMD16<Float>, _ b: SIMD16<Float>, _ c: SIMD16<Float>) -> SIMD16<Float> {
    #if arch(arm64) || FUSED_MULTIPLY_ADD
        return c.addingProduct(a, b)
    #else
        return c + a * b
    #endif
}
