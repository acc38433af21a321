/// Size guards checked against a file's header before any pixel memory is allocated.
///
/// The pixel limits apply to the image as stored (before DCT scaling). The defaults, 32768 pixels
/// per side and 100 megapixels (300 MB of RGB), accept any real camera photo while refusing
/// decompression bombs such as a 100-byte PNG whose header claims 100000 x 100000 pixels.
/// `maxFileBytes` (default 1 GiB) bounds what is read from a file at all, so that a huge file or
/// an endless one (`/dev/zero`, a pipe) is refused instead of exhausting memory. The command-line
/// tool sets `maxPixels` and `maxFileBytes` from `--max-pixels` and `--max-file-size`.
public struct DecodeLimits: Sendable, Equatable {
    /// The largest accepted width or height, in pixels.
    public var maxDimension: Int
    /// The largest accepted width × height.
    public var maxPixels: Int
    /// The largest file accepted, in bytes.
    public var maxFileBytes: Int

    /// Limits with the given values; the defaults are 32768 pixels per side, 100 megapixels and 1 GiB.
    public init(maxDimension: Int = 32_768, maxPixels: Int = 100_000_000, maxFileBytes: Int = 1 << 30) {
        self.maxDimension = maxDimension
        self.maxPixels = maxPixels
        self.maxFileBytes = maxFileBytes
    }

    /// Nil when `width` x `height` is within the limits, else the reason it is not.
    func violation(width: Int, height: Int) -> String? {
        if width <= 0 || height <= 0 { return "image has no pixels (\(width)x\(height))" }
        if width > maxDimension || height > maxDimension {
            return "image too large: \(width)x\(height) exceeds the limit of \(maxDimension) pixels per side"
        }
        if width * height > maxPixels {
            return "image too large: \(width)x\(height) exceeds the limit of \(maxPixels) pixels"
        }
        return nil
    }
}
