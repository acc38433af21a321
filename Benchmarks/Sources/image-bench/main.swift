// Times the image operations on a 4000 × 3000 photo-sized image of random pixels: resizing (down,
// up and by a little), blurring a face and the whole image, pixelating, drawing 20 faces, each with
// its SIMD kernel and its scalar twin. Each line: the operation and the median wall time of
// --repeat runs after --warmup untimed runs; at the end the SIMD kernels are checked against their
// twins at this size (exit 1 when they differ). Reaches the twins through `@testable import`:
//   swift build -c release --package-path Benchmarks -Xswiftc -enable-testing --product image-bench
// Usage: image-bench [--warmup N] [--repeat N]
import BenchmarkSupport
import Foundation

@testable import FaceDetection

var options = BenchmarkArguments(Array(CommandLine.arguments.dropFirst()))
options.requireAllTaken()

/// A `width` × `height` image of random bytes, the same every run (SplitMix64 from `seed`).
func randomImage(width: Int, height: Int, seed: UInt64) -> RGBImage {
    var state = seed
    var pixels = [UInt8](repeating: 0, count: width * height * 3)
    for index in pixels.indices {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        pixels[index] = UInt8(truncatingIfNeeded: z ^ (z >> 31))
    }
    return RGBImage(width: width, height: height, pixels: pixels)
}

let big = randomImage(width: 4000, height: 3000, seed: 1)
let small = randomImage(width: 1000, height: 750, seed: 2)
let face = Rect(x: 1500, y: 1000, width: 1000, height: 1000)
let whole = Rect(x: 0, y: 0, width: 4000, height: 3000)
var sink = 0

/// Times `body` (which returns an image) and prints `name` with the median milliseconds.
@MainActor func report(_ name: String, _ body: () -> RGBImage) {
    options.timing.warmUp(body)
    let (image, time) = options.timing.measure(body)
    sink &+= Int(image.pixels[7])
    print(name + "\t" + String(format: "%.1f ms", time.seconds * 1000))
}

for simd in [true, false] {
    let kind = simd ? "SIMD" : "scalar"
    for (from, width, height) in [(big, 1000, 750), (big, 640, 480), (big, 2800, 2100), (small, 4000, 3000)] {
        report("resize \(from.width)x\(from.height) -> \(width)x\(height) (\(kind))") {
            from.resized(width: width, height: height, simd: simd)
        }
    }
    for (name, rect) in [("1000x1000 face in 4000x3000", face), ("whole 4000x3000", whole)] {
        report("blur \(name) (\(kind))") {
            var image = big
            image.blur(rect, radius: nil, simd: simd)
            return image
        }
    }
}
report("copy 4000x3000 (the blurs' baseline)") {
    var image = big
    image[0, 0] = RGB(1, 2, 3)
    return image
}
report("pixelate 1000x1000 face") {
    var image = big
    image.pixelate(face)
    return image
}
let faces = (0..<20).map { i in
    let (x, y) = (Float(i * 190), Float(i * 140))
    let eye = Landmark(type: .leftEye, position: Point(x: x + 100, y: y + 100))
    return Face(bounds: Rect(x: x, y: y, width: 300, height: 300), score: 1, landmarks: [eye])
}
report("draw 20 faces with landmarks") {
    var image = big
    image.draw(faces)
    return image
}

// The timed kernels agree with their twins at full size too.
var fast = big
var plain = big
fast.blur(face, radius: nil, simd: true)
plain.blur(face, radius: nil, simd: false)
let agree =
    big.resized(width: 1000, height: 750, simd: true) == big.resized(width: 1000, height: 750, simd: false)
    && fast == plain
BenchmarkSummary.printToStandardError(
    "image-bench: SIMD and scalar \(agree ? "agree" : "DIFFER") (checksum \(sink); "
        + "median of \(options.timing.repeats) runs after \(options.timing.warmUps) warm-up runs)")
exit(agree ? 0 : 1)
