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

/// For each destination coordinate, the first source sample and the 8-bit weight (0…256) of the
/// second one, as OpenCV's bit-exact linear interpolation computes them.
struct BilinearTaps {
    /// First source index of each destination sample.
    var index: [Int]
    /// Weight of `index + 1`, out of 256 (0 at the edges, where only `index` counts).
    var weight: [UInt32]

    init(source: Int, destination: Int) {
        let scale = 1 / (Double(destination) / Double(source))
        index = []
        weight = []
        index.reserveCapacity(destination)
        weight.reserveCapacity(destination)
        for d in 0..<destination {
            let f = scale * (Double(d) + 0.5) - 0.5
            let i = Int(f.rounded(.down))
            if i < 0 || source == 1 {
                index.append(0)
                weight.append(0)
            } else if i >= source - 1 {
                index.append(source - 1)
                weight.append(0)
            } else {
                index.append(i)
                weight.append(UInt32(((f - Double(i)) * 256).rounded(.toNearestOrEven)))
            }
        }
    }

    /// Interpolates one source row (starting at `rowStart`) horizontally, in units of 1/256.
    func interpolateRow(_ src: UnsafeBufferPointer<UInt8>, rowStart: Int, into row: inout [UInt32]) {
        // row[x] = (256 − w)·src[i] + w·src[i + 1]
        for x in 0..<index.count {
            let i = rowStart + index[x]
            let w = weight[x]
            row[x] = w == 0 ? UInt32(src[i]) << 8 : (256 - w) &* UInt32(src[i]) &+ w &* UInt32(src[i + 1])
        }
    }
}
