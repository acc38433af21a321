/// Unaligned SIMD loads and stores on typed buffers, the one way the kernels move vectors:
/// `loadVector(_:at:)` / `storeVector(_:at:)` for any width, and 16-float shorthands for the CNN.
/// `offset` counts elements (not bytes) from the pointer.
extension UnsafePointer where Pointee: SIMDScalar {
    /// The `V.scalarCount` elements starting at element `offset`.
    @inline(__always)
    func loadVector<V: SIMD>(_ type: V.Type, at offset: Int) -> V where V.Scalar == Pointee {
        UnsafeRawPointer(self + offset).loadUnaligned(as: V.self)
    }
}

extension UnsafeMutablePointer where Pointee: SIMDScalar {
    /// The `V.scalarCount` elements starting at element `offset`.
    @inline(__always)
    func loadVector<V: SIMD>(_ type: V.Type, at offset: Int) -> V where V.Scalar == Pointee {
        UnsafeRawPointer(self + offset).loadUnaligned(as: V.self)
    }

    /// Writes the elements of `v` starting at element `offset`.
    @inline(__always)
    func storeVector<V: SIMD>(_ v: V, at offset: Int) where V.Scalar == Pointee {
        UnsafeMutableRawPointer(self + offset).storeBytes(of: v, as: V.self)
    }
}

extension UnsafePointer where Pointee == Float {
    /// The 16 floats starting at element `offset`.
    @inline(__always)
    func loadVector(at offset: Int) -> SIMD16<Float> { loadVector(SIMD16<Float>.self, at: offset) }
}

extension UnsafeMutablePointer where Pointee == Float {
    /// The 16 floats starting at element `offset`.
    @inline(__always)
    func loadVector(at offset: Int) -> SIMD16<Float> { loadVector(SIMD16<Float>.self, at: offset) }
}

extension UnsafePointer where Pointee == UInt8 {
    /// The 16 bytes starting at element `offset`, as floats (0…255).
    @inline(__always)
    func loadFloats(at offset: Int) -> SIMD16<Float> { SIMD16<Float>(loadVector(SIMD16<UInt8>.self, at: offset)) }
}
