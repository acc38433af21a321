import CHEIF
import FaceDetection

/// HEIF (HEIC) and AVIF decoding through the CHEIF shim (libheif, with the HEVC and AV1 decoders
/// it links).
enum HEIFCodec {
    /// Decodes the primary image of a HEIF or AVIF file (`format` says which, for messages) after
    /// checking `limits` on its declared size.
    ///
    /// The file's own transforms are applied by libheif, so the result is upright as the file means
    /// it to be shown: cropping (`clap`), rotation (`irot`) and mirroring (`imir`). An EXIF
    /// orientation tag inside a HEIF file is not applied: HEIF leaves orientation to `irot` and
    /// `imir`, and phones that write both (an iPhone's HEIC holds the same turn in each) would
    /// otherwise be turned twice. Samples deeper than 8 bits are reduced to 8; alpha is composited
    /// over white. libheif's decoding warnings become `warnings`. `beforeDecoding` sees the
    /// width and height once they are within `limits`, before any pixel memory is allocated.
    static func decode(
        _ bytes: [UInt8], format: ImageFormat, name: String, limits: DecodeLimits,
        beforeDecoding: (_ width: Int, _ height: Int) -> Void = { _, _ in }
    ) throws(ImageCodecError) -> DecodedImage {
        var header = CHEIFHeader()
        var status = CHEIFStatus()
        let maxDimension = Int32(clamping: limits.maxDimension)
        // Safety: cheif_read_header reads only the $0.count bytes of the file.
        _ = bytes.withUnsafeBufferPointer {
            cheif_read_header($0.baseAddress, $0.count, maxDimension, &header, &status)
        }
        if status.code != 0 { throw error(status, format: format, name: name, bytes: bytes) }
        let width = Int(header.width)
        let height = Int(header.height)
        try limits.check(width: width, height: height, path: name)
        try checkCodedSizes(in: bytes, width: width, height: height, format: format, name: name)
        beforeDecoding(width, height)
        let count = width * height * 3
        let pixels = [UInt8](count: count) { rgb in
            // Safety: reads $0.count bytes; cheif_decode fails (code 2) unless count == width·height·3,
            // the capacity of the buffer it writes.
            _ = bytes.withUnsafeBufferPointer {
                cheif_decode($0.baseAddress, $0.count, maxDimension, rgb, count, &status)
            }
            return status.code == 0
        }
        if status.code != 0 { throw error(status, format: format, name: name, bytes: bytes) }
        var warnings: [String] = []
        if status.warningCount > 0 {
            warnings.append(string(fromCCharArray: status.firstWarning))
            let more = Int(status.warningCount) - 1
            if more > 0 { warnings.append("\(more) more \(format.displayName) warning\(more == 1 ? "" : "s")") }
        }
        return DecodedImage(
            image: RGBImage(width: width, height: height, pixels: pixels), format: format, warnings: warnings,
            fullWidth: width, fullHeight: height, scale: 1)
    }

    /// Refuses a file whose HEVC parameter sets (`HEVCCodedSize`) declare a picture larger than the
    /// `width` x `height` image they belong to, with up to 128 pixels of coding padding per side, in
    /// either orientation (`irot`): the decoder would size its pictures from them, past `limits`
    /// and the pixel budget, which saw only the declared size.
    private static func checkCodedSizes(
        in bytes: [UInt8], width: Int, height: Int, format: ImageFormat, name: String
    ) throws(ImageCodecError) {
        let side = max(width, height) + 128
        for coded in HEVCCodedSize.sizes(inHEIF: bytes)
        where coded.width > side || coded.height > side || coded.width * coded.height > (width + 128) * (height + 128) {
            throw .corrupt(
                path: name, format: format,
                detail: "its HEVC picture is \(coded.width)x\(coded.height), larger than the \(width)x\(height) image")
        }
    }

    /// libheif's `heif_error_Unsupported_filetype` and `heif_error_Unsupported_feature`.
    private static let unsupportedErrorCodes: Set<Int32> = [3, 4]
    /// libheif's `heif_suberror_End_of_data`: a box or an image's data runs past the end of the file.
    private static let endOfData: Int32 = 100
    /// libheif's `heif_suberror_Security_limit_exceeded`.
    private static let securityLimit: Int32 = 1000

    /// The error for a failed shim call, with libheif's message: "truncated HEIF: …" when the data
    /// ends early (libheif says so, or a top-level box runs past the end of `bytes`, which libheif
    /// reports as a missing box), "image too large: …" when libheif's own size limit refused it,
    /// "unsupported HEIF: …" for a codec or feature libheif lacks, else "corrupt HEIF: …".
    private static func error(
        _ status: CHEIFStatus, format: ImageFormat, name: String, bytes: [UInt8]
    ) -> ImageCodecError {
        let message = string(fromCCharArray: status.message)
        if status.code == 1 && status.subErrorCode == securityLimit {
            return .exceedsLimits(path: name, reason: "image too large: \(message)")
        }
        if status.code == 1 && (status.subErrorCode == endOfData || endsInsideABox(bytes)) {
            return .truncated(path: name, format: format, detail: message)
        }
        if status.code == 1 && unsupportedErrorCodes.contains(status.errorCode) {
            return .unsupportedFormat(path: name, reason: "unsupported \(format.displayName): \(message)")
        }
        return .corrupt(path: name, format: format, detail: message)
    }

    /// Whether the last top-level box of an ISO base-media file (`size`, `type`, then the body; a
    /// size of 1 is followed by a 64-bit size, 0 means "to the end of the file") is cut off by the
    /// end of `bytes`. False for a walk that ends exactly at the end, or at a size no box can have.
    static func endsInsideABox(_ bytes: [UInt8]) -> Bool {
        func number(at offset: Int, count: Int) -> UInt64 {
            bytes[offset..<offset + count].reduce(0) { $0 << 8 | UInt64($1) }
        }
        var offset = 0
        while offset < bytes.count {
            guard bytes.count - offset >= 8 else { return true }
            var size = number(at: offset, count: 4)
            if size == 0 { return false }
            if size == 1 {
                guard bytes.count - offset >= 16 else { return true }
                size = number(at: offset + 8, count: 8)
            }
            guard size >= 8 else { return false }
            guard size <= UInt64(bytes.count - offset) else { return true }
            offset += Int(size)
        }
        return false
    }
}
