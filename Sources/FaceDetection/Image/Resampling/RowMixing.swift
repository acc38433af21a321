/// The vertical pass of the separable resamplers (`RGBImage.resized`, `AreaResampler`) as a SIMD
/// kernel and its plain scalar twin: tapped rows of bytes mixed into one float row. The twins do the
/// same float operations in the same order, so their results are bit-identical; so does the pass over
/// an upright picture's rows read where they are stored (`mixUprightRows`).
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

    /// The vertical pass of a resample of an upright picture whose rows are not stored rows (a
    /// quarter-turned or upside-down ``UprightImage``): `mixRowsScalar` on the rows of the turned copy,
    /// each level read where it is stored. The same float operations in the same order as
    /// `mixRowsSIMD` on the copy, so the results are bit-identical:
    /// `output[3i + c] = Σ_{t in taps} weights[t] · channel c of upright pixel (firstColumn + i, rows[t])`.
    static func mixUprightRows(
        pixels: UnsafePointer<UInt8>, image: UprightImage, firstColumn: Int, rows: UnsafeBufferPointer<Int>,
        weights: UnsafeBufferPointer<Float>, taps: Range<Int>, columns: Int, output: UnsafeMutablePointer<Float>
    ) {
        // output[3i + c] = Σ_t weights[t] · channel c of upright pixel (firstColumn + i, rows[t]).
        for i in 0..<columns {
            for c in 0..<3 {
                var acc: Float = 0
                for t in taps { acc += Float(pixels[3 * image.storedPixel(firstColumn + i, rows[t]) + c]) * weights[t] }
                output[3 * i + c] = acc
            }
        }
    }
}
