/// Simple measurements over a rectangle of an ``AlignedFace`` (columns `x0..<x1`, rows `y0..<y1`,
/// clamped to the frame), the building blocks of the smile and eye-state features.
struct RegionStatistics {
    /// Mean grey level.
    let mean: Float
    /// Standard deviation of the grey level.
    let deviation: Float
    /// Mean |horizontal difference| (vertical edges, e.g. the sides of an iris).
    let horizontalGradient: Float
    /// Mean |vertical difference| (horizontal edges, e.g. a lash line or lips).
    let verticalGradient: Float
    /// The darkest 3×3 mean.
    let darkest: Float
    /// The 90th-percentile grey level.
    let bright: Float

    /// Measures `face` over the rectangle.
    init(_ face: AlignedFace, x0: Int, y0: Int, x1: Int, y1: Int) {
        let xa = max(1, x0), ya = max(1, y0)
        let xb = min(AlignedFace.width - 1, max(x1, xa + 1)), yb = min(AlignedFace.height - 1, max(y1, ya + 1))
        var sum: Float = 0, sum2: Float = 0, gx: Float = 0, gy: Float = 0, dark = Float.infinity
        var values: [Float] = []
        values.reserveCapacity((xb - xa) * (yb - ya))
        // Moments, central differences and the darkest 3×3 box over the rectangle.
        for y in ya..<yb {
            for x in xa..<xb {
                let v = face[x, y]
                sum += v; sum2 += v * v
                gx += abs(face[x + 1, y] - face[x - 1, y]) / 2
                gy += abs(face[x, y + 1] - face[x, y - 1]) / 2
                var box: Float = 0
                for dy in -1...1 { for dx in -1...1 { box += face[x + dx, y + dy] } }
                dark = min(dark, box / 9)
                values.append(v)
            }
        }
        let n = Float(values.count)
        mean = sum / n
        deviation = max(0, sum2 / n - mean * mean).squareRoot()
        horizontalGradient = gx / n
        verticalGradient = gy / n
        darkest = dark
        values.sort()
        bright = values[min(values.count - 1, Int(Float(values.count) * 0.9))]
    }
}
