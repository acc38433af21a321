import FaceDetection

/// The EXIF `Orientation` tag (0x0112), read from an APP1 Exif payload (the decoders apply it).
///
/// The payload is what follows a JPEG APP1 marker's length field: "Exif\0\0" and then a TIFF
/// structure in either byte order ("II" little-endian or "MM" big-endian). Reading checks every
/// offset against the payload's bounds and never follows an offset it cannot verify.
public enum ExifOrientation {
    /// The Orientation tag's value in IFD0 of `payload`, or nil when the payload is not Exif,
    /// is malformed, or has no Orientation tag. The value is returned as stored (it may be outside 1…8).
    public static func value(inExif payload: [UInt8]) -> Int? {
        let prefix: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0, 0]  // "Exif\0\0"
        guard payload.starts(with: prefix) else { return nil }
        return value(inTIFF: Array(payload[prefix.count...]))
    }

    /// The Orientation tag's value in IFD0 of a TIFF structure, or nil (see `value(inExif:)`).
    public static func value(inTIFF tiff: [UInt8]) -> Int? {
        guard tiff.count >= 8 else { return nil }
        let bigEndian: Bool
        switch (tiff[0], tiff[1]) {
        case (0x49, 0x49): bigEndian = false
        case (0x4D, 0x4D): bigEndian = true
        default: return nil
        }
        let reader = TIFFReader(bytes: tiff, bigEndian: bigEndian)
        guard reader.uint16(at: 2) == 42, let ifd = reader.uint32(at: 4).map(Int.init),
            let entryCount = reader.uint16(at: ifd).map(Int.init)
        else { return nil }
        for entry in 0..<entryCount {
            let at = ifd + 2 + entry * 12
            guard let tag = reader.uint16(at: at), let type = reader.uint16(at: at + 2),
                let count = reader.uint32(at: at + 4)
            else { return nil }
            guard tag == 0x0112, count >= 1 else { continue }
            switch type {
            case 3: return reader.uint16(at: at + 8).map(Int.init)  // SHORT, stored in the value field
            case 4: return reader.uint32(at: at + 8).map(Int.init)  // LONG (non-standard but seen)
            default: return nil
            }
        }
        return nil
    }

    /// The orientation an Orientation tag `value` stands for; `.up` when there is none, and `.up`
    /// with a warning appended when the value is outside 1…8.
    static func orientation(forTagValue value: Int?, warnings: inout [String]) -> ImageOrientation {
        guard let value else { return .up }
        if let known = ImageOrientation(rawValue: value) { return known }
        warnings.append("ignored invalid EXIF orientation \(value)")
        return .up
    }

    /// A minimal APP1 Exif payload ("Exif\0\0" + TIFF with one IFD0 entry) that records `orientation`,
    /// for writing with `ImageCodec.encodeJPEG(_:quality:exif:)` (the tests' oriented photos).
    package static func payload(for orientation: ImageOrientation, bigEndian: Bool = false) -> [UInt8] {
        func u16(_ v: Int) -> [UInt8] {
            bigEndian ? [UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] : [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)]
        }
        func u32(_ v: Int) -> [UInt8] { bigEndian ? u16(v >> 16) + u16(v & 0xFFFF) : u16(v & 0xFFFF) + u16(v >> 16) }
        var tiff: [UInt8] = bigEndian ? [0x4D, 0x4D] : [0x49, 0x49]
        tiff += u16(42) + u32(8)  // header: IFD0 at offset 8
        tiff += u16(1)  // one entry
        tiff += u16(0x0112) + u16(3) + u32(1) + u16(orientation.rawValue) + u16(0)
        tiff += u32(0)  // no next IFD
        return [0x45, 0x78, 0x69, 0x66, 0, 0] + tiff
    }
}

/// Bounds-checked reads of TIFF integers in one byte order.
private struct TIFFReader {
    let bytes: [UInt8]
    let bigEndian: Bool

    /// The 16-bit value at `offset`, or nil when it does not fit in the bytes.
    func uint16(at offset: Int) -> UInt16? {
        guard offset >= 0, offset <= bytes.count - 2 else { return nil }
        let a = UInt16(bytes[offset])
        let b = UInt16(bytes[offset + 1])
        return bigEndian ? a << 8 | b : b << 8 | a
    }

    /// The 32-bit value at `offset`, or nil when it does not fit in the bytes.
    func uint32(at offset: Int) -> UInt32? {
        guard let first = uint16(at: offset), let second = uint16(at: offset + 2) else { return nil }
        return bigEndian ? UInt32(first) << 16 | UInt32(second) : UInt32(second) << 16 | UInt32(first)
    }
}
