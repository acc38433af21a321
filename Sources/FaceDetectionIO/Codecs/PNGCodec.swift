import CPNG
import FaceDetection

/// PNG decoding and encoding through libpng's simplified API (the CPNG shim).
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
    ) throws -> DecodedImage {
        var header = CPNGHeader()
        var status = CPNGStatus()
        // Safety: cpng_read_header reads only the $0.count bytes of the file.
        _ = bytes.withUnsafeBufferPointer { cpng_read_header($0.baseAddress, $0.count, &header, &status) }
        if status.code != 0 { throw error(status, name: name) }
        let width = Int(header.width)
        let height = Int(header.height)
        if let problem = limits.violation(width: width, height: height) {
            throw ImageCodecError.exceedsLimits(path: name, reason: problem)
        }
        var warnings: [String] = []
        let tagValue = PNGExifChunk.tiff(in: bytes).flatMap(ExifOrientation.value(inTIFF:))
        let orientation = ExifOrientation.orientation(forTagValue: tagValue, warnings: &warnings)
        let swaps = orientation.swapsDimensions
        beforeDecoding(swaps ? height : width, swaps ? width : height)
        let count = width * height * 3
        let pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            _ = bytes.withUnsafeBufferPointer {
                // Safety: reads $0.count bytes; cpng_decode fails (code 2) unless count == width·height·3,
                // the capacity of the buffer it writes.
                cpng_decode($0.baseAddress, $0.count, buffer.baseAddress, count, &status)
            }
            initialized = status.code == 0 ? count : 0
        }
        if status.code != 0 { throw error(status, name: name) }
        // libpng's notes about colour profiles ("iCCP: known incorrect sRGB profile") are not damage.
        let warning = string(fromCCharArray: status.warning)
        if !warning.isEmpty && !warning.hasPrefix("iCCP:") { warnings.insert(warning, at: 0) }
        return DecodedImage(
            stored: RGBImage(width: width, height: height, pixels: pixels), orientation: orientation,
            format: .png, warnings: warnings, storedFullWidth: width, storedFullHeight: height, scale: 1)
    }

    /// Encodes `image` as an 8-bit RGB PNG.
    static func encode(_ image: RGBImage, name: String) throws -> [UInt8] {
        let capacity = cpng_encode_capacity(UInt32(clamping: image.width), UInt32(clamping: image.height))
        guard image.width > 0, image.height > 0, capacity > 0 else {
            throw ImageCodecError.cannotEncode(
                path: name, format: .png, reason: "cannot write a \(image.width)x\(image.height) PNG")
        }
        var status = CPNGStatus()
        var size = capacity
        let bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
            _ = image.pixels.withUnsafeBufferPointer {
                // Safety: libpng reads width·height·3 ≤ pixels.count bytes (clamping to UInt32 only shrinks)
                // and writes at most size = capacity bytes into buffer.
                cpng_encode(
                    $0.baseAddress, UInt32(image.width), UInt32(image.height), buffer.baseAddress, &size, &status)
            }
            initialized = status.code == 0 ? size : 0
        }
        if status.code != 0 {
            throw ImageCodecError.cannotEncode(
                path: name, format: .png, reason: "PNG encoding failed: \(string(fromCCharArray: status.message))")
        }
        return bytes
    }

    /// The error for a failed shim call: "truncated PNG" when libpng ran out of data, else "corrupt PNG: …".
    private static func error(_ status: CPNGStatus, name: String) -> ImageCodecError {
        let message = string(fromCCharArray: status.message)
        let ranOutOfData = message.contains("read beyond end of data") || message.contains("Not enough image data")
        return ranOutOfData
            ? .truncated(path: name, format: .png, detail: nil) : .corrupt(path: name, format: .png, detail: message)
    }
}
