/// A channel-last feature map stored with a one-pixel zero border on every side: `height + 2` rows of
/// `width + 2` pixels of `channels` floats (no padding between pixels). A 3×3 convolution with
/// zero padding reads it without bounds tests, and the layer before it writes its output straight
/// into the interior, so no padded copy is made between layers.
struct BorderedFeatureMap {
    /// Rows of the interior.
    private(set) var height = 0
    /// Pixels per row of the interior.
    private(set) var width = 0
    /// Floats per pixel.
    private(set) var channels = 0
    /// The values, border included; `(height + 2)·(width + 2)·channels` of them in use.
    var values: [Float] = []

    /// An empty map (reshape it before use).
    init() {}

    /// Floats from one row to the next.
    var rowStride: Int { (width + 2) * channels }

    /// Index in `values` of channel 0 of the pixel at row `y`, column `x` (−1 and `height` / `width`
    /// name the border).
    @inline(__always)
    func offset(_ y: Int, _ x: Int) -> Int { ((y + 1) * (width + 2) + x + 1) * channels }

    /// Makes this a `height`×`width`×`channels` map, growing the storage only when it is too small, and
    /// zeroes the border (the interior's contents are then undefined).
    mutating func reshape(height: Int, width: Int, channels: Int) {
        precondition(height >= 0 && width >= 0 && channels > 0)
        (self.height, self.width, self.channels) = (height, width, channels)
        let (line, needed) = ((width + 2) * channels, (height + 2) * (width + 2) * channels)
        if values.count < needed { values = [Float](repeating: 0, count: needed) }
        values.withUnsafeMutableBufferPointer { buffer in
            // Safety: rows 0 and height + 1 span `line` floats each, the left and right border pixels of
            // rows 1…height `channels` floats each; all below `needed` ≤ values.count.
            let p = buffer.baseAddress!
            p.update(repeating: 0, count: line)
            (p + (height + 1) * line).update(repeating: 0, count: line)
            for y in stride(from: 1, through: height, by: 1) {
                (p + y * line).update(repeating: 0, count: channels)
                (p + y * line + (width + 1) * channels).update(repeating: 0, count: channels)
            }
        }
    }

    /// Channel `c` of the pixel at row `y`, column `x` (the border included).
    subscript(y: Int, x: Int, c: Int) -> Float {
        get { values[offset(y, x) + c] }
        set { values[offset(y, x) + c] = newValue }
    }
}
