import CWebP
import FaceDetection

/// WebP decoding through the CWebP shim (libwebp and its demuxer).
enum WebPCodec {
    /// Decodes a WebP file after checking `limits` on the size its header declares (an animation's
    /// canvas).
    ///
    /// Lossy and lossless files, with or without alpha: alpha is composited over white, as for PNG.
    /// An animation gives its first frame and the warning "animated WebP: only the first of N
    /// frames was read". The orientation of an `EXIF` chunk is applied, as for JPEG.
    /// A truncated file fails ("truncated WebP: …"). `beforeDecoding` sees the upright width and
    /// height once they are within `limits`, before any pixel memory is allocated.
    static func decode(
        _ bytes: [UInt8], name: String, limits: DecodeLimits,
        beforeDecoding: (_ width: Int, _ height: Int) -> Void = { _, _ in }
    ) throws(ImageCodecError) -> DecodedImage {
        var header = CWebPHeader()
        var status = CWebPStatus()
        // Safety: cwebp_read_header reads only the $0.count bytes of the file.
        _ = bytes.withUnsafeBufferPointer { cwebp_read_header($0.baseAddress, $0.count, &header, &status) }
        if status.code != 0 { throw error(status, name: name) }
        var warnings: [String] = []
        if header.isAnimated != 0 {
            let frames = header.frameCount > 1 ? "the first of \(header.frameCount) frames" : "the first frame"
            warnings.append("animated WebP: only \(frames) was read")
        }
        return try DecodedImage.decodedWhole(
            width: Int(header.width), height: Int(header.height), format: .webp, path: name, limits: limits,
            tiff: WebPExifChunk.tiff(in: bytes), warnings: warnings, beforeDecoding: beforeDecoding,
            decode: { rgb, count in
                // Safety: reads $0.count bytes; cwebp_decode fails (code 2) unless count == width·height·3,
                // the capacity of the buffer it writes.
                _ = bytes.withUnsafeBufferPointer { cwebp_decode($0.baseAddress, $0.count, rgb, count, &status) }
                return status.code == 0
            }, failure: { error(status, name: name) })
    }

    /// The error for a failed shim call: "truncated WebP: …" when libwebp ran out of data, else
    /// "corrupt WebP: …", with the shim's message.
    private static func error(_ status: CWebPStatus, name: String) -> ImageCodecError {
        let message = string(fromCCharArray: status.message)
        return status.code == 1 && status.decoderStatus == CWEBP_STATUS_NOT_ENOUGH_DATA
            ? .truncated(path: name, format: .webp, detail: message)
            : .corrupt(path: name, format: .webp, detail: message)
    }
}
