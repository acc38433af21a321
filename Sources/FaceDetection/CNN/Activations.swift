/// Parametric ReLU: `x` where `x > 0`, else `slope[c] * x`, one learned slope per channel.
struct PReLU: Sendable {
    /// Number of channels.
    let channels: Int
    /// The slopes, zero-padded to a multiple of 16.
    let slopes: [Float]

    /// A PReLU with one slope per channel.
    init(slopes: [Float]) {
        channels = slopes.count
        self.slopes = slopes + [Float](repeating: 0, count: (16 - slopes.count % 16) % 16)
    }

    /// Applies the slopes of channels `16 * block ..< 16 * block + 16` to `v`.
    @inline(__always)
    func apply(_ v: SIMD16<Float>, block: Int) -> SIMD16<Float> {
        // Safety: needs block < ⌈channels / 16⌉ (slopes are padded to that many 16s), as in every
        // caller, which loops over the blocks of a layer or map with `channels` channels.
        let s = slopes.withUnsafeBufferPointer { $0.baseAddress!.loadVector(at: block * 16) }
        return v.replacing(with: v * s, where: v .< 0)
    }

    /// Applies the activation to every pixel of `map` in place (SIMD over channel blocks).
    func apply(to map: inout FeatureMap) {
        precondition(
            map.channels == channels && map.pixelStride % 16 == 0 && map.pixelStride <= slopes.count && map.border == 0)
        let blocks = map.pixelStride / 16
        let pixels = map.height * map.width
        map.values.withUnsafeMutableBufferPointer { buffer in
            // Safety: o + 16 ≤ pixels·pixelStride ≤ values.count; maps are reshaped with alignment 1 or 16,
            // so pixelStride (a multiple of 16) equals slopes.count and b < slopes.count / 16.
            let p = buffer.baseAddress!
            // v = v > 0 ? v : slope * v, 16 channels at a time.
            for i in 0..<pixels {
                for b in 0..<blocks {
                    let o = i * map.pixelStride + b * 16
                    p.storeVector(apply(p.loadVector(at: o), block: b), at: o)
                }
            }
        }
    }

    /// Scalar reference twin of `apply(to:)`.
    func applyScalar(to map: inout FeatureMap) {
        for y in 0..<map.height {
            for x in 0..<map.width {
                for c in 0..<channels where map[y, x, c] < 0 { map[y, x, c] *= slopes[c] }
            }
        }
    }
}

/// The PReLU epilogue of the row kernels: slopes given as a pointer to one per output channel, or
/// none (no activation).
extension PReLU {
    /// `v` where ≥ 0, else `v·slopes[at…at+7]`; `v` itself without slopes.
    @inline(__always)
    static func apply(_ v: SIMD8<Float>, _ slopes: UnsafePointer<Float>?, at offset: Int) -> SIMD8<Float> {
        guard let slopes else { return v }
        return v.replacing(with: v * slopes.loadVector(SIMD8<Float>.self, at: offset), where: v .< 0)
    }

    /// `apply(_:_:at:)` for 4 lanes.
    @inline(__always)
    static func apply(_ v: SIMD4<Float>, _ slopes: UnsafePointer<Float>?, at offset: Int) -> SIMD4<Float> {
        guard let slopes else { return v }
        return v.replacing(with: v * slopes.loadVector(SIMD4<Float>.self, at: offset), where: v .< 0)
    }

    /// `apply(_:_:at:)` for 16 lanes.
    @inline(__always)
    static func apply(_ v: SIMD16<Float>, _ slopes: UnsafePointer<Float>?, at offset: Int) -> SIMD16<Float> {
        guard let slopes else { return v }
        return v.replacing(with: v * slopes.loadVector(SIMD16<Float>.self, at: offset), where: v .< 0)
    }

    /// `v` where ≥ 0, else `v·slope` (the scalar twins' rule).
    @inline(__always)
    static func apply(_ v: Float, slope: Float) -> Float { v < 0 ? v * slope : v }
}

