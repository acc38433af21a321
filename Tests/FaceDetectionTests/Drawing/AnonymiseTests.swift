import Testing

@testable import FaceDetection

private let oddSizes = [(1, 1), (3, 7), (17, 5), (33, 31), (640, 481), (2, 9), (64, 1)]

@Test func blurSIMDMatchesScalarTwin() {
    for (index, (w, h)) in oddSizes.enumerated() {
        let image = randomImage(width: w, height: h, seed: UInt64(10 + index))
        let rects = [
            Rect(x: 0, y: 0, width: Float(w), height: Float(h)),
            Rect(x: Float(w) / 3, y: Float(h) / 4, width: Float(w) / 2 + 1, height: Float(h) / 2 + 1),
        ]
        for rect in rects {
            for radius in w * h > 100_000 ? [7] : [1, 2, 5, 40] {  // the large one once: debug builds are slow
                var fast = image
                var plain = image
                fast.blur(rect, radius: radius, simd: true)
                plain.blur(rect, radius: radius, simd: false)
                #expect(fast == plain, "\(w)x\(h) \(rect) r\(radius)")
            }
        }
    }
}

@Test func blurKernelsMatchScalarTwinsDirectly() {
    var rng = SeededRandom(seed: 4)
    for (w, h) in [(1, 1), (3, 7), (17, 5), (9, 33)] {
        let input = (0..<(w * h * 3 + 1)).map { _ in Float.random(in: 0...255, using: &rng) }
        for r in [1, 3, 20] {
            var fast = [Float](repeating: 0, count: w * h * 3 + 1)
            var plain = fast
            let rowScales = BoxBlurKernels.windowScales(length: w, radius: r)
            BoxBlurKernels.averageAlongRowsSIMD(
                input: input, output: &fast, width: w, height: h, radius: r, scales: rowScales)
            BoxBlurKernels.averageAlongRowsScalar(
                input: input, output: &plain, width: w, height: h, radius: r, scales: rowScales)
            #expect(fast == plain)
            var sums = [Float](repeating: 0, count: w * 3)
            let zeros = sums
            let columnScales = BoxBlurKernels.windowScales(length: h, radius: r)
            BoxBlurKernels.averageDownColumnsSIMD(
                input: input, output: &fast, width: w, height: h, radius: r,
                scales: columnScales, sums: &sums, zeros: zeros)
            BoxBlurKernels.averageDownColumnsScalar(
                input: input, output: &plain, width: w, height: h, radius: r,
                scales: columnScales, sums: &sums, zeros: zeros)
            #expect(fast == plain)
            // Radius 1 down a column: the mean of the pixel and its neighbours inside the buffer.
            if r == 1 && h >= 3 {
                let j = 3 * (w / 2) + 1
                let at = { (y: Int) in input[y * w * 3 + j] }
                #expect(abs(plain[w * 3 + j] - (at(0) + at(1) + at(2)) / 3) < 1e-3)
                #expect(abs(plain[j] - (at(0) + at(1)) / 2) < 1e-3)
                #expect(abs(plain[(h - 1) * w * 3 + j] - (at(h - 2) + at(h - 1)) / 2) < 1e-3)
            }
        }
    }
}

@Test func blurChangesOnlyTheRectangleAndDestroysDetail() {
    let photo = randomImage(width: 120, height: 100, seed: 21)
    var blurred = photo
    let face = Rect(x: 30.5, y: 20, width: 48, height: 60)
    blurred.blur(face)
    let changed = changedPixels(photo, blurred)
    #expect(changed.allSatisfy { $0[0] >= 30 && $0[0] < 79 && $0[1] >= 20 && $0[1] < 80 })
    #expect(changed.count > 49 * 60 * 9 / 10)
    let before = variance(photo, 30, 20, 79, 80)
    let after = variance(blurred, 30, 20, 79, 80)
    #expect(after < before / 100, "variance \(before) -> \(after)")

    // Stripes 8 px apart (the scale of eyes and mouth in a 48 px face) fade to a flat grey.
    var stripes = RGBImage(width: 64, height: 64)
    for y in 0..<64 { for x in 0..<64 where (x / 4) % 2 == 0 { stripes[x, y] = RGB(255, 255, 255) } }
    stripes.blur(Rect(x: 0, y: 0, width: 64, height: 64))
    // Pixels half a period apart differed by 255; now by a few levels (what remains is a gentle
    // slope from the edges, where the windows are one-sided).
    var contrast = 0
    for y in 0..<64 {
        for x in 0..<60 { contrast = max(contrast, abs(Int(stripes[x, y].g) - Int(stripes[x + 4, y].g))) }
    }
    #expect(contrast < 8, "\(contrast)")
}

