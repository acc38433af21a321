/// The two resampling layers of a feature pyramid, one output row at a time, on channel-last rows
/// (`row[x·channels + c]`, `channels` a multiple of 4).
enum ChannelLastResampling {
    /// 2×2 max-pool, stride 2: `output[x][c]` = the largest of pixels 2x and 2x+1 of `top` and `bottom`.
    static func maxPoolRow(
        _ top: UnsafePointer<Float>, _ bottom: UnsafePointer<Float>, width w: Int, channels nc: Int,
        into output: UnsafeMutablePointer<Float>
    ) {
        precondition(nc % 4 == 0)
        for x in 0..<w {
            let t = top + 2 * x * nc
            let b = bottom + 2 * x * nc
            for c in stride(from: 0, to: nc, by: 4) {
                // max over the 2×2 window, 4 channels
                let m = maximum(
                    maximum(t.loadVector(SIMD4<Float>.self, at: c), t.loadVector(SIMD4<Float>.self, at: nc + c)),
                    maximum(b.loadVector(SIMD4<Float>.self, at: c), b.loadVector(SIMD4<Float>.self, at: nc + c)))
                output.storeVector(m, at: x * nc + c)
            }
        }
    }

    /// Nearest ×2 upsample and add: `output[x][c] = skip[x][c] + low[x / 2][c]`, `width` pixels.
    static func upsampleAddRow(
        _ skip: UnsafePointer<Float>, _ low: UnsafePointer<Float>, width w: Int, channels nc: Int,
        into output: UnsafeMutablePointer<Float>
    ) {
        precondition(nc % 4 == 0)
        for x in 0..<w {
            for c in stride(from: 0, to: nc, by: 4) {
                // skip + the low-resolution pixel it lies in, 4 channels
                let v =
                    skip.loadVector(SIMD4<Float>.self, at: x * nc + c)
                    + low.loadVector(SIMD4<Float>.self, at: x / 2 * nc + c)
                output.storeVector(v, at: x * nc + c)
            }
        }
    }

    /// Scalar reference twin of `maxPoolRow` on a whole `height`×`width` map (even sizes; output half of each).
    static func maxPoolScalar(_ x: [Float], height h: Int, width w: Int, channels c: Int) -> [Float] {
        var out = [Float](repeating: 0, count: (h / 2) * (w / 2) * c)
        for y in 0..<(h / 2) {
            for xx in 0..<(w / 2) {
                for k in 0..<c {
                    let a = x[((2 * y) * w + 2 * xx) * c + k]
                    let b = x[((2 * y) * w + 2 * xx + 1) * c + k]
                    let d = x[((2 * y + 1) * w + 2 * xx) * c + k]
                    let e = x[((2 * y + 1) * w + 2 * xx + 1) * c + k]
                    out[(y * (w / 2) + xx) * c + k] = max(max(a, b), max(d, e))
                }
            }
        }
        return out
    }

    /// Scalar reference twin of `upsampleAddRow` on a whole map: `skip` is `height`×`width`, `low`
    /// is ⌈height/2⌉×⌈width/2⌉.
    static func upsampleAddScalar(_ low: [Float], _ skip: [Float], height h: Int, width w: Int, channels c: Int)
        -> [Float]
    {
        var out = skip
        let lw = (w + 1) / 2
        for y in 0..<h {
            for x in 0..<w {
                for k in 0..<c { out[(y * w + x) * c + k] += low[((y / 2) * lw + x / 2) * c + k] }
            }
        }
        return out
    }
}
