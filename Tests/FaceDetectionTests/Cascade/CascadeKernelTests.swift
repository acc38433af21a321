import Foundation
import Testing

@testable import FaceDetection

/// A deterministic textured grey image: gradients plus pseudo-random noise, so that windows
/// have varied variance (some flat enough to be rejected) and varied feature values.
func texturedImage(width: Int, height: Int, seed: UInt32 = 12345) -> GrayImage {
    var state = seed
    var pixels = [UInt8](repeating: 0, count: width * height)
    for y in 0..<height {
        for x in 0..<width {
            state = state &* 1_664_525 &+ 1_013_904_223
            let noise = Int(state >> 24) % 64
            let flat = x < 30 && y < 30  // a patch of low contrast
            let base = (x * 3 + y * 2) % 256
            pixels[y * width + x] = UInt8(flat ? 120 + noise / 16 : min(255, base / 2 + noise * 2))
        }
    }
    return GrayImage(width: width, height: height, pixels: pixels)
}

@Test func integralImageMatchesDirectSums() {
    let image = texturedImage(width: 37, height: 23)
    for stride in [38, 45] {
        let integral = IntegralImage(image, stride: stride)
        for y in 0...image.height {
            for x in 0...image.width {
                var sum: Int64 = 0
                var squares: Int64 = 0
                for yy in 0..<y {
                    for xx in 0..<x {
                        let v = Int64(image[xx, yy])
                        sum += v
                        squares += v * v
                    }
                }
                #expect(Int64(integral.sum[y * stride + x]) == sum)
                #expect(UInt32(bitPattern: integral.squares[y * stride + x]) == UInt32(truncatingIfNeeded: squares))
            }
        }
    }
}

@Test func grayscaleUsesOpenCVFixedPointWeights() {
    let image = RGBImage(width: 5, height: 1, pixels: [255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255, 10, 200, 33])
    // (9798 R + 19235 G + 3735 B + 16384) >> 15
    #expect(image.grayscale().pixels == [76, 150, 29, 255, 124])
}

@Test func histogramEqualizationSpreadsLevels() {
    // levels 10 (×2), 20 (×1), 30 (×1): cdf without the darkest = 0, 1, 2 of 2 → 0, 128 (127.5 to even), 255
    let image = GrayImage(width: 4, height: 1, pixels: [10, 20, 10, 30])
    #expect(image.histogramEqualized().pixels == [0, 128, 0, 255])
    #expect(GrayImage(width: 3, height: 1, fill: 7).histogramEqualized().pixels == [7, 7, 7])
}

@Test func resizeKeepsSizeAndEdges() {
    let image = texturedImage(width: 31, height: 17)
    #expect(image.resized(width: 31, height: 17) == image)
    let up = GrayImage(width: 2, height: 1, pixels: [0, 200]).resized(width: 4, height: 1)
    // centres at -0.25 (edge: 0), 0.25, 0.75, 1.25 (edge: 200): 0, 50, 150, 200
    #expect(up.pixels == [0, 50, 150, 200])
}

/// Runs `body` with the raw table pointers of an integral image and a program's arrays.
func withTables<R>(
    _ integral: IntegralImage, _ program: CascadeProgram,
    _ body: (
        UnsafePointer<Int32>, UnsafePointer<Int32>, UnsafeBufferPointer<CascadeProgram.Node>,
        UnsafeBufferPointer<CascadeProgram.Weak>, UnsafeBufferPointer<Float>
    ) -> R
) -> R {
    integral.sum.withUnsafeBufferPointer { s in
        integral.squares.withUnsafeBufferPointer { q in
            program.nodes.withUnsafeBufferPointer { n in
                program.weaks.withUnsafeBufferPointer { w in
                    program.leaves.withUnsafeBufferPointer { l in body(s.baseAddress!, q.baseAddress!, n, w, l) }
                }
            }
        }
    }
}

/// The cascades the kernels are checked on: the compiled-in `frontalFaceAlt2` (two-split trees) and
/// OpenCV's `haarcascade_frontalface_default` (stumps), which is not compiled in and is read from
/// `Models/` here.
let testedCascadeNames = ["haarcascade_frontalface_alt2", "haarcascade_frontalface_default"]

/// The cascade named `name` (one of `testedCascadeNames`).
func testedCascade(_ name: String) throws -> CascadeClassifier {
    if name == "haarcascade_frontalface_alt2" { return try CascadeClassifier(.frontalFaceAlt2) }
    return try CascadeClassifier(
        modelBytes: Array(Data(contentsOf: repositoryRoot.appendingPathComponent("Models/\(name).fdm"))))
}

