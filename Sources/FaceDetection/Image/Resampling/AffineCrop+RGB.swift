extension AffineCrop {
    /// The crop as RGB floats in [0, 1], channel-last, into `output` (resized to fit) in the face
    /// mesh stem's padded layout: `height + 1` rows of `width + 1` pixels of 3 floats, the last pixel
    /// of each row and the last row zero. Pixel (i, j) is the image sampled bilinearly at
    /// `imagePoint((i + 0.5, j + 0.5))`, clamped to the border (MediaPipe's `BORDER_REPLICATE`). The
    /// sample points step along the crop's turned axes, so the trigonometry is done once per crop.
    ///
    /// Row by row, in two passes: first the taps of the row's pixels, eight at a time in 8-lane
    /// vectors (sample points, clamps, corner offsets and the four bilinear weights) stored to a
    /// small table; then per pixel four 4-byte corner loads (R, G, B and one byte of the next pixel,
    /// which gets no weight) blended and stored as 4-lane vectors (the fourth lane lands on the next
    /// pixel, written after it, or on the row's zero pixel, zeroed after the row). The table keeps
    /// the per-pixel loop free of lane extractions, which spilled every vector on every pixel.
    func rgbPadded(_ image: RGBImage, into output: inout [Float]) {
        let line = (width + 1) * 3
        let count = (height + 1) * line
        if output.count != count { output = [Float](repeating: 0, count: count) }
        let (w, h) = (image.width, image.height)
        // Lane arithmetic below: whole pixel coordinates as exact floats, byte offsets in Int32.
        guard w > 0 && h > 0 && max(w, h) < 1 << 22 && w * h * 3 < Int(Int32.max) else {
            let tight = rgbScalar(image)
            for k in 0..<count { output[k] = 0 }
            for j in 0..<height { for k in 0..<(width * 3) { output[j * line + k] = tight[j * width * 3 + k] } }
            return
        }
        let (maxX, maxY) = (SIMD8<Float>(repeating: Float(w - 1)), SIMD8<Float>(repeating: Float(h - 1)))
        let step = scale / unitPixels
        let (c, n) = (cos * step, sin * step)
        // Sample point of crop pixel (i, j), in pixel-centre coordinates: first + i·(c, n) + j·(−n, c).
        let first = imagePoint(Point(x: 0.5, y: 0.5))
        let (firstX, firstY) = (first.x - 0.5, first.y - 0.5)
        let lane = SIMD8<Float>(0, 1, 2, 3, 4, 5, 6, 7)
        // 2²³ as a float: adding it to a whole number below 2²³ leaves that number in the low mantissa bits.
        let magic = SIMD8<Float>(repeating: 8_388_608)
        let (width32, height32) = (SIMD8<Int32>(repeating: Int32(w)), SIMD8<Int32>(repeating: Int32(h)))
        let (three, rowBytes) = (SIMD8<Int32>(repeating: 3), SIMD8<Int32>(repeating: Int32(3 * w)))
        // The last pixel's byte offset: a 4-byte load of any other pixel stays inside the image.
        let last = Int32((w * h - 1) * 3)
        // One row's taps, `span` = width rounded up to 8 entries per table: corner offsets, steps, weights.
        let span = (width + 7) / 8 * 8
        let steps = UnsafeMutablePointer<Int32>.allocate(capacity: 3 * span)
        let weights = UnsafeMutablePointer<Float>.allocate(capacity: 4 * span)
        defer {
            steps.deallocate()
            weights.deallocate()
        }
        image.pixels.withUnsafeBufferPointer { pixelBuffer in
            output.withUnsafeMutableBufferPointer { outBuffer in
                // Safety: x0 + right < w and y0 + down < h after the clamp, so every corner offset is
                // at most `last`; 4-byte loads are made only in rows whose offsets are all below it.
                // Pixel (i, j) writes floats j·line + 3·i …+4 ≤ j·line + 3·width + 1 < (j + 1)·line;
                // row j < height then zeroes floats j·line + 3·width …+3, the last row floats
                // height·line …+line = the output's count. The tables hold `span` ≥ width entries.
                let px = pixelBuffer.baseAddress!
                let out = outBuffer.baseAddress!
                let (offset, right, down) = (
                    steps, steps + span, steps + 2 * span
                )
                let (wa, wb, wc, wd) = (
                    weights, weights + span, weights + 2 * span,
                    weights + 3 * span
                )
                for j in 0..<height {
                    let (rowX, rowY) = (firstX - n * Float(j), firstY + c * Float(j))
                    var farthest = SIMD8<Int32>.zero
                    for i0 in stride(from: 0, to: width, by: 8) {
                        // crop pixels i0…i0+7 of row j: sample points clamped into the image, split into
                        // whole pixels and fractions; corner offsets; weights over 255
                        let i = SIMD8<Float>(repeating: Float(i0)) + lane
                        let x = minimum(maximum(rowX + c * i, .zero), maxX)
                        let y = minimum(maximum(rowY + n * i, .zero), maxY)
                        let (xf, yf) = (x.rounded(.down), y.rounded(.down))
                        let (fx, fy) = (x - xf, y - yf)
                        let x0 = unsafeBitCast(xf + magic, to: SIMD8<Int32>.self) &- 0x4B00_0000
                        let y0 = unsafeBitCast(yf + magic, to: SIMD8<Int32>.self) &- 0x4B00_0000
                        let r = laneSelect(laneLess(x0 &+ 1, width32), three, SIMD8<Int32>.zero)
                        let d = laneSelect(laneLess(y0 &+ 1, height32), rowBytes, SIMD8<Int32>.zero)
                        let k = (y0 &* width32 &+ x0) &* 3
                        let (gx, hx) = ((1 - fx) * (1 / 255), fx * (1 / 255))
                        let reach = k &+ d &+ r
                        farthest = laneSelect(laneLess(farthest, reach), reach, farthest)
                        offset.storeVector(k, at: i0)
                        right.storeVector(r, at: i0)
                        down.storeVector(d, at: i0)
                        wa.storeVector(gx * (1 - fy), at: i0)
                        wb.storeVector(hx * (1 - fy), at: i0)
                        wc.storeVector(gx * fy, at: i0)
                        wd.storeVector(hx * fy, at: i0)
                    }
                    let row = out + j * line
                    // Two copies of the loop, one per load width, so that neither tests it per pixel.
                    if farthest.max() < last {
                        blendRow(px, offset, right, down, (wa, wb, wc, wd), count: width, wide: true, into: row)
                    } else {
                        blendRow(
                            px, offset, right, down, (wa, wb, wc, wd), count: width, wide: false, into: row)
                    }
                    (row + width * 3).update(repeating: 0, count: 3)
                }
                (out + height * line).update(repeating: 0, count: line)
            }
        }
    }

    /// Crop pixels 0..<count of one row from their taps: pixel i is the four corners at `px + offset[i]`,
    /// one `right[i]` bytes to the right, one `down[i]` below and one both, weighted by `weights.0…3[i]`,
    /// stored as 4 floats at `row + 3·i`.
    @inline(__always)
    private func blendRow(
        _ px: UnsafePointer<UInt8>, _ offset: UnsafeMutablePointer<Int32>, _ right: UnsafeMutablePointer<Int32>,
        _ down: UnsafeMutablePointer<Int32>,
        _ weights: (
            UnsafeMutablePointer<Float>, UnsafeMutablePointer<Float>, UnsafeMutablePointer<Float>,
            UnsafeMutablePointer<Float>
        ),
        count: Int, wide: Bool, into row: UnsafeMutablePointer<Float>
    ) {
        for i in 0..<count {
            // crop pixel i: its four corners, weighted
            let p = px + Int(offset[i])
            let (r, d) = (Int(right[i]), Int(down[i]))
            var v = corner(p, wide) * weights.0[i]
            v = multiplyAdd(corner(p + r, wide), SIMD4(repeating: weights.1[i]), v)
            v = multiplyAdd(corner(p + d, wide), SIMD4(repeating: weights.2[i]), v)
            v = multiplyAdd(corner(p + d + r, wide), SIMD4(repeating: weights.3[i]), v)
            row.storeVector(v, at: i &* 3)
        }
    }

    /// The pixel at `p` as (R, G, B, any) floats: one 4-byte load when `wide` (the byte after the
    /// pixel is inside the image), else three.
    @inline(__always)
    private func corner(_ p: UnsafePointer<UInt8>, _ wide: Bool) -> SIMD4<Float> {
        SIMD4<Float>(wide ? p.loadVector(SIMD4<UInt8>.self, at: 0) : SIMD4<UInt8>(p[0], p[1], p[2], 0))
    }

    /// Scalar reference twin of `rgbPadded(_:into:)`, straight from the definition, without the
    /// padding: `height` rows of `width` pixels.
    func rgbScalar(_ image: RGBImage) -> [Float] {
        var out = [Float](repeating: 0, count: width * height * 3)
        guard image.width > 0 && image.height > 0 else { return out }
        let (maxX, maxY) = (Float(image.width - 1), Float(image.height - 1))
        for j in 0..<height {
            for i in 0..<width {
                // one crop pixel: the four image pixels around its centre, weighted by distance
                let p = imagePoint(Point(x: Float(i) + 0.5, y: Float(j) + 0.5))
                let x = min(max(p.x - 0.5, 0), maxX)
                let y = min(max(p.y - 0.5, 0), maxY)
                let (x0, y0) = (Int(x), Int(y))
                let (x1, y1) = (min(x0 + 1, image.width - 1), min(y0 + 1, image.height - 1))
                let (fx, fy) = (x - Float(x0), y - Float(y0))
                for c in 0..<3 {
                    let a = Float(image.pixels[(y0 * image.width + x0) * 3 + c])
                    let b = Float(image.pixels[(y0 * image.width + x1) * 3 + c])
                    let d = Float(image.pixels[(y1 * image.width + x0) * 3 + c])
                    let e = Float(image.pixels[(y1 * image.width + x1) * 3 + c])
                    let top = a + (b - a) * fx
                    let bottom = d + (e - d) * fx
                    out[(j * width + i) * 3 + c] = (top + (bottom - top) * fy) / 255
                }
            }
        }
        return out
    }
}
