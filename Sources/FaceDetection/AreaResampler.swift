/// Crops a rectangle of an RGB image (pixels outside the image count as black) and resizes it to
/// a network input, normalised to `(v − 127.5) × 0.0078125` — as OpenCV's `INTER_AREA` resize does
/// for MTCNN's reference implementation: shrinking averages the source pixels each output pixel
/// covers (weighted by overlap); enlarging blends the two nearest pixels with OpenCV's area weights.
///
/// Separable: rows are resampled horizontally into a scratch buffer, then columns vertically.
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
                    let a = Double(d) * scale, b = a + scale
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
                    if s >= length - 1 { s = length - 1; f = 0 }
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
    /// Horizontally resampled rows: `image.height × outputWidth × 3`.
    private var rowBuffer: [Float] = []

    /// An empty resampler.
    init() {}

    /// Resizes the `width`×`height` rectangle at (`left`, `top`) of `image` to
    /// `outputWidth`×`outputHeight`, writing the normalised network input into `output`
    /// (3 channels, packed). With `roundToBytes` the resized values are first rounded to whole
    /// 0…255 levels, as resizing an 8-bit image yields (MTCNN's reference does so for its pyramid).
    mutating func resample(_ image: Image, left: Int, top: Int, width: Int, height: Int,
                           outputWidth: Int, outputHeight: Int, roundToBytes: Bool = false,
                           into output: inout FeatureMap) {
        precondition(width > 0 && height > 0 && outputWidth > 0 && outputHeight > 0)
        columns.build(origin: left, length: width, outputLength: outputWidth, imageLength: image.width)
        rows.build(origin: top, length: height, outputLength: outputHeight, imageLength: image.height)
        output.reshape(height: outputHeight, width: outputWidth, channels: 3, alignment: 1)
        let firstRow = max(0, top), endRow = min(image.height, top + height)
        let needed = max(0, endRow - firstRow) * outputWidth * 3
        if rowBuffer.count < needed { rowBuffer = [Float](repeating: 0, count: needed) }
        let cols = columns, rs = rows
        image.pixels.withUnsafeBufferPointer { pixels in
            rowBuffer.withUnsafeMutableBufferPointer { buffer in
                // buffer[y][d][c] = Σ_taps weight * image[y][source][c]
                for y in firstRow..<max(firstRow, endRow) {
                    let srcRow = y * image.width * 3, dstRow = (y - firstRow) * outputWidth * 3
                    for d in 0..<outputWidth {
                        var r: Float = 0, g: Float = 0, b: Float = 0
                        for t in cols.start[d]..<cols.start[d + 1] {
                            let p = srcRow + cols.source[t] * 3, w = cols.weight[t]
                            r += w * Float(pixels[p]); g += w * Float(pixels[p + 1]); b += w * Float(pixels[p + 2])
                        }
                        buffer[dstRow + d * 3] = r; buffer[dstRow + d * 3 + 1] = g; buffer[dstRow + d * 3 + 2] = b
                    }
                }
            }
        }
        rowBuffer.withUnsafeBufferPointer { buffer in
            output.values.withUnsafeMutableBufferPointer { out in
                // out[d][x][c] = (Σ_taps weight * buffer[source][x][c] − 127.5) × 0.0078125
                let rowLength = outputWidth * 3
                for d in 0..<outputHeight {
                    let dst = d * rowLength
                    for i in 0..<rowLength { out[dst + i] = 0 }
                    for t in rs.start[d]..<rs.start[d + 1] {
                        let src = (rs.source[t] - firstRow) * rowLength, w = rs.weight[t]
                        for i in 0..<rowLength { out[dst + i] += w * buffer[src + i] }
                    }
                    if roundToBytes {
                        for i in 0..<rowLength { out[dst + i] = out[dst + i].rounded(.toNearestOrEven) }
                    }
                    for i in 0..<rowLength { out[dst + i] = (out[dst + i] - 127.5) * 0.0078125 }
                }
            }
        }
    }
}
