/// Crops a rectangle of an RGB image (pixels outside the image count as black) and resizes it to
/// a network input (the area kernel of ``ImageCrop``), its levels mapped as ``ImageCrop/Values`` says
/// (MTCNN's `(v − 127.5) × 0.0078125` by default) — as OpenCV's `INTER_AREA` resize does for MTCNN's
/// reference implementation: shrinking averages the source pixels each output pixel
/// covers (weighted by overlap); enlarging blends the two nearest pixels with OpenCV's area weights.
///
/// Separable: the crop is first resampled vertically into a scratch buffer, then horizontally.
/// The image's bytes are read directly (no float copy of the image is needed).
/// The tables and the buffer are kept between calls, so one resampler serves many crops.
struct AreaResampler {
    /// Source taps per output coordinate along one axis.
    struct Axis {
        /// `start[d] ..< start[d + 1]` index `source` and `weight` for output coordinate `d`.
        var start: [Int] = []
        /// Source coordinate (relative to the image, may lie outside it: such taps are skipped).
        var source: [Int] = []
        /// Weight of each tap.
        var weight: [Float] = []

        /// Taps for resizing `length` source pixels starting at `origin` to `outputLength` pixels.
        mutating func build(origin: Int, length: Int, outputLength: Int, imageLength: Int) {
            start.removeAll(keepingCapacity: true)
            source.removeAll(keepingCapacity: true)
            weight.removeAll(keepingCapacity: true)
            let scale = Double(length) / Double(outputLength)
            for d in 0..<outputLength {
                start.append(source.count)
                if length >= outputLength {
                    // Area: the output pixel covers source [a, b); weight = overlap / scale.
                    let a = Double(d) * scale
                    let b = a + scale
                    var i = Int(a.rounded(.down))
                    while Double(i) < b && i < length {
                        let overlap = min(b, Double(i + 1)) - max(a, Double(i))
                        if overlap > 1e-9 { add(origin + i, Float(overlap / scale), imageLength) }
                        i += 1
                    }
                } else {
                    // Enlarging: OpenCV's INTER_AREA weights (linear across source pixel edges).
                    var s = Int((Double(d) * scale).rounded(.down))
                    var f = Float(Double(d + 1) - Double(s + 1) / scale)
                    f = f <= 0 ? 0 : f - f.rounded(.down)
                    if s >= length - 1 {
                        s = length - 1
                        f = 0
                    }
                    add(origin + s, 1 - f, imageLength)
                    if f > 0 { add(origin + s + 1, f, imageLength) }
                }
            }
            start.append(source.count)
        }

        private mutating func add(_ index: Int, _ w: Float, _ imageLength: Int) {
            guard index >= 0 && index < imageLength else { return }  // black outside the image
            source.append(index)
            weight.append(w)
        }
    }

    private var columns = Axis()
    private var rows = Axis()
    /// Vertically resampled rows of the crop's columns: `band rows × columns × 3`.
    private var rowBuffer: [Float] = []

    /// An empty resampler.
    init() {}

    /// Resizes the `width`×`height` rectangle at (`left`, `top`) of `image` to
    /// `outputWidth`×`outputHeight`, writing the normalised network input into `output`
    /// (3 channels, packed). With `roundToBytes` the resized values are first rounded to whole
    /// 0…255 levels, as resizing an 8-bit image yields (MTCNN's reference does so for its pyramid).
    ///
    /// With `band`, only those output rows are produced (`output` then holds `band.count` rows,
    /// the same values as those rows of the whole output): a P-Net strip of a pyramid level.
    ///
    /// Rows first (`RowMixing`, SIMD over the pixels of a row), then columns on the fewer
    /// resulting rows.
    mutating func resample(
        _ image: RGBImage, left: Int, top: Int, width: Int, height: Int,
        outputWidth: Int, outputHeight: Int, band: Range<Int>? = nil,
        roundToBytes: Bool = false, into output: inout FeatureMap
    ) {
        let bandHeight = band?.count ?? outputHeight
        output.reshape(height: bandHeight, width: outputWidth, channels: 3, alignment: 1)
        precondition(output.pixelStride == 3)
        resample(
            UprightImage(image), left: left, top: top, width: width, height: height, outputWidth: outputWidth,
            outputHeight: outputHeight, band: band, roundToBytes: roundToBytes, values: .centred,
            rowStride: outputWidth * 3, into: &output.values)
    }

