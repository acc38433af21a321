import CPNG
import FaceDetection

/// PNG decoding (libpng's simplified API) and encoding (its write API) through the CPNG shim.
enum PNGCodec {
    /// Decodes any PNG to RGB8 after checking `limits` on the header.
    ///
    /// Grey becomes R = G = B; 16-bit samples are rounded to 8 bits (v × 255 / 65535, to nearest);
    /// alpha (an alpha channel or tRNS) is composited over white. A truncated PNG fails.
    /// libpng warnings become `warnings`, except its notes about colour profiles (iCCP).
    /// An `eXIf` chunk's orientation is applied, as for JPEG. `beforeDecoding` sees the upright
    /// width and height once they are within `limits`, before any pixel memory is allocated.
    static func decode(
        _ bytes: [UInt8], name: String, limits: DecodeLimits,
        beforeDecoding: (_ width: Int, _ height: Int) -> Void = { _, _ in }
    ) throws(ImageCodecError) -> DecodedImage {
        var header = CPNGHeader()
        var status = CPNGStatus()
        // Safety: cpng_read_header reads only the $0.count bytes of the file.
        _ = bytes.withUnsafeBufferPointer { cpng_read_header($0.baseAddress, $0.count, &header, &status) }
        if status.code != 0 { throw error(status, name: name) }
        var decoded = try DecodedImage.decodedWhole(
            width: Int(header.width), height: Int(header.height), format: .png, path: name, limits: limits,
            tiff: PNGExifChunk.tiff(in: bytes), warnings: [], beforeDecoding: beforeDecoding,
            decode: { rgb, count in
                // Safety: reads $0.count bytes; cpng_decode fails (code 2) unless count == width·height·3,
                // the capacity of the buffer it writes.
                _ = bytes.withUnsafeBufferPointer { cpng_decode($0.baseAddress, $0.count, rgb, count, &status) }
                return status.code == 0
            }, failure: { error(status, name: name) })
        // libpng's notes about colour profiles ("iCCP: known incorrect sRGB profile") are not damage.
        let warning = string(fromCCharArray: status.warning)
        if !warning.isEmpty && !warning.hasPrefix("iCCP:") { decoded.warnings.insert(warning, at: 0) }
        return decoded
    }

    /// Encodes `image` as an 8-bit RGB PNG at zlib `compression` level 0…9 into memory.
    static func encode(_ image: RGBImage, compression: Int, name: String) throws(ImageCodecError) -> [UInt8] {
        try check(image, compression: compression, name: name)
        return try ShimEncoding.encoded(free: cpng_free, failure: { encodingError($0, name: name) }) {
            output, size, status in
            _ = image.pixels.withUnsafeBufferPointer {
                // Safety: libpng reads width·height·3 = pixels.count bytes (RGBImage's invariant; `check`
                // keeps both sides within UInt32).
                cpng_encode(
                    $0.baseAddress, UInt32(image.width), UInt32(image.height), Int32(compression), &output, &size,
                    &status)
            }
        }
    }

    /// Encodes `image` as `encode` does and writes it to `path` atomically, streamed row by row into
    /// the temporary file (the encoded file is never held whole in memory); a failed write throws
    /// `.cannotWrite` and leaves nothing behind.
    static func write(_ image: RGBImage, compression: Int, to path: String) throws(ImageCodecError) {
        try check(image, compression: compression, name: path)
        try ShimEncoding.write(to: path, failure: { encodingError($0, name: path) }) { fd, status in
            _ = image.pixels.withUnsafeBufferPointer {
                // Safety: as in `encode`; the shim writes only to `fd`.
                cpng_write(fd, $0.baseAddress, UInt32(image.width), UInt32(image.height), Int32(compression), &status)
            }
        }
    }

    /// Refuses what no PNG holds (an empty image, a side beyond libpng's 1 000 000 pixels) and a
    /// compression level outside 0…9, before anything is encoded.
    private static func check(_ image: RGBImage, compression: Int, name: String) throws(ImageCodecError) {
        guard image.width > 0, image.height > 0, image.width <= 1_000_000, image.height <= 1_000_000 else {
            throw ImageCodecError.cannotEncode(
                path: name, format: .png, reason: "cannot write a \(image.width)x\(image.height) PNG")
        }
        guard (0...9).contains(compression) else {
            throw ImageCodecError.cannotEncode(
                path: name, format: .png, reason: "PNG compression level \(compression) is outside 0...9")
        }
    }

    /// "PNG encoding failed: …" with libpng's message.
    private static func encodingError(_ status: CPNGStatus, name: String) -> ImageCodecError {
        .cannotEncode(
            path: name, format: .png, reason: "PNG encoding failed: \(string(fromCCharArray: status.message))")
    }

    /// The error for a failed shim call: "truncated PNG" when libpng ran out of data, else "corrupt PNG: …".
    private static func error(_ status: CPNGStatus, name: String) -> ImageCodecError {
        let message = string(fromCCharArray: status.message)
        let ranOutOfData = message.contains("read beyond end of data") || message.contains("Not enough image data")
        return ranOutOfData
            ? .truncated(path: name, format: .png, detail: nil) : .corrupt(path: name, format: .png, detail: message)
    }
}
