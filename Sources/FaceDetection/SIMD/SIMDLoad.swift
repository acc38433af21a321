/// Unaligned `SIMD16<Float>` loads and stores on float buffers, for the CNN kernels.
extension UnsafePointer where Pointee == Float {
    /// The 16 floats starting at element `offset`.
    @inline(__always)
    func loadVector(at offset: Int) -> SIMD16<Float> {
        UnsafeRawPointer(self + offset).loadUnaligned(as: SIMD16<Float>.self)
    }
}

extension UnsafeMutablePointer where Pointee == Float {
    /// The 16 floats starting at element `offset`.
    @inline(__always)
    func loadVector(at offset: Int) -> SIMD16<Float> {
        UnsafeRawPointer(self + offset).loadUnaligned(as: SIMD16<Float>.self)
    }

    /// Writes 16 floats starting at element `offset`.
    @inline(__always)
    func storeVector(_ v: SIMD16<Float>, at offset: Int) {
        UnsafeMutableRawPointer(self + offset).storeBytes(of: v, as: SIMD16<Float>.self)
    }
}

extension UnsafePointer where Pointee == UInt8 {
    /// The 16 bytes starting at element `offset`, as floats (0…255).
    @inline(__always)
    func loadFloats(at offset: Int) -> SIMD16<Float> {
        SIMD16<Float>(UnsafeRawPointer(self + offset).loadUnaligned(as: SIMD16<UInt8>.self))
    }
}
