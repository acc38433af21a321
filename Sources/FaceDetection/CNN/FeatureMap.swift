/// A stack of feature planes for the CNN runtime that owns its storage, stored channel-last: `height`
/// rows of `width` pixels, each pixel `channels` floats followed by zero padding up to `pixelStride`
/// floats, inside a zero border of `border` pixels on every side.
///
/// Kernels write whole `SIMD16<Float>` channel blocks, so MTCNN's maps have a `pixelStride` that is a
/// multiple of 16; a network input (e.g. 3 colour channels) may be packed tightly. Face mesh v2's
/// maps are packed tightly with a one-pixel border: a 3×3 convolution with zero padding reads them
/// without bounds tests, and the layer before it writes its output straight into the interior, so
/// no padded copy is made between layers. The storage only grows: reshaping a map reuses its buffer,
/// so one map serves many calls. Maps inside a workspace that something else owns are
/// `FeatureMapView`s.
struct FeatureMap {
    /// Rows of the interior.
    private(set) var height = 0
    /// Pixels per row of the interior.
    private(set) var width = 0
    /// Meaningful floats per pixel.
    private(set) var channels = 0
    /// Floats from one pixel to the next (≥ `channels`).
    private(set) var pixelStride = 0
    /// Zero pixels on each side of the interior (0 or 1).
    private(set) var border = 0
    /// The values, border included, `(height + 2·border)·(width + 2·border)·pixelStride` of them in
    /// use (the array may be longer).
    var values: [Float] = []

    /// An empty map (reshape it before use).
    init() {}

    /// A map of the given size, zero-filled.
    init(height: Int, width: Int, channels: Int, alignment: Int = 16) {
        reshape(height: height, width: width, channels: channels, alignment: alignment)
    }

    /// Floats from one row to the next.
    var rowStride: Int { (width + 2 * border) * pixelStride }

    /// Makes this a `height`×`width`×`channels` map with the pixel stride rounded up to a multiple
    /// of `alignment` and `border` zero pixels around it, growing the storage only when it is too
    /// small. The border is zeroed; the interior's contents are then undefined.
    mutating func reshape(height: Int, width: Int, channels: Int, alignment: Int = 16, border: Int = 0) {
        precondition(height >= 0 && width >= 0 && channels > 0 && alignment > 0 && (border == 0 || border == 1))
        (self.height, self.width, self.channels, self.border) = (height, width, channels, border)
        pixelStride = (channels + alignment - 1) / alignment * alignment
        let needed = (height + 2 * border) * rowStride
        if values.count < needed { values = [Float](repeating: 0, count: needed) }
        guard border == 1 else { return }
        let (line, ps) = (rowStride, pixelStride)
        values.withUnsafeMutableBufferPointer { buffer in
            // Safety: rows 0 and height + 1 span `line` floats each, the left and right border pixels of
            // rows 1…height `pixelStride` floats each; all below `needed` ≤ values.count.
            let p = buffer.baseAddress!
            p.update(repeating: 0, count: line)
            (p + (height + 1) * line).update(repeating: 0, count: line)
            for y in stride(from: 1, through: height, by: 1) {
                (p + y * line).update(repeating: 0, count: ps)
                (p + y * line + (width + 1) * ps).update(repeating: 0, count: ps)
            }
        }
    }

    /// Index in `values` of channel 0 of the pixel at row `y`, column `x` (with a border, −1 and
    /// `height` / `width` name it).
    @inline(__always)
    func offset(_ y: Int, _ x: Int) -> Int { ((y + border) * (width + 2 * border) + x + border) * pixelStride }

    /// Index in `values` of channel `c` of the pixel at row `y`, column `x`.
    @inline(__always)
    func index(_ y: Int, _ x: Int, _ c: Int) -> Int { offset(y, x) + c }

    /// Channel `c` of the pixel at row `y`, column `x` (the border included).
    subscript(y: Int, x: Int, c: Int) -> Float {
        get { values[index(y, x, c)] }
        set { values[index(y, x, c)] = newValue }
    }
}
