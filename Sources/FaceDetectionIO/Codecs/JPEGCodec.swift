import CJPEG
import FaceDetection

/// JPEG decoding and encoding through the CJPEG shim (libjpeg-turbo).
enum JPEGCodec {
    /// Decodes a JPEG at 1/`scale` size (1, 2, 4 or 8), upright (turned as it is decoded, without a
    /// second image), after checking `limits` on the header.
    /// `scale` is asked once the header is read, with the upright full width and height.
    ///
    /// A truncated JPEG that libjpeg can partly decode succeeds: the missing part is filled by
    /// libjpeg (grey for a baseline file; a progressive file keeps its coarser scans) and `warnings`
    /// holds "Premature end of JPEG file". A file whose header or first scan is cut off fails, and
    /// so does a progressive file with more than 1000 scans or more scans × pixels than
    /// `maxScanPixels` (CPU-time guards).
    static func decode(
        _ bytes: [UInt8], name: String, limits: DecodeLimits,
        scale chooseScale: (_ width: Int, _ height: Int) -> Int, maxScanPixels: UInt64 = maxScanPixels
    ) throws(ImageCodecError) -> DecodedImage {
        var header = CJPEGHeader()
        var status = CJPEGStatus()
        var exif = [UInt8](repeating: 0, count: Int(CJPEG_EXIF_CAPACITY))
        func readHeader(scale: Int) {
            _ = bytes.withUnsafeBufferPointer { data in
                exif.withUnsafeMutableBufferPointer {
                    // Safety: the shim reads data.count bytes and copies at most $0.count bytes of Exif.
                    cjpeg_read_header(
                        data.baseAddress, data.count, Int32(scale), &header, $0.baseAddress, $0.count, &status)
                }
            }
        }
        readHeader(scale: 1)
        if status.code != 0 { throw error(status, name: name) }

        let width = Int(header.width)
        let height = Int(header.height)
        try limits.check(width: width, height: height, path: name)
        var warnings: [String] = []
        let tagValue =
            header.exifLength > 0 ? ExifOrientation.value(inExif: Array(exif.prefix(Int(header.exifLength)))) : nil
        let orientation = ExifOrientation.orientation(forTagValue: tagValue, warnings: &warnings)
        let swaps = orientation.swapsDimensions
        let scale = ImageCodec.dctScale(forMaxScale: chooseScale(swaps ? height : width, swaps ? width : height))
        if scale != 1 {
            readHeader(scale: scale)  // the header again, for the scaled size
            if status.code != 0 { throw error(status, name: name) }
        }

        let scaledWidth = Int(header.scaledWidth)
        let scaledHeight = Int(header.scaledHeight)
        let count = scaledWidth * scaledHeight * 3
        let pixels = [UInt8](count: count) { rgb in
            // Safety: reads $0.count bytes; cjpeg_decode fails (code 2) unless count is exactly the
            // scaled width·height·3 it writes, and rgb has room for count bytes.
            _ = bytes.withUnsafeBufferPointer {
                cjpeg_decode(
                    $0.baseAddress, $0.count, Int32(scale), CUnsignedLongLong(maxScanPixels),
                    Int32(orientation.rawValue), rgb, count, &status)
            }
            return status.code == 0
        }
        if status.code != 0 { throw error(status, name: name) }
        if status.warningCount > 0 {
            warnings.insert(string(fromCCharArray: status.firstWarning), at: 0)
            let more = status.warningCount - 1
            if more > 0 { warnings.insert("\(more) more JPEG warning\(more == 1 ? "" : "s")", at: 1) }
        }

        // The shim turned the rows upright as it decoded them (no second image).
        return DecodedImage(
            image: RGBImage(
                width: swaps ? scaledHeight : scaledWidth, height: swaps ? scaledWidth : scaledHeight, pixels: pixels),
            format: .jpeg, warnings: warnings, fullWidth: swaps ? height : width, fullHeight: swaps ? width : height,
            scale: scale)
    }

