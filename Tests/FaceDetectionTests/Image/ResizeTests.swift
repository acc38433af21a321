import Testing

@testable import FaceDetection

private let oddSizes = [(1, 1), (3, 7), (17, 5), (33, 31), (640, 481), (2, 1), (9, 64)]

@Test func resizeSIMDMatchesScalarTwin() {
    for (index, (w, h)) in oddSizes.enumerated() {
        let image = randomImage(width: w, height: h, seed: UInt64(index + 1))
        for (ow, oh) in [
            (1, 1), (w, h), (min(w * 3 + 1, 301), min(h * 2 + 3, 203)), (max(1, w / 3), max(1, h / 5)),
            (w + 5, max(1, h / 2)), (13, 9),
        ] {
            let fast = image.resized(width: ow, height: oh, simd: true)
            let plain = image.resized(width: ow, height: oh, simd: false)
            #expect(fast == plain, "\(w)x\(h) -> \(ow)x\(oh)")
        }
    }
}

@Test func resizeKernelsMatchScalarTwinsDirectly() {
    var rng = SeededRandom(seed: 99)
    for count in [1, 7, 8, 9, 15, 16, 17, 51, 1443] {
        let rows = 5
        let source = (0..<(rows * count)).map { _ in UInt8.random(in: 0...255, using: &rng) }
        let taps = [3, 0, 4, 4, 1, 2]
        let weights: [Float] = [0.4, 0.1, 0.2, 0.15, 0.1, 0.05]
        var fast = [Float](repeating: -1, count: count)
        var plain = [Float](repeating: -2, count: count)
        taps.withUnsafeBufferPointer { taps in
            weights.withUnsafeBufferPointer { weights in
                RowMixing.mixRowsSIMD(
                    pixels: source, rowLength: count, first: 0, rows: taps, weights: weights, taps: 1..<5,
                    count: count, output: &fast)
                RowMixing.mixRowsScalar(
                    pixels: source, rowLength: count, first: 0, rows: taps, weights: weights, taps: 1..<5,
                    count: count, output: &plain)
            }
        }
        #expect(fast == plain)
        // Pixels: a float row of count RGB pixels mixed into a few outputs.
        let row = (0..<(count * 3 + 1)).map { _ in Float.random(in: 0...255, using: &rng) }
        let outputs = 4
        let indices = (0..<(outputs * 3)).map { _ in Int.random(in: 0..<count, using: &rng) }
        let pixelWeights = (0..<(outputs * 3)).map { _ in Float.random(in: 0...0.34, using: &rng) }
        var fastBytes = [UInt8](repeating: 1, count: outputs * 3 + 2)
        var plainBytes = [UInt8](repeating: 1, count: outputs * 3 + 2)
        ResizeKernels.mixPixelsSIMD(
            row: row, width: outputs, indices: indices, weights: pixelWeights, taps: 3, output: &fastBytes, first: 2)
        ResizeKernels.mixPixelsScalar(
            row: row, width: outputs, indices: indices, weights: pixelWeights, taps: 3, output: &plainBytes, first: 2)
        #expect(fastBytes == plainBytes && fastBytes[0] == 1 && fastBytes[1] == 1)
    }
}

@Test func resizingAConstantImageKeepsItConstant() {
    let color = RGB(200, 17, 93)
    let image = RGBImage(width: 37, height: 23, fill: color)
    for (w, h) in [(1, 1), (5, 3), (36, 22), (37, 23), (38, 24), (100, 61), (74, 7)] {
        let out = image.resized(width: w, height: h)
        #expect(out.width == w && out.height == h)
        #expect((0..<(w * h)).allSatisfy { out[$0 % w, $0 / w] == color }, "\(w)x\(h)")
    }
}

@Test func identityResizeIsExact() {
    let image = randomImage(width: 33, height: 31, seed: 5)
    #expect(image.resized(width: 33, height: 31) == image)
}

@Test func downscalingACheckerboardAveragesToGrey() {
    // A 1-pixel black/white checkerboard: point sampling would keep black or white (aliasing),
    // area averaging gives mid grey everywhere, by any factor.
    var board = RGBImage(width: 120, height: 90)
    for y in 0..<90 { for x in 0..<120 where (x + y) % 2 == 0 { board[x, y] = RGB(255, 255, 255) } }
    for (w, h) in [(60, 45), (30, 30), (17, 13), (7, 5), (1, 1), (59, 44)] {
        let small = board.resized(width: w, height: h)
        let values = small.pixels.map(Int.init)
        #expect(
            values.allSatisfy { abs($0 - 128) <= (w * 2 == 120 ? 1 : 12) },
            "\(w)x\(h): \(values.min()!)…\(values.max()!)")
    }
}

@Test func upscalingInterpolatesBetweenPixelCentres() {
    let pair = RGBImage(width: 2, height: 1, pixels: [0, 0, 0, 200, 100, 40])
    let wide = pair.resized(width: 8, height: 1)
    // Output centres at input x = (o + 0.5) / 4 − 0.5: clamped to 0 up to o = 1, then a ramp to 1.
    #expect(
        wide.pixels.enumerated().filter { $0.offset % 3 == 0 }.map(\.element) == [0, 0, 25, 75, 125, 175, 200, 200])
    #expect(wide.resized(width: 8, height: 3).resized(width: 8, height: 1) == wide)
}

@Test func resizeHandlesEmptySizes() {
    let image = randomImage(width: 4, height: 4, seed: 1)
    #expect(image.resized(width: 0, height: 5) == RGBImage(width: 0, height: 5))
    #expect(image.resized(width: -3, height: 2) == RGBImage(width: 0, height: 2))
    #expect(RGBImage(width: 0, height: 0).resized(width: 3, height: 2) == RGBImage(width: 3, height: 2))
}

@Test func cropTakesTheGrownClippedRectangle() {
    let image = randomImage(width: 40, height: 30, seed: 3)
    let crop = image.cropped(to: Rect(x: 10, y: 5, width: 10, height: 8))!
    #expect(crop.width == 10 && crop.height == 8)
    #expect(crop[0, 0] == image[10, 5] && crop[9, 7] == image[19, 12])
    // 50 % margin: 5 px left and right, 4 px above and below.
    let grown = image.cropped(to: Rect(x: 10, y: 5, width: 10, height: 8), margin: 0.5)!
    #expect(grown.width == 20 && grown.height == 16 && grown[0, 0] == image[5, 1] && grown[19, 15] == image[24, 16])
    // Partly outside: clipped. Fractional edges round outwards.
    let corner = image.cropped(to: Rect(x: 30.5, y: -4, width: 20, height: 10.2))!
    #expect(corner.width == 10 && corner.height == 7 && corner[0, 0] == image[30, 0] && corner[9, 6] == image[39, 6])
    let all = image.cropped(to: Rect(x: -100, y: -100, width: 500, height: 500))!
    #expect(all == image)
    for rect in [
        Rect(x: 41, y: 0, width: 5, height: 5), Rect(x: 5, y: 5, width: 0, height: 0),
        Rect(x: -10, y: -10, width: 10, height: 10), Rect(x: .nan, y: 0, width: 3, height: 3),
    ] {
        #expect(image.cropped(to: rect) == nil, "\(rect)")
    }
    #expect(image.cropped(to: Rect(x: 5, y: 5, width: 4, height: 4), margin: -0.6) == nil)
}
