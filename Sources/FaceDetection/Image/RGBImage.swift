/// An 8-bit RGB image, rows top to bottom, pixels interleaved `R, G, B`, no row padding.
///
/// This is the picture every stage of the pipeline works on: decoders produce it upright
/// (EXIF orientation already applied), detectors read it, drawing writes into it.
public struct RGBImage: Sendable, Equatable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// `width * height * 3` bytes: R, G, B for each pixel, row after row. Read-only outside the module, so that the
    /// count every kernel's unchecked loop relies on cannot change.
    public internal(set) var pixels: [UInt8]

    /// Wraps existing RGB bytes; `pixels.count` must be `width * height * 3`.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(
            width >= 0 && height >= 0 && pixels.count == width * height * 3,
            "RGBImage: \(pixels.count) bytes do not make a \(width)x\(height) RGB image")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// A `width` × `height` image filled with one colour.
    public init(width: Int, height: Int, fill color: RGB = RGB(0, 0, 0)) {
        precondition(width >= 0 && height >= 0, "RGBImage: negative size")
        var bytes = [UInt8](repeating: 0, count: width * height * 3)
        if color != RGB(0, 0, 0) {
            for i in stride(from: 0, to: bytes.count, by: 3) {
                bytes[i] = color.r
                bytes[i + 1] = color.g
                bytes[i + 2] = color.b
            }
        }
        self.init(width: width, height: height, pixels: bytes)
    }

    /// The colour at column `x`, row `y` (both must be inside the image).
    public subscript(x: Int, y: Int) -> RGB {
        get {
            let i = (y * width + x) * 3
            return RGB(pixels[i], pixels[i + 1], pixels[i + 2])
        }
        set {
            let i = (y * width + x) * 3
            pixels[i] = newValue.r
            pixels[i + 1] = newValue.g
            pixels[i + 2] = newValue.b
        }
    }
}

/// One 8-bit RGB colour.
public struct RGB: Sendable, Equatable, Hashable {
    /// Red, green and blue, 0…255.
    public var r: UInt8, g: UInt8, b: UInt8
    /// A colour from its three channels.
    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8) {
        self.r = r
        self.g = g
        self.b = b
    }
}
