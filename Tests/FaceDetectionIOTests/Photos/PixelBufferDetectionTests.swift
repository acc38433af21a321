import FaceDetection
import FaceDetectionIO
import Testing

/// `FaceDetector.detect(in: PixelBuffer)` on the astronaut stored turned, as a camera's sensor
/// stores a frame: faces come back in the upright picture's coordinates.
@Suite struct PixelBufferDetectionTests {
    let astronaut: RGBImage
    let detector: FaceDetector

    init() throws {
        astronaut = try RGBImage(contentsOf: FixturePaths.photo("astronaut.png"))
        detector = FaceDetector(options: .init(mode: .accurate, landmarks: .all, minFaceSize: .pixels(40)))
    }

    /// BGRA with padded rows, stored a quarter turn counter-clockwise (EXIF 6 turns it back): the
    /// same faces, to the bit, as the upright RGB picture.
    @Test func turnedBGRAFrameGivesUprightFaces() throws {
        let stored = astronaut.applying(.left)  // .right undoes .left
        let padding = 16
        let stride = stored.width * 4 + padding
        var bytes = [UInt8](repeating: 0xEE, count: stride * stored.height)
        for y in 0..<stored.height {
            for x in 0..<stored.width {
                let c = stored[x, y]
                bytes.replaceSubrange(y * stride + 4 * x..<y * stride + 4 * x + 4, with: [c.b, c.g, c.r, 255])
            }
        }
        let faces = try bytes.withUnsafeBytes { raw in
            let buffer = try PixelBuffer(
                width: stored.width, height: stored.height, format: .bgra8(.straight),
                planes: [.init(bytes: raw, bytesPerRow: stride)], orientation: .right)
            return detector.detect(in: buffer)
        }
        let upright = detector.detect(in: astronaut)
        #expect(!upright.isEmpty)
        #expect(faces == upright)
    }

    /// NV12 (full range, JFIF's forward matrix, chroma averaged over 2 × 2 blocks) upside down: the
    /// astronaut's face where the RGB picture has it.
    @Test func upsideDownNV12FrameFindsTheFace() throws {
        let stored = astronaut.applying(.down)
        let (w, h) = (stored.width, stored.height)
        var luma = [UInt8](repeating: 0, count: w * h)
        var chroma = [UInt8](repeating: 0, count: w * ((h + 1) / 2))
        for y in 0..<h {
            for x in 0..<w {
                let c = stored[x, y]
                let (r, g, b) = (Double(c.r), Double(c.g), Double(c.b))
                let value: Double = 0.299 * r + 0.587 * g + 0.114 * b
                luma[y * w + x] = UInt8(clamping: Int(value.rounded()))
            }
        }
        for by in 0..<(h + 1) / 2 {
            for bx in 0..<(w + 1) / 2 {
                var (cb, cr, n) = (0.0, 0.0, 0.0)
                for y in 2 * by..<min(2 * by + 2, h) {
                    for x in 2 * bx..<min(2 * bx + 2, w) {
                        let c = stored[x, y]
                        let (r, g, b) = (Double(c.r), Double(c.g), Double(c.b))
                        let blue: Double = -0.168736 * r - 0.331264 * g + 0.5 * b
                        let red: Double = 0.5 * r - 0.418688 * g - 0.081312 * b
                        cb += 128 + blue
                        cr += 128 + red
                        n += 1
                    }
                }
                chroma[by * w + 2 * bx] = UInt8(clamping: Int((cb / n).rounded()))
                chroma[by * w + 2 * bx + 1] = UInt8(clamping: Int((cr / n).rounded()))
            }
        }
        let faces = try luma.withUnsafeBytes { y in
            try chroma.withUnsafeBytes { cbcr in
                let buffer = try PixelBuffer(
                    width: w, height: h, format: .nv12(.full),
                    planes: [.init(bytes: y, bytesPerRow: w), .init(bytes: cbcr, bytesPerRow: w)],
                    orientation: .down)
                return detector.detect(in: buffer)
            }
        }
        let upright = try #require(detector.detect(in: astronaut).first)
        let face = try #require(faces.first)
        #expect(faces.count == 1)
        #expect(face.bounds.iou(upright.bounds) > 0.9, "\(face.bounds) vs \(upright.bounds)")
    }
}