    /// The resize of `resample(_:left:top:width:height:outputWidth:outputHeight:band:roundToBytes:into:)`
    /// with the levels mapped by `values`, into `output` (at least `band.count` rows of `rowStride`
    /// floats, the first `outputWidth` × 3 of each written, channel-last), the rectangle in `image`'s
    /// upright picture (read where it is stored: the same values as the turned copy's resample).
    mutating func resample(
        _ image: UprightImage, left: Int, top: Int, width: Int, height: Int,
        outputWidth: Int, outputHeight: Int, band: Range<Int>? = nil,
        roundToBytes: Bool = false, values: ImageCrop.Values, rowStride: Int, into output: inout [Float]
    ) {
        precondition(width > 0 && height > 0 && outputWidth > 0 && outputHeight > 0)
        let band = band ?? 0..<outputHeight
        precondition(band.lowerBound >= 0 && band.upperBound <= outputHeight && !band.isEmpty)
        precondition(rowStride >= outputWidth * 3 && output.count >= (band.count - 1) * rowStride + outputWidth * 3)
        columns.build(origin: left, length: width, outputLength: outputWidth, imageLength: image.width)
        rows.build(origin: top, length: height, outputLength: outputHeight, imageLength: image.height)
        let bandHeight = band.count
        let firstRow = band.lowerBound
        // Only the crop's columns inside the image are read.
        let firstColumn = max(0, left)
        let endColumn = max(firstColumn, min(image.width, left + width))
        let span = (endColumn - firstColumn) * 3
        let needed = bandHeight * span + 16
        if rowBuffer.count < needed { rowBuffer = [Float](repeating: 0, count: needed) }
        let (rs, cols) = (rows, columns)
        image.stored.pixels.withUnsafeBufferPointer { pixelBuffer in
            rowBuffer.withUnsafeMutableBufferPointer { buffer in
                rs.source.withUnsafeBufferPointer { source in
                    rs.weight.withUnsafeBufferPointer { weight in
                        // Safety: tap rows are < image.height and columns firstColumn..<endColumn are < width, so
                        // every pixel read is a stored one (storedPixel); row d − firstRow takes span floats of
                        // rowBuffer, and bandHeight·span < needed ≤ its count.
                        let pixels = pixelBuffer.baseAddress!
                        let rowsOut = buffer.baseAddress!
                        // rowsOut[d − firstRow][i] = Σ_taps weight * upright row source, byte firstColumn * 3 + i
                        for d in band {
                            if image.rowsAreStored {
                                RowMixing.mixRowsSIMD(
                                    pixels: pixels + 3 * image.start, rowLength: 3 * image.yStep,
                                    first: firstColumn * 3,
                                    rows: source, weights: weight,
                                    taps: rs.start[d]..<rs.start[d + 1], count: span,
                                    output: rowsOut + (d - firstRow) * span)
                            } else {
                                RowMixing.mixUprightRows(
                                    pixels: pixels, image: image, firstColumn: firstColumn, rows: source,
                                    weights: weight,
                                    taps: rs.start[d]..<rs.start[d + 1], columns: endColumn - firstColumn,
                                    output: rowsOut + (d - firstRow) * span)
                            }
                        }
                    }
                }
            }
        }
        let ps = 3
        rowBuffer.withUnsafeBufferPointer { buffer in
            output.withUnsafeMutableBufferPointer { out in
                cols.source.withUnsafeBufferPointer { source in
                    cols.weight.withUnsafeBufferPointer { weight in
                        // Safety: column taps lie in firstColumn..<endColumn, so p + 2 < (y + 1)·span ≤ buffer.count;
                        // out index y·rowStride + d·ps + 2 < (bandHeight − 1)·rowStride + outputWidth·3 ≤ its count.
                        // out[y][d][c] = values.normalised(Σ_taps weight * rowsOut[y][source][c])
                        for y in 0..<bandHeight {
                            let src = y * span - firstColumn * 3
                            let dst = y * rowStride
                            for d in 0..<outputWidth {
                                var r: Float = 0
                                var g: Float = 0
                                var b: Float = 0
                                for t in cols.start[d]..<cols.start[d + 1] {
                                    let p = src + source[t] * 3
                                    let w = weight[t]
                                    r += w * buffer[p]
                                    g += w * buffer[p + 1]
                                    b += w * buffer[p + 2]
                                }
                                if roundToBytes {
                                    r.round(.toNearestOrEven)
                                    g.round(.toNearestOrEven)
                                    b.round(.toNearestOrEven)
                                }
                                out[dst + d * ps] = values.normalised(r)
                                out[dst + d * ps + 1] = values.normalised(g)
                                out[dst + d * ps + 2] = values.normalised(b)
                            }
                        }
                    }
                }
            }
        }
    }
}
