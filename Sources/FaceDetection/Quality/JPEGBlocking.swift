/// JPEG's 8 × 8 blocks around a face, read in the photo's own pixels: a strongly compressed JPEG
/// keeps little more than each block's mean, so the level steps between blocks stand out from the
/// steps inside them.
enum JPEGBlocking {
    /// Side of the window of photo pixels read (an ``ImageCrop`` at the photo's scale, not turned:
    /// each sample a pixel's own level), one more than a whole number of blocks.
    static let window = 65

    /// The window of the face whose eyes are at `right` and `left`, centred on their midpoint across
    /// and 3/8 of the window above its centre down, at the photo's scale.
    static func crop(rightEye right: Point, leftEye left: Point) -> ImageCrop {
        // Whole-number corners, so that every sample falls on a pixel centre (bilinear weights 0 and 1).
        let half = Float(window) / 2
        let x = ((right.x + left.x) / 2 - half).rounded(.down) + half
        let y = ((right.y + left.y) / 2 - Float(window) * 3 / 8).rounded(.down) + half
        return ImageCrop(
            center: Point(x: x, y: y), width: Float(window), height: Float(window), angle: 0, outputWidth: window,
            outputHeight: window, border: .replicate, values: .levels)
    }

    /// How much the level steps at one of the 8 phases of a block stand out: the absolute
    /// differences between neighbouring pixels summed by the phase of their column (across
    /// columns) and of their row (across rows), each the greatest over the median of its eight, the
    /// two averaged. About 1.0–1.5 in photos and 2 or more in a JPEG of quality 10, whichever pixel
    /// the blocks start at. `rgb` is the window's levels (``crop(rightEye:leftEye:)``).
    static func blockiness(of rgb: [Float]) -> Float {
        let n = window
        precondition(rgb.count >= n * n * 3)
        var columns = [Float](repeating: 0, count: 8)
        var rows = [Float](repeating: 0, count: 8)
        var grey = [Float](repeating: 0, count: n * n)
        rgb.withUnsafeBufferPointer { rgb in
            // Per pixel: its BT.601 luma.
            for k in 0..<(n * n) { grey[k] = 0.299 * rgb[3 * k] + 0.587 * rgb[3 * k + 1] + 0.114 * rgb[3 * k + 2] }
        }
        grey.withUnsafeBufferPointer { grey in
            // Per pixel: the step to its right neighbour by column phase, to the one below by row phase.
            for y in 0..<(n - 1) {
                for x in 0..<(n - 1) {
                    let v = grey[y * n + x]
                    columns[x & 7] += abs(grey[y * n + x + 1] - v)
                    rows[y & 7] += abs(grey[(y + 1) * n + x] - v)
                }
            }
        }
        return (ratio(columns) + ratio(rows)) / 2
    }

    /// The greatest of the eight phase sums over their median (the mean of the middle two), or 1
    /// in a flat window.
    static func ratio(_ steps: [Float]) -> Float {
        let sorted = steps.sorted()
        let median = (sorted[3] + sorted[4]) / 2
        return median > 0 ? sorted[7] / median : 1
    }

    /// ``blockiness(of:)`` computed plainly, pixel by pixel in `Double` (its scalar twin, for the tests).
    static func blockinessReference(of rgb: [Float]) -> Float {
        let n = window
        func grey(_ x: Int, _ y: Int) -> Double {
            let k = (y * n + x) * 3
            return 0.299 * Double(rgb[k]) + 0.587 * Double(rgb[k + 1]) + 0.114 * Double(rgb[k + 2])
        }
        var columns = [Double](repeating: 0, count: 8)
        var rows = [Double](repeating: 0, count: 8)
        for y in 0..<(n - 1) {
            for x in 0..<(n - 1) {
                columns[x % 8] += abs(grey(x + 1, y) - grey(x, y))
                rows[y % 8] += abs(grey(x, y + 1) - grey(x, y))
            }
        }
        return (ratio(columns.map { Float($0) }) + ratio(rows.map { Float($0) })) / 2
    }
}
