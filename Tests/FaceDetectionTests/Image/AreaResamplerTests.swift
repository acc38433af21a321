import Testing

@testable import FaceDetection

@Test func rowMixingMatchesScalarTwin() {
    // Row lengths that skip the vector loop (< 16), fill it exactly (16, 48), and leave a tail.
    var rng = SeededRandom(seed: 12)
    for count in [1, 5, 15, 16, 17, 39, 48, 117] {
        let rowLength = count + 7
        let first = 3
        let pixels = (0..<(5 * rowLength)).map { _ in UInt8.random(in: 0...255, using: &rng) }
        let rows = [4, 0, 2, 3, 1]
        let weights = (0..<5).map { _ in Float.random(in: 0...1, using: &rng) }
        var fast = [Float](repeating: -1, count: count)
        var plain = [Float](repeating: -2, count: count)
        rows.withUnsafeBufferPointer { rows in
            weights.withUnsafeBufferPointer { weights in
                RowMixing.mixRowsSIMD(
                    pixels: pixels, rowLength: rowLength, first: first, rows: rows,
                    weights: weights, taps: 1..<4, count: count, output: &fast)
                RowMixing.mixRowsScalar(
                    pixels: pixels, rowLength: rowLength, first: first, rows: rows,
                    weights: weights, taps: 1..<4, count: count, output: &plain)
            }
        }
        #expect(fast == plain, "count \(count)")
        let last = count - 1
        let expected = (1..<4).reduce(Float(0)) {
            $0 + Float(pixels[rows[$1] * rowLength + first + last]) * weights[$1]
        }
        #expect(abs(plain[last] - expected) < 1e-3)
    }
}

@Test func areaResamplerAveragesBlocksOfAWideCrop() {
    // A 39×26 crop shrunk to 13×13: each output pixel is the mean of a 3×2 block. The crop's rows
    // are 117 floats long, so the vertical pass runs its vector loop and its tail.
    let image = randomImage(width: 50, height: 40, seed: 8)
    var resampler = AreaResampler()
    var map = FeatureMap()
    resampler.resample(image, left: 5, top: 7, width: 39, height: 26, outputWidth: 13, outputHeight: 13, into: &map)
    var worst: Float = 0
    for y in 0..<13 {
        for x in 0..<13 {
            for c in 0..<3 {
                var sum: Float = 0
                for dy in 0..<2 {
                    for dx in 0..<3 {
                        sum += Float(image.pixels[((7 + 2 * y + dy) * image.width + 5 + 3 * x + dx) * 3 + c])
                    }
                }
                worst = max(worst, abs(map[y, x, c] - (sum / 6 - 127.5) * 0.0078125))
            }
        }
    }
    #expect(worst < 1e-5)
}
