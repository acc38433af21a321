/// The two passes of one box blur over a float RGB buffer (`width` × `height` pixels, channels
/// interleaved, one spare float at the end), each as a SIMD kernel and its plain scalar twin.
///
/// Each output is the mean of the inputs within `radius` of it along one axis that lie inside
/// the buffer (the window is cut at the edges and `scales[p]` is one over its size at
/// position `p`, see `windowScales`), so no edge pixel gets extra weight. Running sums make the
/// cost independent of the radius. The twins do the same float operations in the same order,
/// so their results are bit-identical.
enum BoxBlurKernels {
    /// `1 / (number of positions within radius r of p inside 0..<length)` for each position `p`.
    static func windowScales(length: Int, radius r: Int) -> [Float] {
        (0..<length).map { p in 1 / Float(min(length - 1, p + r) - max(0, p - r) + 1) }
    }

    /// Averages along each row: one pixel's three channels (and an ignored fourth) per vector.
    static func averageAlongRowsSIMD(
        input: UnsafePointer<Float>, output: UnsafeMutablePointer<Float>,
        width: Int, height: Int, radius r: Int, scales: UnsafePointer<Float>
    ) {
        for y in 0..<height {
            let row = input + y * width * 3
            let out = output + y * width * 3
            @inline(__always) func pixel(_ x: Int) -> SIMD4<Float> {
                x >= 0 && x < width ? row.loadVector(SIMD4<Float>.self, at: 3 * x) : .zero
            }
            var sum = SIMD4<Float>()
            for x in 0...min(r, width - 1) { sum += pixel(x) }
            // Running sum along the row: emit the mean, then slide the window one pixel right.
            for x in 0..<width {
                let mean = sum * scales[x]
                out[3 * x] = mean[0]
                out[3 * x + 1] = mean[1]
                out[3 * x + 2] = mean[2]
                sum += pixel(x + r + 1) - pixel(x - r)
            }
        }
    }

    /// Scalar twin of `averageAlongRowsSIMD`.
    static func averageAlongRowsScalar(
        input: UnsafePointer<Float>, output: UnsafeMutablePointer<Float>,
        width: Int, height: Int, radius r: Int, scales: UnsafePointer<Float>
    ) {
        for y in 0..<height {
            let row = input + y * width * 3
            let out = output + y * width * 3
            for c in 0..<3 {
                @inline(__always) func value(_ x: Int) -> Float { x >= 0 && x < width ? row[3 * x + c] : 0 }
                var sum: Float = 0
                for x in 0...min(r, width - 1) { sum += value(x) }
                // Running sum along the row for channel c.
                for x in 0..<width {
                    out[3 * x + c] = sum * scales[x]
                    sum += value(x + r + 1) - value(x - r)
                }
            }
        }
    }

    /// Averages down the columns, eight floats of a row at a time. `sums` holds `width · 3`
    /// floats of scratch; `zeros` holds `width · 3` zeros (the rows beyond the edges).
    static func averageDownColumnsSIMD(
        input: UnsafePointer<Float>, output: UnsafeMutablePointer<Float>,
        width: Int, height: Int, radius r: Int, scales: UnsafePointer<Float>,
        sums: UnsafeMutablePointer<Float>, zeros: UnsafePointer<Float>
    ) {
        let n = width * 3
        @inline(__always) func row(_ y: Int) -> UnsafePointer<Float> { y >= 0 && y < height ? input + y * n : zeros }
        let vectorEnd = n - n % 8
        for j in 0..<n { sums[j] = 0 }
        for y in 0...min(r, height - 1) {
            let source = row(y)
            var j = 0
            while j < vectorEnd {
                sums.storeVector(
                    sums.loadVector(SIMD8<Float>.self, at: j) + source.loadVector(SIMD8<Float>.self, at: j), at: j)
                j += 8
            }
            while j < n {
                sums[j] += source[j]
                j += 1
            }
        }
        // Running sums down the columns: emit the mean row, then slide the window one row down.
        for y in 0..<height {
            let out = output + y * n
            let add = row(y + r + 1)
            let remove = row(y - r)
            let scale = scales[y]
            var j = 0
            while j < vectorEnd {
                let sum = sums.loadVector(SIMD8<Float>.self, at: j)
                out.storeVector(sum * scale, at: j)
                sums.storeVector(
                    sum + (add.loadVector(SIMD8<Float>.self, at: j) - remove.loadVector(SIMD8<Float>.self, at: j)),
                    at: j)
                j += 8
            }
            while j < n {
                out[j] = sums[j] * scale
                sums[j] += add[j] - remove[j]
                j += 1
            }
        }
    }

    /// Scalar twin of `averageDownColumnsSIMD`.
    static func averageDownColumnsScalar(
        input: UnsafePointer<Float>, output: UnsafeMutablePointer<Float>,
        width: Int, height: Int, radius r: Int, scales: UnsafePointer<Float>,
        sums: UnsafeMutablePointer<Float>, zeros: UnsafePointer<Float>
    ) {
        let n = width * 3
        @inline(__always) func row(_ y: Int) -> UnsafePointer<Float> { y >= 0 && y < height ? input + y * n : zeros }
        for j in 0..<n { sums[j] = 0 }
        for y in 0...min(r, height - 1) {
            let source = row(y)
            for j in 0..<n { sums[j] += source[j] }
        }
        // Running sums down the columns, one float at a time.
        for y in 0..<height {
            let out = output + y * n
            let add = row(y + r + 1)
            let remove = row(y - r)
            for j in 0..<n {
                out[j] = sums[j] * scales[y]
                sums[j] += add[j] - remove[j]
            }
        }
    }
}
