/// The few 3×3 (row-triple) and small dense linear-algebra helpers the head-pose fit needs.
enum Matrix3 {
    /// A 3×3 matrix as its three rows.
    typealias Rows = (SIMD3<Float>, SIMD3<Float>, SIMD3<Float>)

    /// Euclidean length.
    static func length(_ v: SIMD3<Float>) -> Float { (v * v).sum().squareRoot() }

    /// The cross product `a × b`.
    static func cross(_ a: SIMD3<Float>, _ b: SIMD3<Float>) -> SIMD3<Float> {
        SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
    }

    /// The row vector `row` times the matrix `m` (so row i of `a · m` is `multiply(row: a.i, m)`).
    static func multiply(row: SIMD3<Float>, _ m: Rows) -> SIMD3<Float> {
        row.x * m.0 + row.y * m.1 + row.z * m.2
    }

    /// The inverse of `m`, or `nil` when it is (nearly) singular.
    static func inverse(_ m: Rows) -> Rows? {
        let c0 = cross(m.1, m.2)
        let c1 = cross(m.2, m.0)
        let c2 = cross(m.0, m.1)
        let det = (m.0 * c0).sum()
        guard abs(det) > 1e-12 * max(1, length(m.0) * length(m.1) * length(m.2)) else { return nil }
        // inverse = adjugate / det; the adjugate's columns are c0, c1, c2.
        return (SIMD3(c0.x, c1.x, c2.x) / det, SIMD3(c0.y, c1.y, c2.y) / det, SIMD3(c0.z, c1.z, c2.z) / det)
    }

    /// The rotation by angle |ω| about the axis ω (Rodrigues' formula).
    static func rotation(_ omega: SIMD3<Float>) -> Rows {
        let angle = length(omega)
        guard angle > 1e-9 else { return (SIMD3(1, 0, 0), SIMD3(0, 1, 0), SIMD3(0, 0, 1)) }
        let k = omega / angle
        let c = cosf(angle)
        let s = sinf(angle)
        let t = 1 - c
        return (
            SIMD3(c + t * k.x * k.x, t * k.x * k.y - s * k.z, t * k.x * k.z + s * k.y),
            SIMD3(t * k.x * k.y + s * k.z, c + t * k.y * k.y, t * k.y * k.z - s * k.x),
            SIMD3(t * k.x * k.z - s * k.y, t * k.y * k.z + s * k.x, c + t * k.z * k.z)
        )
    }

    /// The nearest right-handed orthonormal rows to `m` (symmetric Gram–Schmidt on the first two).
    static func orthonormalised(_ m: Rows) -> Rows {
        let a = m.0 / length(m.0)
        let b = m.1 / length(m.1)
        let u = (a + b) / length(a + b)
        let v = (a - b) / length(a - b)
        let r0 = (u + v) / Float(2).squareRoot()
        let r1 = (u - v) / Float(2).squareRoot()
        return (r0, r1, cross(r0, r1))
    }

    /// Solves the `size`×`size` system `a x = b` (row-major `a`) by Gaussian elimination with
    /// partial pivoting; `nil` when it is singular.
    static func solve(_ a: [Float], _ b: [Float], size n: Int) -> [Float]? {
        var a = a
        var b = b
        for col in 0..<n {
            var pivot = col
            for row in col..<n where abs(a[row * n + col]) > abs(a[pivot * n + col]) { pivot = row }
            guard abs(a[pivot * n + col]) > 1e-20 else { return nil }
            if pivot != col {
                for k in 0..<n { a.swapAt(col * n + k, pivot * n + k) }
                b.swapAt(col, pivot)
            }
            for row in (col + 1)..<n {
                let f = a[row * n + col] / a[col * n + col]
                for k in col..<n { a[row * n + k] -= f * a[col * n + k] }
                b[row] -= f * b[col]
            }
        }
        var x = [Float](repeating: 0, count: n)
        for row in stride(from: n - 1, through: 0, by: -1) {
            var sum = b[row]
            for k in (row + 1)..<n { sum -= a[row * n + k] * x[k] }
            x[row] = sum / a[row * n + row]
        }
        return x
    }
}
