import Foundation
import Testing

@testable import FaceDetectionIO

/// A progressive JPEG's scans × pixels are bounded (a CPU-time guard that scales with the image).
struct ScanWorkLimitTests {
    /// `jpeg_progressive.jpg` (40 × 30, 10 scans) with its last scan repeated `copies` more times.
    private func repeatingLastScan(_ copies: Int) throws -> [UInt8] {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: FixturePaths.codec("jpeg_progressive.jpg"))))
        let eoi = bytes.count - 2
        let lastScan = try #require((0..<eoi - 1).last { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xDA })
        var out = Array(bytes[..<eoi])
        for _ in 0..<copies { out += bytes[lastScan..<eoi] }
        return out + [0xFF, 0xD9]
    }

    @Test func scansTimesPixelsAboveTheLimitFail() throws {
        let limit: UInt64 = 40 * 30 * 20  // 20 scans of this image
        let error = #expect(throws: ImageCodecError.self) {
            try JPEGCodec.decode(
                try repeatingLastScan(15), name: "scans.jpg", limits: .init(), scale: { _, _ in 1 },
                maxScanPixels: limit)
        }
        #expect(error?.reason == "corrupt JPEG: more than 20 progressive scans for a 40x30 image")
        let decoded = try JPEGCodec.decode(
            try repeatingLastScan(5), name: "scans.jpg", limits: .init(), scale: { _, _ in 1 }, maxScanPixels: limit)
        #expect(decoded.image.width == 40)
    }

    @Test func theDefaultLimitLeavesOrdinaryFilesAlone() {
        // 2^32: 42 scans of a 100-megapixel image, the 1000-scan limit below 4.3 megapixels.
        #expect(JPEGCodec.maxScanPixels / 100_000_000 == 42)
        #expect(JPEGCodec.maxScanPixels / 4_294_967 == 1000)
    }
}
