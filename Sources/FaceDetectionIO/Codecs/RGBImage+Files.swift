import FaceDetection

extension RGBImage {
    /// Reads a JPEG, PNG, HEIF, AVIF or WebP file, upright, at full size: the image of
    /// ``DecodedImage/init(contentsOf:limits:reducedFor:)`` (for the tests and the tool).
    package init(contentsOf path: String) throws(ImageCodecError) {
        self = try ImageCodec.read(path: path).image
    }

    /// Writes the image as PNG or JPEG, chosen by `path`'s extension (`.png`, `.jpg`, `.jpeg`), atomically:
    /// to a temporary file in the same folder, renamed into place, so that a failed write leaves nothing
    /// behind. JPEG: baseline, `quality` 1…100; PNG: lossless, zlib level `pngCompression` 0…9 (default
    /// 1, fast; 9 is smallest). Any other extension fails before anything is written.
    public func write(
        to path: String, quality: Int = 92, pngCompression: Int = ImageCodec.defaultPNGCompression
    ) throws(ImageCodecError) {
        try ImageCodec.write(self, to: path, quality: quality, pngCompression: pngCompression)
    }
}
