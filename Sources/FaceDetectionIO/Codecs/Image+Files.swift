import FaceDetection

extension Image {
    /// Reads a JPEG or PNG file, upright; the same as `ImageIO.read(path:).image`.
    public init(contentsOf path: String) throws {
        self = try ImageIO.read(path: path).image
    }

    /// Writes the image as PNG or JPEG (chosen by `path`'s extension), atomically; see `ImageIO.write`.
    public func write(to path: String, quality: Int = 92) throws {
        try ImageIO.write(self, to: path, quality: quality)
    }
}