@Test func blurKeepsFlatColourAndSurvivesOddRectangles() {
    var flat = RGBImage(width: 30, height: 20, fill: RGB(10, 128, 251))
    let copy = flat
    flat.blur(Rect(x: 2, y: 2, width: 25, height: 15))
    #expect(flat == copy)
    let photo = randomImage(width: 16, height: 12, seed: 2)
    for rect in [
        Rect(x: 20, y: 0, width: 5, height: 5), Rect(x: 3, y: 3, width: 0, height: 4),
        Rect(x: .nan, y: 0, width: 4, height: 4), Rect(x: -9, y: -9, width: 5, height: 5),
    ] {
        var image = photo
        image.blur(rect)
        #expect(image == photo, "\(rect)")
    }
    var huge = photo
    huge.blur(Rect(x: -1e30, y: -1e30, width: 3e30, height: 3e30))
    #expect(variance(huge, 0, 0, 16, 12) < variance(photo, 0, 0, 16, 12) / 100)
}

@Test func pixelateFillsCellsWithTheirMeans() {
    let photo = randomImage(width: 50, height: 40, seed: 8)
    var mosaic = photo
    mosaic.pixelate(Rect(x: 5, y: 4, width: 32, height: 24), blocks: 4)  // 8 px cells
    let changed = changedPixels(photo, mosaic)
    #expect(changed.allSatisfy { $0[0] >= 5 && $0[0] < 37 && $0[1] >= 4 && $0[1] < 28 })
    for cy in stride(from: 4, to: 28, by: 8) {
        for cx in stride(from: 5, to: 37, by: 8) {
            var sum = [0, 0, 0]
            for y in cy..<(cy + 8) {
                for x in cx..<(cx + 8) {
                    let p = photo[x, y]
                    sum[0] += Int(p.r)
                    sum[1] += Int(p.g)
                    sum[2] += Int(p.b)
                }
            }
            let mean = RGB(UInt8((sum[0] + 32) / 64), UInt8((sum[1] + 32) / 64), UInt8((sum[2] + 32) / 64))
            for y in cy..<(cy + 8) { for x in cx..<(cx + 8) { #expect(mosaic[x, y] == mean) } }
        }
    }
    #expect(variance(mosaic, 5, 4, 37, 28) < variance(photo, 5, 4, 37, 28) / 20)
}

@Test func pixelateClipsAndKeepsTheGridOfTheRectangle() {
    let photo = randomImage(width: 20, height: 20, seed: 9)
    var mosaic = photo
    mosaic.pixelate(Rect(x: -6, y: 12, width: 16, height: 16), blocks: 2)  // 8 px cells from (-6, 12)
    #expect(changedPixels(photo, mosaic).allSatisfy { $0[0] < 10 && $0[1] >= 12 })
    // The cell (-6…2) × (12…20) is clipped to columns 0…1; the next one spans columns 2…9.
    #expect(mosaic[0, 12] == mosaic[1, 19] && mosaic[0, 12] == photo.meanColor(PixelBox(x0: 0, y0: 12, x1: 2, y1: 20)))
    #expect(mosaic[2, 12] == mosaic[9, 19] && mosaic[2, 12] == photo.meanColor(PixelBox(x0: 2, y0: 12, x1: 10, y1: 20)))
    for (rect, blocks) in [
        (Rect(x: 30, y: 0, width: 5, height: 5), 8), (Rect(x: 1, y: 1, width: 0, height: 3), 8),
        (Rect(x: .infinity, y: 0, width: 3, height: 3), 8),
    ] {
        var image = photo
        image.pixelate(rect, blocks: blocks)
        #expect(image == photo)
    }
    var oneBlock = photo
    var zeroBlocks = photo
    oneBlock.pixelate(Rect(x: 2, y: 2, width: 6, height: 6), blocks: 1)
    zeroBlocks.pixelate(Rect(x: 2, y: 2, width: 6, height: 6), blocks: -5)
    #expect(oneBlock == zeroBlocks && oneBlock[2, 2] == oneBlock[7, 7] && oneBlock != photo)
}
