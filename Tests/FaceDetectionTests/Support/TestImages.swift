@testable import FaceDetection

/// A small deterministic random generator (SplitMix64), so that tests see the same pixels every run.
struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// A `width` × `height` image of random bytes in `range`.
func randomImage(width: Int, height: Int, seed: UInt64, range: ClosedRange<UInt8> = 0...255) -> RGBImage {
    var rng = SeededRandom(seed: seed)
    let bytes = (0..<(width * height * 3)).map { _ in UInt8.random(in: range, using: &rng) }
    return RGBImage(width: width, height: height, pixels: bytes)
}

/// The image as rows of text: `#` where the pixel has `color`, `.` elsewhere.
func mask(_ image: RGBImage, _ color: RGB) -> [String] {
    (0..<image.height).map { y in
        String((0..<image.width).map { x in image[x, y] == color ? "#" : "." })
    }
}

/// Positions of the pixels that differ between two images of the same size.
func changedPixels(_ a: RGBImage, _ b: RGBImage) -> Set<[Int]> {
    var changed = Set<[Int]>()
    for y in 0..<a.height { for x in 0..<a.width where a[x, y] != b[x, y] { changed.insert([x, y]) } }
    return changed
}

/// Variance of all channel values of the pixels inside `box`.
func variance(_ image: RGBImage, _ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int) -> Double {
    var sum = 0.0
    var sum2 = 0.0
    var n = 0.0
    for y in y0..<y1 {
        for x in x0..<x1 {
            for c in 0..<3 {
                let v = Double(image.pixels[(y * image.width + x) * 3 + c])
                sum += v
                sum2 += v * v
                n += 1
            }
        }
    }
    let mean = sum / n
    return sum2 / n - mean * mean
}
