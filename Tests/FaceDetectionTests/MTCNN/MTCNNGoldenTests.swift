import Foundation
import Testing

@testable import FaceDetection

/// Models/mtcnn.fdm, read from the working tree.
func loadMTCNNModel() throws -> ModelFile {
    try ModelFile(bytes: Array(Data(contentsOf: repositoryRoot.appendingPathComponent("Models/mtcnn.fdm"))))
}

/// Reference outputs computed by tools/models/convert_mtcnn.py's numpy nets.
func loadGolden() throws -> ModelFile {
    try goldenFile("mtcnn-golden")
}

/// A (3, H, W) golden input as a packed channel-last network input.
func goldenInput(_ golden: ModelFile, _ name: String) throws -> FeatureMap {
    let shape = try golden.tensor(name + ".input").shape
    let chw = try golden.floats(name + ".input")
    var map = FeatureMap(height: shape[1], width: shape[2], channels: 3, alignment: 1)
    for c in 0..<3 {
        for y in 0..<shape[1] { for x in 0..<shape[2] { map[y, x, c] = chw[(c * shape[1] + y) * shape[2] + x] } }
    }
    return map
}

@Test func mtcnnModelLoads() throws {
    let model = try loadMTCNNModel()
    try model.expectKind("MTCN")
    #expect(model.tensors.count == 50)
    #expect(try model.tensor("onet.dense5.weight").shape == [256, 1152])
    let detector = try MTCNN(model: model)
    #expect(detector.pnet.heads.outputChannels == 6)
    #expect(throws: ModelFile.Error.wrongKind(expected: "MTCN", found: "GOLD")) { try MTCNN(model: try loadGolden()) }
}

@Test(arguments: ["pnet.random", "pnet.face"])
func pnetMatchesGolden(name: String) throws {
    let golden = try loadGolden()
    let net = try MTCNN(model: try loadMTCNNModel()).pnet
    var scratch = CNNScratch()
    scratch.input = try goldenInput(golden, name)
    net.forward(&scratch)
    let out = scratch.first
    let probShape = try golden.tensor(name + ".prob").shape  // (2, H', W')
    #expect(probShape == [2, out.height, out.width])
    var prob: [Float] = []
    var reg: [Float] = []
    for c in 0..<2 {
        for y in 0..<out.height {
            for x in 0..<out.width {
                prob.append(
                    c == 1
                        ? Softmax.secondOfTwo(out[y, x, 0], out[y, x, 1])
                        : Softmax.secondOfTwo(out[y, x, 1], out[y, x, 0]))
            }
        }
    }
    for c in 0..<4 { for y in 0..<out.height { for x in 0..<out.width { reg.append(out[y, x, 2 + c]) } } }
    #expect(maxAbsDifference(prob, try golden.floats(name + ".prob")) < 1e-4)
    #expect(maxAbsDifference(reg, try golden.floats(name + ".reg")) < 1e-4)
}

@Test(arguments: ["rnet.random", "rnet.face", "onet.random", "onet.face"])
func refineAndOutputNetsMatchGolden(name: String) throws {
    let golden = try loadGolden()
    let mtcnn = try MTCNN(model: try loadMTCNNModel())
    var scratch = CNNScratch()
    scratch.input = try goldenInput(golden, name)
    if name.hasPrefix("rnet") { mtcnn.rnet.forward(&scratch) } else { mtcnn.onet.forward(&scratch) }
    let o = scratch.output
    let prob = [Softmax.secondOfTwo(o[1], o[0]), Softmax.secondOfTwo(o[0], o[1])]
    #expect(maxAbsDifference(prob, try golden.floats(name + ".prob")) < 1e-4)
    #expect(maxAbsDifference(Array(o[2..<6]), try golden.floats(name + ".reg")) < 1e-4)
    if name.hasPrefix("onet") {
        #expect(maxAbsDifference(Array(o[6..<16]), try golden.floats(name + ".landmarks")) < 1e-4)
    }
    if name.hasSuffix("face") { #expect(prob[1] > 0.9) } else { #expect(prob[1] < 0.1) }
}
