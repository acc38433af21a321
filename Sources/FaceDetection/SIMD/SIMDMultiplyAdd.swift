/// `c + a·b` lane-wise: one fused multiply-add per vector where the build's CPU has one (always on
/// arm64; on x86-64 when built with `FACEDETECT_CPU`, see Package.swift), else a multiply and an
/// add. (A fused multiply-add compiled for plain x86-64 becomes a call to `fmaf` per lane.)
/// Fused and unfused results differ in the last bit, so kernels that use it are compared with
/// their scalar twins within a tolerance.
@inline(__always)
func multiplyAdd<V: SIMD>(_ a: V, _ b: V, _ c: V) -> V where V.Scalar == Float {
    #if arch(arm64) || FUSED_MULTIPLY_ADD
        var r = c
        for i in 0..<V.scalarCount { r[i] = c[i].addingProduct(a[i], b[i]) }
        return r
    #else
        return c + a * b
    #endif
}