@Test(arguments: testedCascadeNames)
func simdStageSumsMatchScalar(_ name: String) throws {
    let cascade = try testedCascade(name)
    let image = texturedImage(width: 71, height: 53)
    let integral = IntegralImage(image, stride: 75)
    let program = CascadeProgram(cascade, stride: 75)
    let maxX = image.width - cascade.windowWidth
    let maxY = image.height - cascade.windowHeight
    var compared = 0
    var flat = 0
    withTables(integral, program) { s, q, nodes, weaks, leaves in
        for y in stride(from: 0, through: maxY, by: 3) {
            // groups of eight windows at step 1 and step 2, and eight scattered windows
            for x in stride(from: 0, through: maxX - 14, by: 5) {
                let o = y * program.stride + x
                let scattered = SIMD8<Int32>(
                    (0..<8).map { Int32(((y + $0 * 5) % (maxY + 1)) * program.stride + (x + $0 * 3) % (maxX + 1)) })
                let groups: [(any CascadeLanes, [Int])] = [
                    (AdjacentLanes(origin: o), (0..<8).map { o + $0 }),
                    (AlternateLanes(origin: o), (0..<8).map { o + 2 * $0 }),
                    (ScatteredLanes(origins: scattered), (0..<8).map { Int(scattered[$0]) }),
                ]
                for (lanes, origins) in groups {
                    let (factor, passed) = program.normalization8(lanes, sum: s, squares: q)
                    for k in 0..<8 {
                        let scalar = program.normalization(sum: s, squares: q, at: origins[k])
                        #expect((passed[k] != 0) == (scalar != nil))
                        if let scalar { #expect(factor[k] == scalar) } else { flat += 1 }
                    }
                    for si in 0..<program.stages.count {
                        let sums = program.stageSum8(si, lanes, s, factor: factor, nodes, weaks, leaves)
                        for k in 0..<8 {
                            let scalar = program.stageSum(
                                si, window: s + origins[k], factor: factor[k], nodes: nodes, weaks: weaks,
                                leaves: leaves)
                            #expect(sums[k] == scalar)
                            compared += 1
                        }
                    }
                }
            }
        }
    }
    #expect(compared > 10_000)
    #expect(flat > 0)  // the flat patches exercise the variance rejection
}

@Test(arguments: [1, 2], [2, 4])
func levelScannerMatchesScalarEvaluation(step: Int, stages: Int) throws {
    // A truncated cascade lets many windows of a synthetic image pass every stage.
    for name in testedCascadeNames {
        let cascade = try testedCascade(name).truncated(toStages: stages)
        let image = texturedImage(width: 83, height: 61, seed: 99)
        let integral = IntegralImage(image, stride: 84)
        let program = CascadeProgram(cascade, stride: 84)
        var simd: [String] = []
        CascadeLevelScanner(program: program).scan(integral, step: step) { x, y, sum in simd.append("\(x),\(y),\(sum)")
        }
        var scalar: [String] = []
        for y in stride(from: 0, through: image.height - cascade.windowHeight, by: step) {
            for x in stride(from: 0, through: image.width - cascade.windowWidth, by: step) {
                let outcome = program.evaluate(integral, x: x, y: y)
                if outcome.stagesPassed == stages { scalar.append("\(x),\(y),\(outcome.lastStageSum)") }
            }
        }
        #expect(scalar.count > 5)
        #expect(simd.sorted() == scalar.sorted())
    }
}

@Test func cascadeModelsLoadWithTheirShapes() throws {
    let stumps = try testedCascade("haarcascade_frontalface_default")
    #expect(
        stumps.windowWidth == 24 && stumps.windowHeight == 24 && stumps.stageCount == 25
            && stumps.weakClassifierCount == 2913)
    let alt2 = try CascadeClassifier(.frontalFaceAlt2)
    #expect(alt2.windowWidth == 20 && alt2.stageCount == 20 && alt2.weakClassifierCount == 1047)
}

@Test func cascadeModelErrorsAreTyped() throws {
    var damaged = CascadeClassifier.Builtin.frontalFaceAlt2.modelBytes
    damaged[damaged.count / 2] ^= 0x40
    #expect(throws: ModelFile.Error.checksumMismatch) { try CascadeClassifier(modelBytes: damaged) }
    let bytes = CascadeClassifier.Builtin.frontalFaceAlt2.modelBytes
    #expect(throws: ModelFile.Error.truncated) { try CascadeClassifier(modelBytes: Array(bytes.prefix(20))) }
    #expect(throws: ModelFile.Error.badMagic) { try CascadeClassifier(modelBytes: Array(repeating: 7, count: 64)) }
    // A valid container of another kind (written by tools/models/modelfile.py, kind "TEST").
    let other: [UInt8] = [
        70, 68, 77, 79, 68, 69, 76, 0, 1, 0, 0, 0, 84, 69, 83, 84, 4, 0, 0, 0, 1, 0, 97, 0, 2, 2, 0, 0, 0, 3, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 63, 0, 0, 128, 63, 0, 0, 192, 63, 0, 0, 0, 64, 0, 0, 32, 64, 1, 0, 98, 1, 1, 2, 0,
        0, 0, 0, 0, 0, 253, 255, 255, 255, 7, 0, 0, 0, 1, 0, 99, 2, 1, 3, 0, 0, 0, 0, 0, 0, 1, 2, 3, 1, 0, 104, 3, 1, 2,
        0, 0, 0, 0, 62, 0, 192, 57, 204, 247, 140,
    ]
    #expect(throws: ModelFile.Error.wrongKind(expected: "HAAR", found: "TEST")) {
        try CascadeClassifier(modelBytes: other)
    }
    #expect(throws: ModelFile.Error.wrongKind(expected: "HAAR", found: "TEST")) {
        try FaceDetector(cascadeModelBytes: other)
    }
}

@Test func detectorFindsNothingInFlatOrTinyImages() throws {
    let detector = FaceDetector(options: .init(minFaceSize: .pixels(20)))
    #expect(detector.detect(in: RGBImage(width: 200, height: 150, fill: RGB(90, 120, 200))).isEmpty)
    #expect(detector.detect(in: RGBImage(width: 10, height: 10)).isEmpty)
    #expect(detector.detect(in: RGBImage(width: 0, height: 0)).isEmpty)
}
