/// The vertical pass of the separable resamplers (`RGBImage.resized`, `AreaResampler`) as a SIMD
/// kernel and its plain scalar twin: tapped rows of bytes mixed into one float row. The twins do the
/// same float operations in the same order, so their results are bit-identical.
enum RowMixing {
    /// Mixes tapped image rows into one float row of `count` values:
    /// `output[i] = Σ_{t in taps} weights[t] · pixels[rows[t] · rowLength + first + i]`.
    static func mixRowsSIMD(
        pixels: UnsafePointer<UInt8>, rowLength: Int, first: Int, rows: UnsafeBufferPointer<Int>,
        weights: UnsafeBufferPointer<Float>, taps: Range<Int>, count: Int, output: UnsafeMutablePointer<Float>
    ) {
        var i = 0
        // Sixteen bytes of the row at a time, summed over the taps.
        while i + 16 <= count {
            var acc = SIMD16<Float>()
            for t in taps {
                acc += pixels.loadFloats(at: rows[t] * rowLength + first + i) * weights[t]
            }
            output.storeVector(acc, at: i)
            i += 16
        }
        // The last few bytes, one by one.
        while i < count {
            var acc: Float = 0
            for t in taps { acc += Float(pixels[rows[t] * rowLength + first + i]) * weights[t] }
            output[i] = acc
            i += 1
        }
    }

    /// Scalar twin of `mixRowsSIMD`.
    static func mixRowsScalar(
        pixels: UnsafePointer<UInt8>, rowLength: Int, first: Int, rows: UnsafeBufferPointer<Int>,
        weights: UnsafeBufferPointer<Float>, taps: Range<Int>, count: Int, output: UnsafeMutablePointer<Float>
    ) {
        // output[i] = Σ_t weights[t] · byte i of row rows[t].
        for i in 0..<count {
            var acc: Float = 0
            for t in taps { acc += Float(pixels[rows[t] * rowLength + first + i]) * weights[t] }
            output[i] = acc
        }
    }
}
