import FaceDetection
import FaceDetectionIO
import Testing

/// Each face reported once at the defaults: the astronaut's face pasted at a few widths on a plain
/// background and on random 4-pixel blocks (whose hard edges make YuNet's finest anchors fire on boxes
/// narrower than the smallest face looked for), as is and mirrored, gives exactly one face
/// (`tools/acceptance/synthetic_scenes.py sweep` and `each_face_once.py counts` check every width).
@Suite struct EachFaceOnceTests {
    let astronaut: RGBImage
    /// The astronaut's face box in astronaut.png (x, y, width, height), as the sweep's truth.
    let face = Rect(x: 178.11, y: 64.95, width: 91.36, height: 111.41)

    init() throws { astronaut = try RGBImage(contentsOf: FixturePaths.photo("astronaut.png")) }

    /// A 640 × 480 picture: the photo around the face (0.8 face widths each side, 0.6 heights above and
    /// below) scaled so that the face is `width` pixels wide, in the middle of `background`; and the
    /// pasted face's box.
    func scene(faceWidth width: Int, on background: RGBImage, mirrored: Bool) throws -> (RGBImage, Rect) {
        let x0 = max(0, Int(face.x - 0.8 * face.width))
        let y0 = max(0, Int(face.y - 0.6 * face.height))
        let x1 = min(astronaut.width, Int(face.maxX + 0.8 * face.width))
        let y1 = min(astronaut.height, Int(face.maxY + 0.6 * face.height))
        let around = Rect(x: Float(x0), y: Float(y0), width: Float(x1 - x0), height: Float(y1 - y0))
        let head = try #require(astronaut.cropped(to: around))
        let scale = Float(width) / face.width
        var patch = head.resized(
            width: Int((Float(head.width) * scale).rounded()), height: Int((Float(head.height) * scale).rounded()))
        if mirrored { patch = patch.applying(.upMirrored) }
        var canvas = background
        let (left, top) = ((canvas.width - patch.width) / 2, (canvas.height - patch.height) / 2)
        for y in 0..<patch.height {
            for x in 0..<patch.width { canvas[left + x, top + y] = patch[x, y] }
        }
        let faceX = mirrored ? (around.maxX - face.maxX) * scale : (face.x - around.x) * scale
        let box = Rect(
            x: Float(left) + faceX, y: Float(top) + (face.y - around.y) * scale, width: face.width * scale,
            height: face.height * scale)
        return (canvas, box)
    }

    /// Random colours in 4-pixel cells, the same every run.
    func blocks(width: Int, height: Int, seed: UInt64) -> RGBImage {
        var state = seed
        var image = RGBImage(width: width, height: height)
        for cy in stride(from: 0, to: height, by: 4) {
            for cx in stride(from: 0, to: width, by: 4) {
                // SplitMix64's step, three bytes of it for the cell's colour.
                state &+= 0x9E37_79B9_7F4A_7C15
                var z = (state ^ (state >> 30)) &* 0xBF58_476D_1CE4_E5B9
                z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
                z ^= z >> 31
                let color = RGB(
                    UInt8(truncatingIfNeeded: z), UInt8(truncatingIfNeeded: z >> 8), UInt8(truncatingIfNeeded: z >> 16))
                for y in cy..<min(cy + 4, height) { for x in cx..<min(cx + 4, width) { image[x, y] = color } }
            }
        }
        return image
    }

    @Test func oneFaceAtEachWidth() throws {
        let detector = FaceDetector()
        // The same search with a 5-pixel minimum (the first level is at full size either way) lets the
        // background's narrow boxes through: what the default's least width removes.
        let lenient = FaceDetector(options: .init(minFaceSize: .pixels(5)))
        var (scenes, lenientFaces) = (0, 0)
        for width in [12, 16, 48, 160] {
            let backgrounds = [
                ("plain", RGBImage(width: 640, height: 480, fill: RGB(128, 140, 150))),
                ("blocks", blocks(width: 640, height: 480, seed: UInt64(width))),
            ]
            for (name, background) in backgrounds {
                for mirrored in [false, true] {
                    let (picture, box) = try scene(faceWidth: width, on: background, mirrored: mirrored)
                    let faces = detector.detect(in: picture)
                    let scene = "\(width) px on \(name)\(mirrored ? ", mirrored" : "")"
                    #expect(faces.count == 1, "\(scene): \(faces.map(\.bounds))")
                    #expect(faces.allSatisfy { $0.bounds.iou(box) >= 0.5 }, "\(scene): \(faces.map(\.bounds)), \(box)")
                    scenes += 1
                    lenientFaces += lenient.detect(in: picture).count
                }
            }
        }
        #expect(lenientFaces > scenes, "no narrow box on the blocks")
    }
}
