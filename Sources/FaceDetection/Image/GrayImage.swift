/// An 8-bit single-channel image, rows top to bottom, no row padding.
public struct GrayImage: Sendable, Equatable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// `width * height` bytes, row after row. Read-only outside the module, so that the
    /// count every kernel's unchecked loop relies on cannot change.
    public internal(set) var pixels: [UInt8]

    /// Wraps existing bytes; `pixels.count` must be `width * height`.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(
            width >= 0 && height >= 0 && pixels.count == width * height,
            "GrayImage: \(pixels.count) bytes do not make a \(width)x\(height) image")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// A `width` × `height` image filled with `value`.
    public init(width: Int, height: Int, fill value: UInt8 = 0) {
        self.init(width: width, height: height, pixels: [UInt8](repeating: value, count: width * height))
    }

    /// The value at column `x`, row `y`.
    public subscript(x: Int, y: Int) -> UInt8 {
        get { pixels[y * width + x] }
        set { pixels[y * width + x] = newValue }
    }
}
