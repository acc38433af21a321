/// Finds a WebP file's `EXIF` chunk by walking its RIFF chunk headers; libwebp's decoder does not
/// report it.
enum WebPExifChunk {
    /// The TIFF bytes of the first `EXIF` chunk in the WebP `bytes`, or nil. The WebP container
    /// stores the TIFF structure itself; a payload that starts with "Exif\0\0" (as some writers
    /// make it, copying a JPEG's APP1 block) has that prefix removed. Every chunk size is checked
    /// against the data; the walk stops at the end of the data or at a bad size.
    static func tiff(in bytes: [UInt8]) -> [UInt8]? {
        var offset = 12  // "RIFF", the file size, "WEBP"
        while offset <= bytes.count - 8 {
            let size =
                Int(bytes[offset + 4]) | Int(bytes[offset + 5]) << 8 | Int(bytes[offset + 6]) << 16
                | Int(bytes[offset + 7]) << 24
            let dataStart = offset + 8
            guard size <= bytes.count - dataStart else { return nil }
            if bytes[offset..<offset + 4].elementsEqual("EXIF".utf8) {
                let payload = Array(bytes[dataStart..<dataStart + size])
                let prefix: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0, 0]  // "Exif\0\0"
                return payload.starts(with: prefix) ? Array(payload.dropFirst(prefix.count)) : payload
            }
            offset = dataStart + size + (size & 1)  // chunks are padded to an even size
        }
        return nil
    }
}
