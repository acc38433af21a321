/// The horizontal pass of `RGBImage.resized` (its vertical pass is `RowMixing`) as a SIMD kernel
/// and its plain scalar twin. The twins do the same float operations in the same order, so their
/// results are bit-identical.
enum ResizeKernels {
    /// Mixes RGB pixels of one float row into `width` output pixels, rounded to bytes, written
    /// from `output + first`: `Σ_k weights[o · taps + k] · row[3 · indices[o · taps + k] + c]`
    /// for channel `c` of output pixel `o`. `row` must have one readable float past its last
    /// pixel (the fourth lane of the last load).
    static func mixPixelsSIMD(
        row: UnsafePointer<Float>, width: Int, indices: UnsafePointer<Int>,
        weights: UnsafePointer<Float>, taps: Int, output: UnsafeMutablePointer<UInt8>, first: Int
    ) {
        let output = output + first
        // One output pixel per step, its three channels (and an ignored fourth) in one vector.
        for o in 0..<width {
            var acc = SIMD4<Float>()
            for k in 0..<taps {
                let t = o * taps + k
                acc += row.loadVector(SIMD4<Float>.self, at: 3 * indices[t]) * weights[t]
            }
            output[3 * o] = byte(acc[0])
            output[3 * o + 1] = byte(acc[1])
            output[3 * o + 2] = byte(acc[2])
        }
    }

    /// Scalar twin of `mixPixelsSIMD`.
    static func mixPixelsScalar(
        row: UnsafePointer<Float>, width: Int, indices: UnsafePointer<Int>,
        weights: UnsafePointer<Float>, taps: Int, output: UnsafeMutablePointer<UInt8>, first: Int
    ) {
        let output = output + first
        // Each channel of each output pixel: weighted sum of the tapped input pixels' channel.
        for o in 0..<width {
            for c in 0..<3 {
                var acc: Float = 0
                for k in 0..<taps {
                    let t = o * taps + k
                    acc += row[3 * indices[t] + c] * weights[t]
                }
                output[3 * o + c] = byte(acc)
            }
        }
    }

    /// `value` rounded to the nearest byte, clamped to 0…255.
    @inline(__always)
    static func byte(_ value: Float) -> UInt8 { UInt8(min(max(value + 0.5, 0), 255)) }
}
