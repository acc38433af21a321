extension RGBImage {
    /// The image scaled to `width` × `height` pixels (sizes below 0 count as 0).
    ///
    /// Each axis is resampled on its own: bilinear interpolation where it grows, area averaging
    /// (a box filter over the covered input pixels) where it shrinks, so a downscale by any factor
    /// shows no aliasing. The same size gives an exact copy; a constant image stays constant.
    /// An empty image scaled to a non-empty size gives a black image.
    public func resized(width: Int, height: Int) -> RGBImage {
        resized(width: width, height: height, simd: true)
    }

    /// `resized(width:height:)` with the SIMD kernels (`simd`) or their scalar twins.
    func resized(width outWidth: Int, height outHeight: Int, simd: Bool) -> RGBImage {
        let outWidth = max(outWidth, 0)
        let outHeight = max(outHeight, 0)
        guard outWidth > 0, outHeight > 0, width > 0, height > 0 else {
            return RGBImage(width: outWidth, height: outHeight)
        }
        let across = ResamplingTaps(from: width, to: outWidth)
        let down = ResamplingTaps(from: height, to: outHeight)
        let rowLength = width * 3
        var mixed = [Float](repeating: 0, count: rowLength + 1)  // one spare float for the SIMD4 loads
        var output = [UInt8](repeating: 0, count: outWidth * outHeight * 3)
        // Each output row: mix the covered input rows into `mixed`, then its pixels into `output`.
        down.indices.withUnsafeBufferPointer { rows in
            down.weights.withUnsafeBufferPointer { weights in
                for y in 0..<outHeight {
                    let taps = (y * down.taps)..<((y + 1) * down.taps)
                    let outFirst = y * outWidth * 3
                    if simd {
                        RowMixing.mixRowsSIMD(
                            pixels: pixels, rowLength: rowLength, first: 0, rows: rows, weights: weights,
                            taps: taps, count: rowLength, output: &mixed)
                        ResizeKernels.mixPixelsSIMD(
                            row: mixed, width: outWidth, indices: across.indices, weights: across.weights,
                            taps: across.taps, output: &output, first: outFirst)
                    } else {
                        RowMixing.mixRowsScalar(
                            pixels: pixels, rowLength: rowLength, first: 0, rows: rows, weights: weights,
                            taps: taps, count: rowLength, output: &mixed)
                        ResizeKernels.mixPixelsScalar(
                            row: mixed, width: outWidth, indices: across.indices, weights: across.weights,
                            taps: across.taps, output: &output, first: outFirst)
                    }
                }
            }
        }
        return RGBImage(width: outWidth, height: outHeight, pixels: output)
    }
}
