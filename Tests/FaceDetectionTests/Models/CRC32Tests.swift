import Testing

@testable import FaceDetection

@Test func crc32MatchesZlibCheckValue() {
    let check = Array("123456789".utf8)
    #expect(CRC32.checksum(check) == 0xCBF4_3926)
    #expect(CRC32.bitwiseChecksum(check) == 0xCBF4_3926)
    #expect(CRC32.checksum([UInt8]()) == 0)
}

@Test func crc32SliceBy8MatchesBitwiseOnOddLengths() {
    var state: UInt32 = 12345
    let bytes: [UInt8] = (0..<1000).map { _ in
        state = state &* 1_664_525 &+ 1_013_904_223
        return UInt8(truncatingIfNeeded: state >> 24)
    }
    for length in [1, 3, 7, 8, 9, 15, 17, 63, 255, 999, 1000] {
        for offset in [0, 1, 5] where offset + length <= bytes.count {
            let slice = bytes[offset..<(offset + length)]
            #expect(CRC32.checksum(slice) == CRC32.bitwiseChecksum(slice), "length \(length) offset \(offset)")
        }
    }
}