extension SIMD16<Float> {
    /// Lanes ≥ 0 as they are, the others times `slopes`' lanes (PReLU).
    @inline(__always)
    func prelu(_ slopes: SIMD16<Float>) -> SIMD16<Float> { replacing(with: self * slopes, where: self .< 0) }
}

/// What a row kernel does to its sums before it stores them (the layer's activation), as a type the
/// kernels are specialised on: each kernel is compiled once per epilogue, so `NoEpilogue` leaves
/// nothing in its loops (a runtime test or an optional pointer there cost YuNet's 1×1 and depthwise
/// kernels registers, and the inliner gave up on their helpers).
protocol Epilogue {
    /// `v`, the sums of channels `channel…channel+15`, activated.
    func callAsFunction(_ v: SIMD16<Float>, at channel: Int) -> SIMD16<Float>
    /// `v`, the sums of channels `channel…channel+7`, activated.
    func callAsFunction(_ v: SIMD8<Float>, at channel: Int) -> SIMD8<Float>
    /// `v`, the sums of channels `channel…channel+3`, activated.
    func callAsFunction(_ v: SIMD4<Float>, at channel: Int) -> SIMD4<Float>
    /// `v`, channels `channel…channel+7` of two pixels (its low and high halves), activated.
    func pairs(_ v: SIMD16<Float>, at channel: Int) -> SIMD16<Float>
}

/// No activation: the sums as they are.
struct NoEpilogue: Epilogue {
    @inline(__always) func callAsFunction(_ v: SIMD16<Float>, at channel: Int) -> SIMD16<Float> { v }
    @inline(__always) func callAsFunction(_ v: SIMD8<Float>, at channel: Int) -> SIMD8<Float> { v }
    @inline(__always) func callAsFunction(_ v: SIMD4<Float>, at channel: Int) -> SIMD4<Float> { v }
    @inline(__always) func pairs(_ v: SIMD16<Float>, at channel: Int) -> SIMD16<Float> { v }
}

/// ReLU: negative sums become zero.
struct ReLUEpilogue: Epilogue {
    @inline(__always) func callAsFunction(_ v: SIMD16<Float>, at channel: Int) -> SIMD16<Float> {
        maximum(v, .zero)
    }
    @inline(__always) func callAsFunction(_ v: SIMD8<Float>, at channel: Int) -> SIMD8<Float> { maximum(v, .zero) }
    @inline(__always) func callAsFunction(_ v: SIMD4<Float>, at channel: Int) -> SIMD4<Float> { maximum(v, .zero) }
    @inline(__always) func pairs(_ v: SIMD16<Float>, at channel: Int) -> SIMD16<Float> { maximum(v, .zero) }
}

/// PReLU: negative sums times their channel's slope (`slopes`, one per output channel).
struct PReLUEpilogue: Epilogue {
    /// The slopes, one per channel of the layer's output.
    let slopes: UnsafePointer<Float>

    @inline(__always) func callAsFunction(_ v: SIMD16<Float>, at channel: Int) -> SIMD16<Float> {
        v.replacing(with: v * slopes.loadVector(SIMD16<Float>.self, at: channel), where: v .< 0)
    }
    @inline(__always) func callAsFunction(_ v: SIMD8<Float>, at channel: Int) -> SIMD8<Float> {
        v.replacing(with: v * slopes.loadVector(SIMD8<Float>.self, at: channel), where: v .< 0)
    }
    @inline(__always) func callAsFunction(_ v: SIMD4<Float>, at channel: Int) -> SIMD4<Float> {
        v.replacing(with: v * slopes.loadVector(SIMD4<Float>.self, at: channel), where: v .< 0)
    }
    @inline(__always) func pairs(_ v: SIMD16<Float>, at channel: Int) -> SIMD16<Float> {
        let k = slopes.loadVector(SIMD8<Float>.self, at: channel)
        return v.replacing(with: v * SIMD16(lowHalf: k, highHalf: k), where: v .< 0)
    }
}
