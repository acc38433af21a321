import FaceDetection

/// A decoded, upright image and what the decoder learned on the way.
public struct DecodedImage: Sendable {
    /// The pixels, upright (EXIF orientation applied), at 1/`scale` of the full size.
    public var image: RGBImage
    /// The format found in the bytes (not taken from the file name).
    public var format: ImageFormat
    /// Problems the decoder worked around, e.g. "Premature end of JPEG file" for a truncated JPEG.
    public var warnings: [String]
    /// Upright width before DCT scaling.
    public var fullWidth: Int
    /// Upright height before DCT scaling.
    public var fullHeight: Int
    /// The DCT scaling applied: 1, 2, 4 or 8; `image` is `full / scale`, rounded up.
    public var scale: Int

    /// A decoded image with its metadata.
    public init(image: RGBImage, format: ImageFormat, warnings: [String], fullWidth: Int, fullHeight: Int, scale: Int) {
        self.image = image
        self.format = format
        self.warnings = warnings
        self.fullWidth = fullWidth
        self.fullHeight = fullHeight
        self.scale = scale
    }

    /// The upright result for a `stored` decode at 1/`scale` of a `fullWidth` x `fullHeight` stored picture.
    init(
        stored: RGBImage, orientation: ImageOrientation, format: ImageFormat, warnings: [String],
        storedFullWidth: Int, storedFullHeight: Int, scale: Int
    ) {
        let swaps = orientation.swapsDimensions
        self.init(
            image: stored.applying(orientation), format: format, warnings: warnings,
            fullWidth: swaps ? storedFullHeight : storedFullWidth,
            fullHeight: swaps ? storedFullWidth : storedFullHeight, scale: scale)
    }
}
