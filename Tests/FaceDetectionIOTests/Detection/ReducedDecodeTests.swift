import FaceDetection
import FaceDetectionIO
import Foundation
import Testing

/// The library's reduced-decode policy: a large JPEG read for a minimum face size decodes at the
/// smallest sufficient DCT scale, and its faces come back in full-size coordinates, where a full
/// decode finds them.
@Suite struct ReducedDecodeTests {
    /// Grace Hopper enlarged 4 × (2048 × 2400) as a JPEG in a temporary directory, and that directory.
    private static func largePhoto() throws -> (path: String, directory: String) {
        let photo = try RGBImage(contentsOf: FixturePaths.photo("grace_hopper.jpg"))
        let directory = try FixturePaths.makeTemporaryDirectory()
        let path = directory + "/large.jpg"
        try photo.resized(width: photo.width * 4, height: photo.height * 4).write(to: path, quality: 95)
        return (path, directory)
    }

    @Test(
        "reduction for the smallest face: at least twice YuNet's 10-pixel window, at most 8",
        arguments: [
            (FaceDetector.MinFaceSize.fraction(0.1), 4000, 8), (.fraction(0.1), 512, 2), (.fraction(0.1), 300, 1),
            (.pixels(80), 2048, 4), (.pixels(40), 2048, 2), (.pixels(39), 2048, 1), (.pixels(1000), 2048, 8),
        ])
    func largestReduction(minFaceSize: FaceDetector.MinFaceSize, fullWidth: Int, reduction: Int) throws {
        let detector = FaceDetector(options: .init(mode: .accurate, minFaceSize: minFaceSize))
        #expect(detector.largestReduction(forFullWidth: fullWidth) == reduction)
    }

    @Test(arguments: [FaceDetector.MinFaceSize.pixels(80), .pixels(160), .fraction(0.1)])
    func aLargeJPEGDecodesReducedAndFindsTheFaceAtFullSize(minFaceSize: FaceDetector.MinFaceSize) throws {
        let (path, directory) = try Self.largePhoto()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let detector = FaceDetector(options: .init(mode: .accurate, landmarks: .all, minFaceSize: minFaceSize))
        let reduction = detector.largestReduction(forFullWidth: 2048)
        #expect(reduction >= 4)

        let decoded = try DecodedImage(contentsOf: path, reducedFor: detector)
        #expect(decoded.scale == reduction && decoded.image.width == 2048 / reduction)
        #expect(decoded.fullWidth == 2048 && decoded.fullHeight == 2400)
        let reduced = detector.detect(in: decoded)
        let full = try detector.detect(in: DecodedImage(contentsOf: path).image)
        #expect(reduced.count == 1 && full.count == 1, "\(reduced.map(\.bounds)) \(full.map(\.bounds))")
        let face = try #require(reduced.first)
        let fullFace = try #require(full.first)
        // The same face within a few pixels of the image YuNet sees (it shrinks both to about 10
        // pixels per smallest face): 2 pixels of the reduced image, or 4 % of the face.
        let tolerance = max(Float(2 * reduction), 0.04 * fullFace.bounds.height)
        let box = face.bounds
        let fullBox = fullFace.bounds
        for (a, b) in [
            (box.x, fullBox.x), (box.y, fullBox.y), (box.width, fullBox.width), (box.height, fullBox.height),
        ] {
            #expect(abs(a - b) <= tolerance, "reduced \(box), full \(fullBox)")
        }
        let eye = try #require(face.landmark(.leftEye)?.position)
        let fullEye = try #require(fullFace.landmark(.leftEye)?.position)
        #expect(abs(eye.x - fullEye.x) <= tolerance && abs(eye.y - fullEye.y) <= tolerance, "\(eye) \(fullEye)")
    }

    @Test func aPNGIsReadAtFullSize() throws {
        let detector = FaceDetector(options: .init(minFaceSize: .pixels(200)))
        let decoded = try DecodedImage(contentsOf: FixturePaths.photo("astronaut.png"), reducedFor: detector)
        #expect(decoded.scale == 1 && decoded.image.width == 512)
    }
}
