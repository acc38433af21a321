extension GrayImage {
    /// This image resampled to `width` × `height` with bilinear interpolation, bit-exact with
    /// OpenCV's `resize(..., INTER_LINEAR_EXACT)` (the resampling its cascade detector uses):
    /// pixel-centre alignment, 8-bit fixed-point weights, edge pixels repeated.
    public func resized(width newWidth: Int, height newHeight: Int) -> GrayImage {
        precondition(newWidth > 0 && newHeight > 0 && width > 0 && height > 0, "resized: empty image")
        let xs = BilinearTaps(source: width, destination: newWidth)
        let ys = BilinearTaps(source: height, destination: newHeight)
        var out = [UInt8](repeating: 0, count: newWidth * newHeight)
        var row0 = [UInt32](repeating: 0, count: newWidth)
        var row1 = row0
        pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                // Safety: taps give index ≤ source − 1 and weight > 0 only when index + 1 ≤ source − 1, so src
                // reads stay in rows sy, sy + 1 < height; dst index y·newWidth + x < out.count.
                for y in 0..<newHeight {
                    let (sy, by) = (ys.index[y], ys.weight[y])
                    xs.interpolateRow(src, rowStart: sy * width, into: &row0)
                    let base = y * newWidth
                    if by == 0 {
                        // a source row on its own: round the 8-bit fraction away
                        for x in 0..<newWidth { dst[base + x] = UInt8(truncatingIfNeeded: (row0[x] + 128) >> 8) }
                    } else {
                        xs.interpolateRow(src, rowStart: (sy + 1) * width, into: &row1)
                        let b0 = 256 - by
                        // dst = (b0·row0 + b1·row1) / 65536, rounded
                        for x in 0..<newWidth {
                            dst[base + x] = UInt8(truncatingIfNeeded: (b0 &* row0[x] &+ by &* row1[x] &+ 32768) >> 16)
                        }
                    }
                }
            }
        }
        return GrayImage(width: newWidth, height: newHeight, pixels: out)
    }
}
