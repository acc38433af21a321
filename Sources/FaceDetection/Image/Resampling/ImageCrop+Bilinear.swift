extension ImageCrop {
    /// The bilinear crop into `output` (at least ``count(padding:)`` floats), in the layout of
    /// ``sample(_:into:padding:reusing:)``. Pixel (i, j) is the image sampled bilinearly at
    /// `imagePoint((i + 0.5, j + 0.5))` of the upright picture, outside it as ``border`` says. The
    /// sample points step along the crop's turned axes, so the trigonometry is done once per crop; a
    /// corner pixel is read where the upright picture's pixel is stored (``UprightImage``), so the
    /// arithmetic is that of the crop of the turned copy.
    ///
    /// Row by row, in two passes: first the taps of the row's pixels, eight at a time in 8-lane
    /// vectors (sample points, clamps, corner offsets and the four bilinear weights, the value scale
    /// folded in) stored to a small table; then per pixel four 4-byte corner loads (R, G, B and one
    /// byte of the next pixel, which gets no weight) blended and stored as 4-lane vectors (the fourth
    /// lane lands on the next pixel, written after it, or on the row's padding, zeroed after the row;
    /// without padding the crop's very last pixel is stored as three floats). The table keeps the
    /// per-pixel loop free of lane extractions, which spilled every vector on every pixel.
    func bilinear(_ image: UprightImage, into output: inout [Float], padding: Int) {
        let (width, height) = (outputWidth, outputHeight)
        let line = (width + padding) * 3
        let (w, h) = (image.width, image.height)
        // Lane arithmetic below: whole pixel coordinates as exact floats, byte offsets in Int32.
        guard w > 0 && h > 0 && max(w, h) < 1 << 22 && w * h * 3 < Int(Int32.max) else {
            let tight = bilinearScalar(image)
            for k in 0..<count(padding: padding) { output[k] = 0 }
            for j in 0..<height { for k in 0..<(width * 3) { output[j * line + k] = tight[j * width * 3 + k] } }
            return
        }
        let replicate = border == .replicate
        let (stepX, stepY) = (self.width / Float(width), self.height / Float(height))
        let (c, n) = (cos * stepX, sin * stepX)
        let (cy, ny) = (cos * stepY, sin * stepY)
        // Sample point of crop pixel (i, j), in pixel-centre coordinates: first + i·(c, n) + j·(−ny, cy).
        let first = imagePoint(Point(x: 0.5, y: 0.5))
        let (firstX, firstY) = (first.x - 0.5, first.y - 0.5)
        let lane = SIMD8<Float>(0, 1, 2, 3, 4, 5, 6, 7)
        // Replicated: sample points clamped into the image. Zero: clamped one pixel beyond it, where
        // all four corners are outside as they are farther out.
        let (lowest, maxX, maxY) =
            replicate
            ? (SIMD8<Float>.zero, SIMD8<Float>(repeating: Float(w - 1)), SIMD8<Float>(repeating: Float(h - 1)))
            : (SIMD8<Float>(repeating: -1), SIMD8<Float>(repeating: Float(w)), SIMD8<Float>(repeating: Float(h)))
        // 2²³ as a float: adding it to a whole number below 2²³ leaves that number in the low mantissa bits;
        // 1.5 × 2²³ does so for a whole number in −2²²…2²².
        let magic = SIMD8<Float>(repeating: 8_388_608)
        let signedMagic = SIMD8<Float>(repeating: 12_582_912)
        let (width32, height32) = (SIMD8<Int32>(repeating: Int32(w)), SIMD8<Int32>(repeating: Int32(h)))
        // Stored pixel of upright pixel (x, y): start + x·xStep + y·yStep; the steps to the next
        // pixel along x and y, in bytes.
        let (start32, xStep32, yStep32) = (
            SIMD8<Int32>(repeating: Int32(image.start)), SIMD8<Int32>(repeating: Int32(image.xStep)),
            SIMD8<Int32>(repeating: Int32(image.yStep))
        )
        let (rightBytes, downBytes) = (
            SIMD8<Int32>(repeating: Int32(3 * image.xStep)), SIMD8<Int32>(repeating: Int32(3 * image.yStep))
        )
        // Which of the steps reach a later byte: the farthest corner is the first one plus those.
        let (forward, downward) = (image.xStep > 0, image.yStep > 0)
        let scale = values.scale
        // The last stored pixel's byte offset: a 4-byte load of any other pixel stays inside the image.
        let last = Int32((w * h - 1) * 3)
        // One row's taps, `span` = width rounded up to 8 entries per table: corner offsets, steps, weights.
        let span = (width + 7) / 8 * 8
        let steps = UnsafeMutablePointer<Int32>.allocate(capacity: 3 * span)
        let weights = UnsafeMutablePointer<Float>.allocate(capacity: 4 * span)
        defer {
            steps.deallocate()
            weights.deallocate()
        }
        image.stored.pixels.withUnsafeBufferPointer { pixelBuffer in
            output.withUnsafeMutableBufferPointer { outBuffer in
                // Safety: the corner pixel (x0, y0) is clamped into the upright picture and a step is taken
                // only where the next pixel is inside it, so every corner is a stored pixel, its offset in
                // 0…`last` (the stored picture has the upright one's w·h pixels); 4-byte loads
                // are made only in rows whose offsets are all below it. Pixel (i, j) writes floats
                // j·line + 3·i …+4 ≤ j·line + 3·width + 1, inside row j when padding ≥ 1, else inside the
                // next row, or (the last pixel of the last row) three floats only; row j < height then
                // zeroes its padding, the last rows floats height·line …+padding·line = the output's count.
                // The tables hold `span` ≥ width entries.
                let px = pixelBuffer.baseAddress!
                let out = outBuffer.baseAddress!
                let (offset, right, down) = (steps, steps + span, steps + 2 * span)
                let (wa, wb, wc, wd) = (weights, weights + span, weights + 2 * span, weights + 3 * span)
                for j in 0..<height {
                    let (rowX, rowY) = (firstX - ny * Float(j), firstY + cy * Float(j))
                    var farthest = SIMD8<Int32>.zero
                    for i0 in stride(from: 0, to: width, by: 8) {
                        // crop pixels i0…i0+7 of row j: sample points clamped, split into whole pixels and
                        // fractions; corner offsets; weights times the value scale (zero for corners outside)
                        let i = SIMD8<Float>(repeating: Float(i0)) + lane
                        let x = minimum(maximum(rowX + c * i, lowest), maxX)
                        let y = minimum(maximum(rowY + n * i, lowest), maxY)
                        let (xf, yf) = (x.rounded(.down), y.rounded(.down))
                        let (fx, fy) = (x - xf, y - yf)
                        let (gx, hx) = ((1 - fx) * scale, fx * scale)
                        let k: SIMD8<Int32>
                        let (r, d): (SIMD8<Int32>, SIMD8<Int32>)
                        if replicate {
                            let x0 = unsafeBitCast(xf + magic, to: SIMD8<Int32>.self) &- 0x4B00_0000
                            let y0 = unsafeBitCast(yf + magic, to: SIMD8<Int32>.self) &- 0x4B00_0000
                            r = laneSelect(laneLess(x0 &+ 1, width32), rightBytes, SIMD8<Int32>.zero)
                            d = laneSelect(laneLess(y0 &+ 1, height32), downBytes, SIMD8<Int32>.zero)
                            k = (start32 &+ x0 &* xStep32 &+ y0 &* yStep32) &* 3
                            wa.storeVector(gx * (1 - fy), at: i0)
                            wb.storeVector(hx * (1 - fy), at: i0)
                            wc.storeVector(gx * fy, at: i0)
                            wd.storeVector(hx * fy, at: i0)
                        } else {
                            let x0 = unsafeBitCast(xf + signedMagic, to: SIMD8<Int32>.self) &- 0x4B40_0000
                            let y0 = unsafeBitCast(yf + signedMagic, to: SIMD8<Int32>.self) &- 0x4B40_0000
                            // x0 in −1…w: the corners x0 and x0 + 1 inside the image or not
                            let (leftIn, rightIn) = (~(x0 &>> 31) & laneLess(x0, width32), laneLess(x0 &+ 1, width32))
                            let (topIn, bottomIn) = (~(y0 &>> 31) & laneLess(y0, height32), laneLess(y0 &+ 1, height32))
                            let xc = laneSelect(x0 &>> 31, .zero, laneSelect(leftIn, x0, width32 &- 1))
                            let yc = laneSelect(y0 &>> 31, .zero, laneSelect(topIn, y0, height32 &- 1))
                            r = laneSelect(leftIn & rightIn, rightBytes, SIMD8<Int32>.zero)
                            d = laneSelect(topIn & bottomIn, downBytes, SIMD8<Int32>.zero)
                            k = (start32 &+ xc &* xStep32 &+ yc &* yStep32) &* 3
                            wa.storeVector(laneSelect(leftIn & topIn, gx * (1 - fy), .zero), at: i0)
                            wb.storeVector(laneSelect(rightIn & topIn, hx * (1 - fy), .zero), at: i0)
                            wc.storeVector(laneSelect(leftIn & bottomIn, gx * fy, .zero), at: i0)
                            wd.storeVector(laneSelect(rightIn & bottomIn, hx * fy, .zero), at: i0)
                        }
                        let reach = k &+ (downward ? d : .zero) &+ (forward ? r : .zero)
                        farthest = laneSelect(laneLess(farthest, reach), reach, farthest)
                        offset.storeVector(k, at: i0)
                        right.storeVector(r, at: i0)
                        down.storeVector(d, at: i0)
                    }
                    let row = out + j * line
                    let table = Taps(offset: offset, right: right, down: down, weights: (wa, wb, wc, wd))
                    // The last pixel of an unpadded crop: three floats, so as not to write past it.
                    let tightEnd = padding == 0 && j == height - 1
                    let wide = farthest.max() < last
                    // Two copies of the loop, one per load width, so that neither tests it per pixel.
                    if wide {
                        blendRow(px, table, count: width - (tightEnd ? 1 : 0), wide: true, into: row)
                    } else {
                        blendRow(px, table, count: width - (tightEnd ? 1 : 0), wide: false, into: row)
                    }
                    if tightEnd {
                        let v = blend(px, table, width - 1, wide: false)
                        (row[3 * width - 3], row[3 * width - 2], row[3 * width - 1]) = (v[0], v[1], v[2])
                    }
                    (row + width * 3).update(repeating: 0, count: padding * 3)
                }
                (out + height * line).update(repeating: 0, count: padding * line)
            }
        }
        if values.offset != 0 {
            for j in 0..<height { for k in (j * line)..<(j * line + width * 3) { output[k] -= values.offset } }
        }
    }

    /// One row's taps: pixel i's corners at `offset[i]`, `right[i]` bytes to its right, `down[i]`
    /// below and both, weighted by `weights.0…3[i]`.
    private struct Taps {
        let offset: UnsafeMutablePointer<Int32>, right: UnsafeMutablePointer<Int32>
        let down: UnsafeMutablePointer<Int32>
        let weights:
            (
                UnsafeMutablePointer<Float>, UnsafeMutablePointer<Float>, UnsafeMutablePointer<Float>,
                UnsafeMutablePointer<Float>
            )
    }

    /// Crop pixels 0..<count of one row from their taps, stored as 4 floats at `row + 3·i`.
    @inline(__always)
    private func blendRow(
        _ px: UnsafePointer<UInt8>, _ taps: Taps, count: Int, wide: Bool, into row: UnsafeMutablePointer<Float>
    ) {
        for i in 0..<count {
            // crop pixel i: its four corners, weighted
            row.storeVector(blend(px, taps, i, wide: wide), at: i &* 3)
        }
    }

    /// Crop pixel i of a row: its four corners, weighted (the fourth lane is of no use).
    @inline(__always)
    private func blend(_ px: UnsafePointer<UInt8>, _ taps: Taps, _ i: Int, wide: Bool) -> SIMD4<Float> {
        let p = px + Int(taps.offset[i])
        let (r, d) = (Int(taps.right[i]), Int(taps.down[i]))
        var v = corner(p, wide) * taps.weights.0[i]
        v = multiplyAdd(corner(p + r, wide), SIMD4(repeating: taps.weights.1[i]), v)
        v = multiplyAdd(corner(p + d, wide), SIMD4(repeating: taps.weights.2[i]), v)
        v = multiplyAdd(corner(p + d + r, wide), SIMD4(repeating: taps.weights.3[i]), v)
        return v
    }

    /// The pixel at `p` as (R, G, B, any) floats: one 4-byte load when `wide` (the byte after the
    /// pixel is inside the image), else three.
    @inline(__always)
    private func corner(_ p: UnsafePointer<UInt8>, _ wide: Bool) -> SIMD4<Float> {
        SIMD4<Float>(wide ? p.loadVector(SIMD4<UInt8>.self, at: 0) : SIMD4<UInt8>(p[0], p[1], p[2], 0))
    }

    /// Scalar reference twin of the bilinear crop, straight from the definition, without padding:
    /// `outputHeight` rows of `outputWidth` pixels.
    func bilinearScalar(_ image: UprightImage) -> [Float] {
        let (width, height) = (outputWidth, outputHeight)
        var out = [Float](repeating: 0, count: width * height * 3)
        guard image.width > 0 && image.height > 0 else { return out }
        let (maxX, maxY) = (Float(image.width - 1), Float(image.height - 1))
        /// Channel `c` of image pixel (x, y), 0 outside the image.
        func level(_ x: Int, _ y: Int, _ c: Int) -> Float {
            guard x >= 0 && x < image.width && y >= 0 && y < image.height else { return 0 }
            return Float(image.stored.pixels[image.storedPixel(x, y) * 3 + c])
        }
        for j in 0..<height {
            for i in 0..<width {
                // one crop pixel: the four image pixels around its centre, weighted by distance
                let p = imagePoint(Point(x: Float(i) + 0.5, y: Float(j) + 0.5))
                let (x0, y0, x1, y1): (Int, Int, Int, Int)
                let (fx, fy): (Float, Float)
                switch border {
                case .replicate:
                    let x = min(max(p.x - 0.5, 0), maxX)
                    let y = min(max(p.y - 0.5, 0), maxY)
                    (x0, y0) = (Int(x), Int(y))
                    (x1, y1) = (min(x0 + 1, image.width - 1), min(y0 + 1, image.height - 1))
                    (fx, fy) = (x - Float(x0), y - Float(y0))
                case .zero:
                    // one pixel beyond the image every corner is outside, as it is farther out
                    let x = min(max(p.x - 0.5, -1), maxX + 1)
                    let y = min(max(p.y - 0.5, -1), maxY + 1)
                    (x0, y0) = (Int(x.rounded(.down)), Int(y.rounded(.down)))
                    (x1, y1) = (x0 + 1, y0 + 1)
                    (fx, fy) = (x - Float(x0), y - Float(y0))
                }
                for c in 0..<3 {
                    let a = level(x0, y0, c)
                    let b = level(x1, y0, c)
                    let d = level(x0, y1, c)
                    let e = level(x1, y1, c)
                    let top = a + (b - a) * fx
                    let bottom = d + (e - d) * fx
                    out[(j * width + i) * 3 + c] = values.normalised(top + (bottom - top) * fy)
                }
            }
        }
        return out
    }
}
