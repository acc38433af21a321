import Foundation
import Testing

@testable import FaceDetection

/// The golden tensors of `tools/fixtures/yunet_golden.py` (onnxruntime on three odd-sized inputs).
private let yunetGolden: ModelFile? = try? goldenFile("yunet-golden")

@Test(arguments: ["n", "s"])
func yunetMatchesOnnxruntime(model: String) throws {
    let golden = try #require(yunetGolden)
    let net = try (model == "n" ? BuiltinModels.yunetN : BuiltinModels.yunetS).get()
    for input in ["random", "crop", "large"] {
        let shape = try golden.tensor("\(input).rgb").shape
        let image = RGBImage(width: shape[1], height: shape[0], pixels: try golden.bytes("\(input).rgb"))
        let out = net.run(on: image)
        #expect(out.levels.map(\.stride) == [8, 16, 32])
        for level in out.levels {
            for (name, values) in [("cls", level.cls), ("obj", level.obj), ("bbox", level.bbox), ("kps", level.kps)] {
                let expected = try golden.floats("\(model).\(input).\(name)_\(level.stride)")
                #expect(values.count == expected.count)
                let worst = zip(values, expected).map { abs($0 - $1) }.max() ?? 0
                #expect(worst < 1e-4, "\(model) \(input) \(name)_\(level.stride): max |diff| \(worst)")
            }
        }
    }
}

/// The fused block kernel against its scalar twin on odd sizes and strip counts, for blocks of
/// YuNet_s with 16, 32 and 64 channels and a head without ReLU.
@Test func yunetBlockMatchesScalarTwin() throws {
    var rng = TestRandom(state: 99)
    let file = try ModelFile(
        bytes: Array(Data(contentsOf: repositoryRoot.appendingPathComponent("Models/yunet_s.fdm"))))
    for name in ["backbone.0", "backbone.2", "backbone.4", "out.8"] {
        let block = try SeparableBlock(file, name, relu: name != "out.8")
        for (h, w) in [(1, 1), (3, 5), (7, 2), (5, 9)] {
            let input = rng.floats(h * w * block.inputs)
            let b = block.applyScalar(input, height: h, width: w)
            for strips in 1...min(3, h) {
                let a = block.apply(input, height: h, width: w, strips: strips)
                #expect(zip(a, b).map { abs($0 - $1) }.max()! < 1e-4, "\(name) \(h)×\(w), \(strips) strips")
            }
        }
    }
}
