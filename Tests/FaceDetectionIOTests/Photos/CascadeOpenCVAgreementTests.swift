import FaceDetectionIO
import Foundation
import Testing

@testable import FaceDetection

/// OpenCV 4.14's results on the fixture photos (tools/fixtures/make_cascade_golden.py).
struct OpenCVReference: Decodable {
    struct Resized: Decodable { var width: Int, height: Int, crc32: UInt32 }
    struct Entry: Decodable {
        var width: Int, height: Int
        var grayCRC32: UInt32, equalizedCRC32: UInt32
        var resized: [Resized]
        /// The equalised image's crop [x, y, w, h] the windows were searched in.
        var crop: [Int]
        /// Per cascade: raw windows [x, y, w, h, last stage sum].
        var windows: [String: [[Double]]]
    }
    var opencv: String
    var images: [String: Entry]

    static func load() throws -> OpenCVReference {
        let data = try Data(contentsOf: URL(fileURLWithPath: FixturePaths.root + "/cascade/opencv_reference.json"))
        return try JSONDecoder().decode(OpenCVReference.self, from: data)
    }
}

@Test func grayEqualizeAndResizeMatchOpenCVBitForBit() throws {
    let reference = try OpenCVReference.load()
    for (name, entry) in reference.images {
        let image = try RGBImage(contentsOf: FixturePaths.photo(name))
        let gray = image.grayscale()
        #expect(CRC32.checksum(gray.pixels[...]) == entry.grayCRC32, "grey \(name)")
        let equalized = gray.histogramEqualized()
        #expect(CRC32.checksum(equalized.pixels[...]) == entry.equalizedCRC32, "equalised \(name)")
        for r in entry.resized {
            let resized = equalized.resized(width: r.width, height: r.height)
            #expect(CRC32.checksum(resized.pixels[...]) == r.crc32, "\(name) resized to \(r.width)x\(r.height)")
        }
    }
}

/// The compiled-in `frontalFaceAlt2`, and OpenCV's `haarcascade_frontalface_default` (stumps), which is
/// not compiled in and is read from `Models/`.
@Test(arguments: ["haarcascade_frontalface_alt2", "haarcascade_frontalface_default"])
func rawWindowsMatchOpenCV(_ name: String) throws {
    let cascade =
        name == "haarcascade_frontalface_alt2"
        ? try CascadeClassifier(.frontalFaceAlt2)
        : try CascadeClassifier(
            modelBytes: Array(Data(contentsOf: URL(fileURLWithPath: FixturePaths.root + "/../Models/\(name).fdm"))))
    let reference = try OpenCVReference.load()
    for (photo, entry) in reference.images {
        let expected = try #require(entry.windows[name])
        let equalized = try RGBImage(contentsOf: FixturePaths.photo(photo)).grayscale().histogramEqualized()
        let (cx, cy, cw, ch) = (entry.crop[0], entry.crop[1], entry.crop[2], entry.crop[3])
        var crop = GrayImage(width: cw, height: ch)
        for y in 0..<ch { for x in 0..<cw { crop[x, y] = equalized[cx + x, cy + y] } }
        // OpenCV's own scan: scale 1.1, step 2 below scale 2 and 1 above, every window kept;
        // the crop is already equalised (as OpenCV saw it)
        let detector = CascadeDetector(
            cascade: cascade,
            settings: .init(scaleFactor: 1.1, step: 2, denseFromScale: 2, minNeighbors: 0, equalizeHistogram: false))
        let hits = detector.scan(gray: crop, minFace: 20, threads: 1)
            .sorted { ($0.x, $0.y, $0.width, $0.height) < ($1.x, $1.y, $1.width, $1.height) }
        let want = expected.sorted { ($0[0], $0[1], $0[2], $0[3]) < ($1[0], $1[1], $1[2], $1[3]) }
        #expect(hits.count == want.count, "\(photo) \(name)")
        for (hit, w) in zip(hits, want) {
            #expect([hit.x, hit.y, hit.width, hit.height] == w[0..<4].map { Int($0) })
            #expect(abs(hit.lastStageSum - w[4]) < 1e-4)
        }
        #expect(want.count > 10)
    }
}
