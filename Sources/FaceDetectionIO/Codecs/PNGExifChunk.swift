/// Finds a PNG's `eXIf` chunk (the PNG 1.5 extension that carries EXIF data) by walking the
/// chunk headers; libpng's simplified API does not report it.
enum PNGExifChunk {
    /// The TIFF bytes of the first `eXIf` chunk in the PNG `bytes`, or nil. Every chunk length is
    /// checked against the data; the walk stops at IEND, at the end of the data, or at a bad length.
    static func tiff(in bytes: [UInt8]) -> [UInt8]? {
        var offset = ImageFormat.pngSignature.count
        while offset <= bytes.count - 12 {
            let length =
                Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8
                | Int(bytes[offset + 3])
            let type = bytes[offset + 4..<offset + 8]
            let dataStart = offset + 8
            guard length <= bytes.count - 12 - offset else { return nil }
            if type.elementsEqual("eXIf".utf8) { return Array(bytes[dataStart..<dataStart + length]) }
            if type.elementsEqual("IEND".utf8) { return nil }
            offset = dataStart + length + 4
        }
        return nil
    }
}
