/// Simple measurements over a rectangle of an ``AlignedFace`` (columns `x0..<x1`, rows `y0..<y1`,
/// clamped to the frame), the building blocks of the smile and eye-state features.
struct RegionStatistics {
    /// Mean grey level.
    let mean: Float
    /// Median grey level.
    let median: Float
    /// Mean |horizontal central difference| / 2 (vertical edges, e.g. the sides of an iris).
    let horizontalGradient: Float
    /// Mean |vertical central difference| / 2 (horizontal edges, e.g. a lash line or lips).
    let verticalGradient: Float

    /// Measures `face` over the rectangle.
    init(_ face: AlignedFace, x0: Int, y0: Int, x1: Int, y1: Int) {
        let (xa, ya, xb, yb) = Self.clamped(x0, y0, x1, y1)
        var sum: Float = 0
        var gx: Float = 0
        var gy: Float = 0
        var values: [Float] = []
        values.reserveCapacity((xb - xa) * (yb - ya))
        // Moments and central differences over the rectangle.
        for y in ya..<yb {
            for x in xa..<xb {
                let v = face[x, y]
                sum += v
                gx += abs(face[x + 1, y] - face[x - 1, y]) / 2
                gy += abs(face[x, y + 1] - face[x, y - 1]) / 2
                values.append(v)
            }
        }
        let n = Float(values.count)
        mean = sum / n
        horizontalGradient = gx / n
        verticalGradient = gy / n
        values.sort()
        median = values[values.count / 2]
    }

    /// The smallest mean of a `boxWidth` × `boxHeight` box (odd sizes) centred on a pixel of the
    /// rectangle; the box may reach outside the rectangle (frame edges clamp).
    static func darkestBox(_ face: AlignedFace, x0: Int, y0: Int, x1: Int, y1: Int, boxWidth: Int, boxHeight: Int)
        -> Float
    {
        let (xa, ya, xb, yb) = clamped(x0, y0, x1, y1)
        let rx = boxWidth / 2
        let ry = boxHeight / 2
        var darkest = Float.infinity
        // Box sum around every pixel of the rectangle; keep the smallest.
        for y in ya..<yb {
            for x in xa..<xb {
                var sum: Float = 0
                for dy in -ry...ry { for dx in -rx...rx { sum += face[x + dx, y + dy] } }
                darkest = min(darkest, sum)
            }
        }
        return darkest / Float(boxWidth * boxHeight)
    }

    /// The rectangle inside the frame less a one-pixel border, at least one pixel in size.
    static func clamped(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int) -> (Int, Int, Int, Int) {
        let xa = min(max(1, x0), AlignedFace.width - 2)
        let ya = min(max(1, y0), AlignedFace.height - 2)
        return (xa, ya, min(AlignedFace.width - 1, max(x1, xa + 1)), min(AlignedFace.height - 1, max(y1, ya + 1)))
    }
}
