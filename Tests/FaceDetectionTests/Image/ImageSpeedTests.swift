import Glibc
import Testing

@testable import FaceDetection

/// Best wall-clock time of `runs` calls of `body`, in milliseconds.
private func milliseconds(runs: Int = 3, _ body: () -> Void) -> Double {
    var best = Duration.seconds(1000)
    for _ in 0..<runs {
        let start = ContinuousClock.now
        body()
        best = min(best, ContinuousClock.now - start)
    }
    let (seconds, attoseconds) = best.components
    return Double(seconds) * 1000 + Double(attoseconds) / 1e15
}

/// Times resizing and blurring a 4000 × 3000 photo-sized image. Opt-in (it is slow in debug builds):
/// `FACEDETECT_BENCH=1 swift test -c release -Xswiftc -enable-testing --filter imageOperationSpeed`.
@Test(.enabled(if: getenv("FACEDETECT_BENCH") != nil))
func imageOperationSpeed() {
    let big = randomImage(width: 4000, height: 3000, seed: 1)
    let small = randomImage(width: 1000, height: 750, seed: 2)
    var sink = 0
    func report(_ name: String, _ ms: Double) { print("speed: \(name): \(Int(ms.rounded())) ms") }
    for simd in [true, false] {
        let kind = simd ? "SIMD" : "scalar"
        report(
            "resize 4000x3000 -> 1000x750 (\(kind))",
            milliseconds { sink &+= Int(big.resized(width: 1000, height: 750, simd: simd).pixels[7]) })
        report(
            "resize 4000x3000 -> 640x480 (\(kind))",
            milliseconds { sink &+= Int(big.resized(width: 640, height: 480, simd: simd).pixels[7]) })
        report(
            "resize 4000x3000 -> 2800x2100 (\(kind))",
            milliseconds { sink &+= Int(big.resized(width: 2800, height: 2100, simd: simd).pixels[7]) })
        report(
            "resize 1000x750 -> 4000x3000 (\(kind))",
            milliseconds { sink &+= Int(small.resized(width: 4000, height: 3000, simd: simd).pixels[7]) })
        report(
            "blur 1000x1000 face in 4000x3000 (\(kind))",
            milliseconds {
                var image = big
                image.blur(Rect(x: 1500, y: 1000, width: 1000, height: 1000), radius: nil, simd: simd)
                sink &+= Int(image.pixels[7])
            })
        report(
            "blur whole 4000x3000 (\(kind))",
            milliseconds {
                var image = big
                image.blur(Rect(x: 0, y: 0, width: 4000, height: 3000), radius: nil, simd: simd)
                sink &+= Int(image.pixels[7])
            })
    }
    report(
        "copy 4000x3000 (baseline for the blurs)",
        milliseconds {
            var image = big
            image[0, 0] = RGB(1, 2, 3)
            sink &+= Int(image.pixels[7])
        })
    report(
        "pixelate 1000x1000 face",
        milliseconds {
            var image = big
            image.pixelate(Rect(x: 1500, y: 1000, width: 1000, height: 1000))
            sink &+= Int(image.pixels[7])
        })
    var faces: [Face] = []
    for i in 0..<20 {
        let x = Float(i * 190)
        let y = Float(i * 140)
        let eye = Landmark(type: .leftEye, position: Point(x: x + 100, y: y + 100))
        faces.append(Face(bounds: Rect(x: x, y: y, width: 300, height: 300), score: 1, landmarks: [eye]))
    }
    report(
        "draw 20 faces with landmarks",
        milliseconds {
            var image = big
            image.draw(faces)
            sink &+= Int(image.pixels[7])
        })
    // The timed kernels agree with their twins at full size too.
    #expect(big.resized(width: 1000, height: 750, simd: true) == big.resized(width: 1000, height: 750, simd: false))
    var fast = big
    var plain = big
    fast.blur(Rect(x: 1500, y: 1000, width: 1000, height: 1000), radius: nil, simd: true)
    plain.blur(Rect(x: 1500, y: 1000, width: 1000, height: 1000), radius: nil, simd: false)
    #expect(fast == plain)
    print("speed: checksum \(sink)")
}
