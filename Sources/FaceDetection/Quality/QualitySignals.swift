/// What the capture-quality score measures in a face's grey grid (``QualityCrop``), over its inner
/// region (``inner``: the eyes, the nose and the mouth, little hair or background).
struct QualitySignals: Sendable, Equatable {
    /// Mean grey level of the region, 0…255.
    var mean: Float
    /// Standard deviation of the grey levels of the region (its contrast), in levels.
    var contrast: Float
    /// Share of the region's cells that are nearly black (≤ 8) or nearly white (≥ 247).
    var clipped: Float
    /// Mean square of the 4-neighbour Laplacian over the region (fine detail, and noise), levels².
    var laplacianEnergy: Float
    /// The noise's standard deviation in levels, by Immerkær's estimator (the mean absolute response
    /// to the mask [1 −2 1; −2 4 −2; 1 −2 1], times √(π/2) / 6), which edges barely move.
    var noise: Float

    /// The region measured: rows `rows` and columns `columns` of the ``QualityCrop/side``-square grid
    /// (x from 0.2 to 0.8 of the side, y from 0.3 to 0.9: SFace's template has the eyes at 0.46 and
    /// the mouth at 0.82).
    static let inner = (rows: 19..<58, columns: 13..<51)

    /// The signals of the grey grid `grey` (``QualityCrop/side`` squared levels, row by row).
    init(grey: [Float]) {
        let side = QualityCrop.side
        precondition(grey.count == side * side)
        let (rows, columns) = Self.inner
        var (sum, squares, clippedCount, laplacian, mask) = (Float(0), Float(0), 0, Float(0), Float(0))
        grey.withUnsafeBufferPointer { g in
            // Per cell: the level and its square, clipping, the Laplacian's square and |mask response|.
            for y in rows {
                for x in columns {
                    let k = y * side + x
                    let v = g[k]
                    let (up, down, left, right) = (g[k - side], g[k + side], g[k - 1], g[k + 1])
                    let corners = g[k - side - 1] + g[k - side + 1] + g[k + side - 1] + g[k + side + 1]
                    let cross = up + down + left + right
                    let l = cross - 4 * v
                    sum += v
                    squares += v * v
                    clippedCount += v <= 8 || v >= 247 ? 1 : 0
                    laplacian += l * l
                    mask += abs(corners - 2 * cross + 4 * v)
                }
            }
        }
        let n = Float(rows.count * columns.count)
        mean = sum / n
        contrast = max(squares / n - mean * mean, 0).squareRoot()
        clipped = Float(clippedCount) / n
        laplacianEnergy = laplacian / n
        noise = mask / n * Self.immerkaerScale
    }

    /// √(π/2) / 6: the mask's mean absolute response to white noise of deviation 1 is 6 · √(2/π).
    static let immerkaerScale: Float = 0.208_890_45

    /// The signals computed plainly in `Double`, cell by cell (the scalar twin of ``init(grey:)``).
    static func reference(grey: [Float]) -> QualitySignals {
        let side = QualityCrop.side
        let (rows, columns) = inner
        func at(_ x: Int, _ y: Int) -> Double { Double(grey[y * side + x]) }
        var values: [Double] = []
        var (laplacian, mask, clippedCount) = (0.0, 0.0, 0)
        for y in rows {
            for x in columns {
                let v = at(x, y)
                values.append(v)
                if v <= 8 || v >= 247 { clippedCount += 1 }
                let l = at(x, y - 1) + at(x, y + 1) + at(x - 1, y) + at(x + 1, y) - 4 * v
                laplacian += l * l
                var response = 0.0
                for (dy, row) in [[1.0, -2, 1], [-2, 4, -2], [1, -2, 1]].enumerated() {
                    for (dx, weight) in row.enumerated() { response += weight * at(x + dx - 1, y + dy - 1) }
                }
                mask += abs(response)
            }
        }
        let n = Double(values.count)
        let mean = values.reduce(0, +) / n
        let variance = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / n
        return QualitySignals(
            mean: Float(mean), contrast: Float(variance.squareRoot()), clipped: Float(Double(clippedCount) / n),
            laplacianEnergy: Float(laplacian / n), noise: Float(mask / n * (Double.pi / 2).squareRoot() / 6))
    }

    /// Signals with the values given.
    init(mean: Float, contrast: Float, clipped: Float, laplacianEnergy: Float, noise: Float) {
        self.mean = mean
        self.contrast = contrast
        self.clipped = clipped
        self.laplacianEnergy = laplacianEnergy
        self.noise = noise
    }
}
