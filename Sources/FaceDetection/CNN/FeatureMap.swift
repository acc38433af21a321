/// A stack of feature planes for the CNN runtime, stored channel-last: `height` rows of `width`
/// pixels, each pixel `channels` floats followed by zero padding up to `pixelStride` floats.
///
/// Kernels write whole `SIMD16<Float>` channel blocks, so maps they produce have a `pixelStride`
/// that is a multiple of 16; a network input (e.g. 3 colour channels) may be packed tightly.
/// The storage only grows: reshaping a map reuses its buffer, so one map serves many calls.
struct FeatureMap {
    /// Rows.
    private(set) var height = 0
    /// Pixels per row.
    private(set) var width = 0
    /// Meaningful floats per pixel.
    private(set) var channels = 0
    /// Floats from one pixel to the next (≥ `channels`).
    private(set) var pixelStride = 0
    /// The values, `height * width * pixelStride` of them in use (the array may be longer).
    var values: [Float] = []

    /// An empty map (reshape it before use).
    init() {}

    /// A map of the given size, zero-filled.
    init(height: Int, width: Int, channels: Int, alignment: Int = 16) {
        reshape(height: height, width: width, channels: channels, alignment: alignment)
    }

    /// Makes this a `height`×`width`×`channels` map with the pixel stride rounded up to a multiple
    /// of `alignment`, growing the storage only when it is too small (contents are then undefined).
    mutating func reshape(height: Int, width: Int, channels: Int, alignment: Int = 16) {
        precondition(height >= 0 && width >= 0 && channels > 0 && alignment > 0)
        self.height = height
        self.width = width
        self.channels = channels
        pixelStride = (channels + alignment - 1) / alignment * alignment
        let needed = height * width * pixelStride
        if values.count < needed { values = [Float](repeating: 0, count: needed) }
    }

    /// Index of channel `c` of the pixel at row `y`, column `x` in `values`.
    @inline(__always)
    func index(_ y: Int, _ x: Int, _ c: Int) -> Int { (y * width + x) * pixelStride + c }

    /// Channel `c` of the pixel at row `y`, column `x`.
    subscript(y: Int, x: Int, c: Int) -> Float {
        get { values[index(y, x, c)] }
        set { values[index(y, x, c)] = newValue }
    }
}
