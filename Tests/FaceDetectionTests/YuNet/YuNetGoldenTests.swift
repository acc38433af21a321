import Testing
import Foundation
@testable import FaceDetection

/// The golden tensors of `tools/yunet_golden.py` (onnxruntime on three odd-sized inputs).
private let yunetGolden: ModelFile? = try? ModelFile(bytes: Array(Data(contentsOf:
    repositoryRoot.appendingPathComponent("Fixtures/yunet-golden/golden.fdm"))))

@Test(arguments: ["n", "s"])
func yunetMatchesOnnxruntime(model: String) throws {
    let golden = try #require(yunetGolden)
    let net = try (model == "n" ? BuiltinModels.yunetN : BuiltinModels.yunetS).get()
    for input in ["random", "crop", "large"] {
        let shape = try golden.tensor("\(input).rgb").shape
        let image = Image(width: shape[1], height: shape[0], pixels: try golden.bytes("\(input).rgb"))
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
