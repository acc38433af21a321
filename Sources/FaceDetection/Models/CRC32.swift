/// CRC-32 (IEEE 802.3, as zlib's `crc32`), used to check model files.
///
/// `checksum` is slice-by-8 (eight 256-entry tables, eight bytes a step); `bitwiseChecksum` is
/// its plain one-bit-at-a-time twin that the tests compare it with.
enum CRC32 {
    /// The reflected IEEE polynomial.
    private static let polynomial: UInt32 = 0xEDB8_8320

    /// `tables[k * 256 + n]`: the CRC of byte `n` followed by `k` zero bytes (slice-by-8's tables).
    private static let tables: [UInt32] = {
        var t = [UInt32](repeating: 0, count: 8 * 256)
        for n in 0..<256 {
            var c = UInt32(n)
            for _ in 0..<8 { c = c & 1 != 0 ? polynomial ^ (c >> 1) : c >> 1 }
            t[n] = c
        }
        for k in 1..<8 {
            for n in 0..<256 { t[k * 256 + n] = t[(k - 1) * 256 + n] >> 8 ^ t[Int(t[(k - 1) * 256 + n] & 0xFF)] }
        }
        return t
    }()

    /// The CRC-32 of `bytes`.
    static func checksum(_ bytes: some Collection<UInt8>) -> UInt32 {
        // Safety: both paths pass checksum(_:) a raw buffer over exactly the collection's bytes.
        if let crc = bytes.withContiguousStorageIfAvailable({ checksum(UnsafeRawBufferPointer($0)) }) { return crc }
        return Array(bytes).withUnsafeBytes { checksum($0) }
    }

    /// The CRC-32 of the bytes in `buffer`.
    static func checksum(_ buffer: UnsafeRawBufferPointer) -> UInt32 {
        tables.withUnsafeBufferPointer { t in
            // Safety: `t` has 8 × 256 entries and every index below is masked to 0...255 plus k × 256;
            // loads stay inside `buffer` (i + 8 <= count).
            var c: UInt32 = 0xFFFF_FFFF
            var i = 0
            let count = buffer.count
            // Eight bytes a step: fold two little-endian words through the eight tables.
            while i + 8 <= count {
                let lo = UInt32(littleEndian: buffer.loadUnaligned(fromByteOffset: i, as: UInt32.self)) ^ c
                let hi = UInt32(littleEndian: buffer.loadUnaligned(fromByteOffset: i + 4, as: UInt32.self))
                c =
                    t[7 * 256 + Int(lo & 0xFF)] ^ t[6 * 256 + Int(lo >> 8 & 0xFF)]
                    ^ t[5 * 256 + Int(lo >> 16 & 0xFF)] ^ t[4 * 256 + Int(lo >> 24)]
                    ^ t[3 * 256 + Int(hi & 0xFF)] ^ t[2 * 256 + Int(hi >> 8 & 0xFF)]
                    ^ t[1 * 256 + Int(hi >> 16 & 0xFF)] ^ t[Int(hi >> 24)]
                i += 8
            }
            // The tail, a byte at a time.
            while i < count {
                c = t[Int((c ^ UInt32(buffer[i])) & 0xFF)] ^ (c >> 8)
                i += 1
            }
            return c ^ 0xFFFF_FFFF
        }
    }

    /// The CRC-32 of `bytes`, one bit at a time (the reference for `checksum`).
    static func bitwiseChecksum(_ bytes: some Sequence<UInt8>) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes {
            c ^= UInt32(b)
            // Shift out one bit, folding in the polynomial when it was set.
            for _ in 0..<8 { c = c & 1 != 0 ? polynomial ^ (c >> 1) : c >> 1 }
        }
        return c ^ 0xFFFF_FFFF
    }
}
