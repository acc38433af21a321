import Foundation
import Testing

@testable import FaceDetection

/// The golden values of `tools/fixtures/face_landmarker_golden.py` (LiteRT on two 256×256 face crops).
private let golden: ModelFile? = try? goldenFile("face-mesh-v2-golden")

/// The Swift mesh v2 against LiteRT: every coordinate (input pixels) within 1e-3 px (1.1e-4 measured), the presence
/// logit within 1e-3.
@Test(arguments: ["astronaut", "hopper"])
func faceMeshV2NetworkMatchesLiteRT(input: String) throws {
    let golden = try #require(golden)
    let network = try BuiltinModels.faceMeshV2.get()
    let rgb = try golden.bytes("\(input).rgb", shape: [256, 256, 3])
    var scratch = FaceMeshV2Network.Scratch()
    let out = network.run(rgb.map { Float($0) / 255 }, scratch: &scratch)
    let landmarks = try golden.floats("\(input).landmarks", shape: [478, 3])
    let logit = try golden.floats("\(input).presence", shape: [1])[0]
    #expect(out.landmarks.count == landmarks.count)
    let worst = maxAbsDifference(out.landmarks, landmarks)
    #expect(worst < 1e-3, "\(input): landmarks max |diff| \(worst) px")
    #expect(abs(out.presenceLogit - logit) < 1e-3, "\(input): logit \(out.presenceLogit), LiteRT \(logit)")
}

/// The Swift blendshape model against LiteRT on the golden landmarks' 146 points: every
/// coefficient within 2e-5 (4.7e-6 measured); and against its scalar twin within 1e-5.
@Test(arguments: ["astronaut", "hopper"])
func blendshapeNetworkMatchesLiteRT(input: String) throws {
    let golden = try #require(golden)
    let network = try BuiltinModels.blendshapes.get()
    let landmarks = try golden.floats("\(input).landmarks", shape: [478, 3])
    let points = BlendshapeNetwork.meshIndices.map { SIMD2(landmarks[3 * $0], landmarks[3 * $0 + 1]) }
    let expected = try golden.floats("\(input).blendshapes", shape: [52])
    let out = network.run(points)
    let worst = maxAbsDifference(out.values, expected)
    #expect(worst < 2e-5, "\(input): max |diff| \(worst)")
    let scalar = network.runScalar(points)
    let twin = maxAbsDifference(out.values, scalar.values)
    #expect(twin < 1e-5, "\(input): scalar twin max |diff| \(twin)")
}

/// The narrow 1×1 kernel (8 outputs) against its scalar twin, on runs that leave 0–7 pixels after
/// its groups of eight.
@Test func narrowPointwiseMatchesScalarTwin() {
    var rng = TestRandom(state: 21)
    for (pixels, inputs) in [(1, 16), (7, 8), (8, 16), (21, 16), (128, 32), (13, 64)] {
        let input = rng.floats(pixels * inputs)
        let weights = rng.floats(inputs * 8)
        let bias = rng.floats(8)
        var output = [Float](repeating: .nan, count: pixels * 8)
        input.withUnsafeBufferPointer { i in
            output.withUnsafeMutableBufferPointer { o in
                // Safety: `pixels` pixels of `inputs` floats in, 8 floats each out; weights inputs·8, bias 8.
                NarrowPointwiseConvolution.row(
                    i.baseAddress!, pixels: pixels, inputs: inputs, weights: weights, bias: bias, into: o.baseAddress!)
            }
        }
        let expected = NarrowPointwiseConvolution.rowScalar(
            input, pixels: pixels, inputs: inputs, weights: weights, bias: bias)
        let worst = maxAbsDifference(output, expected)
        #expect(worst < 1e-4, "\(pixels) pixels × \(inputs)")
    }
}

/// A bottleneck block against its scalar twin: stride 1 with 8 middle channels (the narrow kernel),
/// stride 2 widening and not, maps under 8 pixels wide (the 1×1 convolutions run whole) and wide ones;
/// the output's border stays zero, also when the maps held other values before.
@Test func bottleneckBlockMatchesScalarTwin() {
    var rng = TestRandom(state: 22)
    for (h, w, ni, mid, no, stride) in [
        (6, 10, 16, 8, 16, 1), (3, 20, 16, 8, 16, 1), (8, 20, 16, 16, 32, 2), (4, 18, 32, 16, 32, 1),
        (8, 8, 64, 64, 128, 2), (4, 4, 128, 64, 128, 2), (2, 2, 128, 64, 128, 1), (5, 9, 64, 32, 64, 1),
    ] {
        let block = BottleneckBlock(
            inputs: ni, middle: mid, outputs: no, stride: stride, reduce: rng.floats(ni * stride * stride * mid),
            reduceBias: rng.floats(mid), reduceActivation: PReLU(slopes: rng.floats(mid)), dw: rng.floats(9 * mid),
            dwBias: rng.floats(mid), pw: rng.floats(mid * no), pwBias: rng.floats(no),
            activation: PReLU(slopes: rng.floats(no)))
        let tight = rng.floats(h * w * ni)
        var input = FeatureMap()
        input.reshape(height: h, width: w, channels: ni, alignment: 1, border: 1)
        for y in 0..<h { for x in 0..<w { for c in 0..<ni { input[y, x, c] = tight[(y * w + x) * ni + c] } } }
        var output = FeatureMap()
        output.values = [Float](repeating: .nan, count: (h + 2) * (w + 2) * no)
        var scratch = BottleneckBlock.Scratch()
        scratch.middle.values = [Float](repeating: .nan, count: (h + 2) * (w + 2) * mid)
        block.apply(input, into: &output, scratch: &scratch)
        let expected = block.applyScalar(tight, height: h, width: w)
        #expect(output.height == h / stride && output.width == w / stride && output.channels == no)
        var worst: Float = 0
        var border = true
        for y in -1...output.height {
            for x in -1...output.width {
                for c in 0..<no {
                    let inside = y >= 0 && y < output.height && x >= 0 && x < output.width
                    if inside {
                        worst = max(worst, abs(output[y, x, c] - expected[(y * output.width + x) * no + c]))
                    } else if output[y, x, c] != 0 {
                        border = false
                    }
                }
            }
        }
        #expect(worst < 1e-3 && border, "\(h)×\(w)×\(ni)→\(mid)→\(no)/\(stride): max |diff| \(worst)")
    }
}

/// The coefficients' names are MediaPipe's, in its order, and the JSON form is an object of them.
@Test func blendshapeNamesAreMediaPipes() throws {
    let names = Blendshapes.Coefficient.allCases.map(\.name)
    #expect(names.count == 52 && names.first == "_neutral" && names.last == "noseSneerRight")
    #expect(names[9] == "eyeBlinkLeft" && names[10] == "eyeBlinkRight")
    #expect(names[44] == "mouthSmileLeft" && names[45] == "mouthSmileRight" && names[25] == "jawOpen")
    let shapes = Blendshapes(values: (0..<52).map { Float($0) / 64 })
    let decoded = try JSONDecoder().decode(Blendshapes.self, from: JSONEncoder().encode(shapes))
    #expect(decoded == shapes && decoded[.jawOpen] == 25 / 64)
}
