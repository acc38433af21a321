import FaceDetection

extension RGBImage {
    /// Reads a JPEG, PNG, HEIF, AVIF or WebP file, upright; the same as `ImageCodec.read(path:).image`.
    public init(contentsOf path: String) throws {
        self = try ImageCodec.read(path: path).image
    }

    /// Writes the image as PNG or JPEG (chosen by `path`'s extension), atomically; see `ImageCodec.write`.
    public func write(to path: String, quality: Int = 92, pngCompression: Int = ImageCodec.defaultPNGCompression)
        throws
    {
        try ImageCodec.write(self, to: path, quality: quality, pngCompression: pngCompression)
    }
}
