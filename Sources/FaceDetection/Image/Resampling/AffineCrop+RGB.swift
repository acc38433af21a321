extension AffineCrop {
    /// The crop as RGB floats in [0, 1], channel-last, into `output` (resized to fit) in the face
    /// mesh stem's padded layout: `height + 1` rows of `width + 1` pixels of 3 floats, the last pixel
    /// of each row and the last row zero. Pixel (i, j) is the image sampled bilinearly at
    /// `imagePoint((i + 0.5, j + 0.5))`, clamped to the border (MediaPipe's `BORDER_REPLICATE`). The
    /// sample points step along the crop's turned axes, so the trigonometry is done once per crop.
    ///
    /// Eight crop pixels of a row at a time: their sample points, clamps, corner offsets and the four
    /// bilinear weights in 8-lane vectors, then per pixel four 4-byte corner loads (R, G, B and one
    /// byte of the next pixel, which gets no weight) blended and stored as 4-lane vectors (the fourth
    /// lane lands on the next pixel, written after it, or on the row's zero pixel, zeroed after the row).
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
        image.pixels.withUnsafeBufferPointer { pixelBuffer in
            output.withUnsafeMutableBufferPointer { outBuffer in
                // Safety: x0 + right < w and y0 + down < h after the clamp, so every corner offset is at
                // most `last`; 4-byte loads are made only where all offsets of the 8 pixels are below it.
                // Pixel (i, j) writes floats j·line + 3·i …+4 ≤ j·line + 3·width + 1 < (j + 1)·line; row
                // j < height then zeroes floats j·line + 3·width …+3, the last row floats height·line
                // …+line = the output's count.
                let px = pixelBuffer.baseAddress!
                let out = outBuffer.baseAddress!
                for j in 0..<height {
                    let (rowX, rowY) = (firstX - n * Float(j), firstY + c * Float(j))
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
                        let right = laneSelect(laneLess(x0 &+ 1, width32), three, SIMD8<Int32>.zero)
                        let down = laneSelect(laneLess(y0 &+ 1, height32), rowBytes, SIMD8<Int32>.zero)
                        let k = (y0 &* width32 &+ x0) &* 3
                        let (gx, hx) = ((1 - fx) * (1 / 255), fx * (1 / 255))
                        let (wa, wb, wc, wd) = (gx * (1 - fy), hx * (1 - fy), gx * fy, hx * fy)
                        let safe = (k &+ down &+ right).max() < last
                        for l in 0..<min(8, width - i0) {
                            // crop pixel i0 + l: its four corners, weighted
                            let p = px + Int(k[l])
                            let (r, d) = (Int(right[l]), Int(down[l]))
                            var v = corner(p, safe) * wa[l]
                            v = multiplyAdd(corner(p + r, safe), SIMD4(repeating: wb[l]), v)
                            v = multiplyAdd(corner(p + d, safe), SIMD4(repeating: wc[l]), v)
                            v = multiplyAdd(corner(p + d + r, safe), SIMD4(repeating: wd[l]), v)
                            out.storeVector(v, at: j * line + (i0 + l) * 3)
                        }
                    }
                    (out + j * line + width * 3).update(repeating: 0, count: 3)
                }
                (out + height * line).update(repeating: 0, count: line)
            }
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
