/// The picture sizes a HEIF file's HEVC parameter sets declare, read from its `hvcC` boxes
/// before anything is decoded.
///
/// libheif hands each `hvcC` box's sequence parameter sets (SPS) to the HEVC decoder, which sizes
/// its pictures from them, not from the image's declared size (`ispe`): a 30 KB file whose `ispe`
/// says 512 × 512 and whose SPS says 16384 × 16384 made the decoder fill a 16384 × 16384 picture
/// (1.6 GB, 11 s) before libheif noticed the difference. The boxes are walked as
/// `meta` → `iprp` → `ipco` → `hvcC`, every size checked against the data; an SPS is read up to
/// `pic_width_in_luma_samples` and `pic_height_in_luma_samples` (H.265 7.3.2.2), with the
/// emulation prevention bytes removed. Parameter sets repeated inside the coded data are not read.
enum HEVCCodedSize {
    /// The width and height of every SPS in the file's `hvcC` boxes that could be read.
    static func sizes(inHEIF bytes: [UInt8]) -> [(width: Int, height: Int)] {
        // `meta` is a full box: its children follow its version and flags.
        guard let meta = child("meta", of: 0..<bytes.count, in: bytes), meta.count >= 4,
            let iprp = child("iprp", of: meta.lowerBound + 4..<meta.upperBound, in: bytes),
            let ipco = child("ipco", of: iprp, in: bytes)
        else { return [] }
        return boxes(in: ipco, of: bytes).filter { $0.type == "hvcC" }.flatMap { spsSizes(in: bytes[$0.body]) }
    }

    /// The body of the first box of `type` among the boxes in `range`.
    private static func child(_ type: String, of range: Range<Int>, in bytes: [UInt8]) -> Range<Int>? {
        boxes(in: range, of: bytes).first { $0.type == type }?.body
    }

    /// The boxes in `range`: type and body. Stops at a size that does not fit.
    private static func boxes(in range: Range<Int>, of bytes: [UInt8]) -> [(type: String, body: Range<Int>)] {
        var result: [(type: String, body: Range<Int>)] = []
        var offset = range.lowerBound
        while range.upperBound - offset >= 8 {
            let size = Int(bigEndian: bytes, at: offset, count: 4)
            guard size >= 8, size <= range.upperBound - offset else { break }
            let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            result.append((type, offset + 8..<offset + size))
            offset += size
        }
        return result
    }

    /// The sizes of the SPS NAL units (type 33) in an `hvcC` body: 22 bytes of configuration, the
    /// number of arrays, then per array its NAL type, a count and length-prefixed NAL units.
    private static func spsSizes(in body: ArraySlice<UInt8>) -> [(width: Int, height: Int)] {
        let bytes = Array(body)
        guard bytes.count >= 23 else { return [] }
        var result: [(width: Int, height: Int)] = []
        var offset = 23
        for _ in 0..<Int(bytes[22]) {
            guard bytes.count - offset >= 3 else { break }
            let type = bytes[offset] & 0x3F
            let count = Int(bigEndian: bytes, at: offset + 1, count: 2)
            offset += 3
            for _ in 0..<count {
                guard bytes.count - offset >= 2 else { return result }
                let length = Int(bigEndian: bytes, at: offset, count: 2)
                guard bytes.count - offset - 2 >= length else { return result }
                if type == 33, let size = spsSize(Array(bytes[offset + 2..<offset + 2 + length])) {
                    result.append(size)
                }
                offset += 2 + length
            }
        }
        return result
    }

    /// `pic_width_in_luma_samples` and `pic_height_in_luma_samples` of an SPS NAL unit (with its
    /// 2-byte header), or nil when it ends first or has sub-layers (whose profile data is not read here).
    static func spsSize(_ nal: [UInt8]) -> (width: Int, height: Int)? {
        guard nal.count > 2 else { return nil }
        var reader = BitReader(bytes: withoutEmulationPrevention(nal.dropFirst(2)))
        guard reader.bits(4) != nil, let subLayers = reader.bits(3), subLayers == 0, reader.bits(1) != nil,
            reader.skip(96),  // profile_tier_level without sub-layers: 88 bits, then general_level_idc
            reader.exponentialGolomb() != nil, let chroma = reader.exponentialGolomb()
        else { return nil }
        if chroma == 3 { guard reader.bits(1) != nil else { return nil } }
        guard let width = reader.exponentialGolomb(), let height = reader.exponentialGolomb() else { return nil }
        return (width, height)
    }

    /// The RBSP of a NAL unit's payload: every 0x03 that follows two zero bytes is dropped.
    private static func withoutEmulationPrevention(_ payload: ArraySlice<UInt8>) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(payload.count)
        var zeros = 0
        for byte in payload {
            if zeros >= 2 && byte == 3 {
                zeros = 0
                continue
            }
            result.append(byte)
            zeros = byte == 0 ? zeros + 1 : 0
        }
        return result
    }
}

/// Reads bits most significant first, and H.265's unsigned Exp-Golomb codes.
private struct BitReader {
    let bytes: [UInt8]
    var position = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    /// The next `count` (at most 32) bits as a number, or nil past the end.
    mutating func bits(_ count: Int) -> Int? {
        guard count <= 32, position + count <= bytes.count * 8 else { return nil }
        var value = 0
        for _ in 0..<count {
            value = value << 1 | Int(bytes[position >> 3] >> (7 - UInt8(position & 7)) & 1)
            position += 1
        }
        return value
    }

    /// Skips `count` bits; false past the end.
    mutating func skip(_ count: Int) -> Bool {
        guard position + count <= bytes.count * 8 else { return false }
        position += count
        return true
    }

    /// ue(v): leading zeros z, a one, then z bits; nil past the end or beyond 31 leading zeros.
    mutating func exponentialGolomb() -> Int? {
        var zeros = 0
        while true {
            guard let bit = bits(1) else { return nil }
            if bit == 1 { break }
            zeros += 1
            if zeros > 31 { return nil }
        }
        guard let rest = bits(zeros) else { return nil }
        return (1 << zeros) - 1 + rest
    }
}

extension Int {
    /// The big-endian number in `bytes[offset..<offset + count]` (the caller checked the bounds).
    fileprivate init(bigEndian bytes: [UInt8], at offset: Int, count: Int) {
        self = bytes[offset..<offset + count].reduce(0) { $0 << 8 | Int($1) }
    }
}
