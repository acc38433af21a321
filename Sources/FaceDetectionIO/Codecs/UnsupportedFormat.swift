/// Names what a file in no format that is read seems to be, for error messages.
enum UnsupportedFormat {
    /// Why `bytes` (not empty, not sniffed as any format that is read) of the file `name` cannot be
    /// decoded: "truncated PNG" for the start of a PNG signature, else e.g. "not a JPEG, PNG, HEIF,
    /// AVIF or WebP image (looks like GIF)".
    static func error(for bytes: [UInt8], name: String) -> ImageCodecError {
        if bytes.count < ImageFormat.pngSignature.count, ImageFormat.pngSignature.starts(with: bytes) {
            return .truncated(path: name, format: .png, detail: nil)
        }
        if bytes.count < ImageFormat.jpegMagic.count, ImageFormat.jpegMagic.starts(with: bytes) {
            return .truncated(path: name, format: .jpeg, detail: nil)
        }
        if let kind = guessKind(bytes) {
            return .unsupportedFormat(path: name, reason: "\(notAnImage) (looks like \(kind))")
        }
        return .unsupportedFormat(path: name, reason: notAnImage)
    }

    /// The start of the reason: the formats that are read.
    static let notAnImage = "not a JPEG, PNG, HEIF, AVIF or WebP image"

    /// A format name from well-known magic numbers, "text" for printable bytes, or nil.
    static func guessKind(_ bytes: [UInt8]) -> String? {
        func has(_ prefix: String, at offset: Int = 0) -> Bool {
            let p = Array(prefix.utf8)
            return bytes.count >= offset + p.count && Array(bytes[offset..<offset + p.count]) == p
        }
        if has("GIF87a") || has("GIF89a") { return "GIF" }
        if has("BM") && bytes.count >= 14 { return "BMP" }
        if bytes.starts(with: [0x49, 0x49, 0x2A, 0x00]) || bytes.starts(with: [0x4D, 0x4D, 0x00, 0x2A]) {
            return "TIFF"
        }
        if has("ftyp", at: 4) { return "an MP4 or QuickTime video" }
        if has("%PDF") { return "PDF" }
        if bytes.starts(with: [0x00, 0x00, 0x00, 0x0C, 0x6A, 0x50]) || bytes.starts(with: [0xFF, 0x4F, 0xFF, 0x51]) {
            return "JPEG 2000"
        }
        if looksLikeText(bytes) { return "text" }
        return nil
    }

    /// True when the first 512 bytes are printable ASCII, whitespace or UTF-8 multi-byte sequences.
    static func looksLikeText(_ bytes: [UInt8]) -> Bool {
        let head = bytes.prefix(512)
        return !head.isEmpty && head.allSatisfy { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || ($0 >= 0x20 && $0 != 0x7F) }
    }
}