    /// The most progressive scans × image pixels a decode may take: 2^32, 42 scans of a
    /// 100-megapixel image, 170 of 24 megapixels, 1000 (the scan limit) below 4.3 megapixels;
    /// libjpeg's standard progression writes 10 for a colour image. On the development machine
    /// 999 scans of a flat 8000 × 8000 image took 50 s (0.78 ns per scan and pixel), so the limit
    /// stands for about 3.4 s.
    static let maxScanPixels: UInt64 = 1 << 32

    /// Encodes `image` as a baseline JPEG of `quality` 1…100, with an optional APP1 Exif payload.
    static func encode(_ image: RGBImage, quality: Int, exif: [UInt8]?, name: String) throws(ImageCodecError) -> [UInt8]
    {
        try check(image, quality: quality, name: name)
        let exifBytes = exif ?? []
        return try ShimEncoding.encoded(free: cjpeg_free, failure: { encodingError($0, name: name) }) {
            output, size, status in
            _ = image.pixels.withUnsafeBufferPointer { rgb in
                exifBytes.withUnsafeBufferPointer { exif in
                    // Safety: cjpeg_encode reads width·height·3 = pixels.count bytes (RGBImage's invariant)
                    // and exif.count Exif bytes, refusing more than CJPEG_EXIF_CAPACITY − 2.
                    cjpeg_encode(
                        rgb.baseAddress, Int32(image.width), Int32(image.height), Int32(quality),
                        exif.baseAddress, exif.count, &output, &size, &status)
                }
            }
        }
    }

    /// Encodes `image` as `encode` does (without Exif) and writes it to `path` atomically, streamed
    /// into the temporary file (the encoded file is never held whole in memory); a failed write throws
    /// `.cannotWrite` and leaves nothing behind.
    static func write(_ image: RGBImage, quality: Int, to path: String) throws(ImageCodecError) {
        try check(image, quality: quality, name: path)
        try ShimEncoding.write(to: path, failure: { encodingError($0, name: path) }) { fd, status in
            _ = image.pixels.withUnsafeBufferPointer {
                // Safety: cjpeg_write reads width·height·3 = pixels.count bytes (RGBImage's invariant) and
                // writes only to `fd`.
                cjpeg_write(fd, $0.baseAddress, Int32(image.width), Int32(image.height), Int32(quality), &status)
            }
        }
    }

    /// Refuses a quality outside 1…100 and a size no JPEG holds, before anything is encoded.
    private static func check(_ image: RGBImage, quality: Int, name: String) throws(ImageCodecError) {
        guard (1...100).contains(quality) else {
            throw ImageCodecError.cannotEncode(
                path: name, format: .jpeg, reason: "JPEG quality \(quality) is outside 1...100")
        }
        guard image.width > 0, image.height > 0, image.width <= 65_500, image.height <= 65_500 else {
            throw ImageCodecError.cannotEncode(
                path: name, format: .jpeg,
                reason: "cannot write a \(image.width)x\(image.height) JPEG (1...65500 pixels per side)")
        }
    }

    /// "JPEG encoding failed: …" with libjpeg's message.
    private static func encodingError(_ status: CJPEGStatus, name: String) -> ImageCodecError {
        .cannotEncode(
            path: name, format: .jpeg, reason: "JPEG encoding failed: \(string(fromCCharArray: status.message))")
    }

    /// The error for a failed shim call: "truncated JPEG: …" when libjpeg ran out of data, else "corrupt JPEG: …".
    private static func error(_ status: CJPEGStatus, name: String) -> ImageCodecError {
        let message = string(fromCCharArray: status.message)
        let ranOutOfData = string(fromCCharArray: status.firstWarning) == "Premature end of JPEG file"
        return ranOutOfData
            ? .truncated(path: name, format: .jpeg, detail: message)
            : .corrupt(path: name, format: .jpeg, detail: message)
    }
}
