import Testing

@testable import FaceDetection

/// The golden values of `tools/fixtures/sface_golden.py`: Grace Hopper's face aligned as `FaceRecognizerSF.alignCrop`
/// aligns it, and the numpy reference network's 128 outputs on it.
private let golden: ModelFile? = try? goldenFile("sface-golden")

/// The crop's floats as the network reads them: (v − 127.5)·0.0078125, channel-last R, G, B.
private func centred(_ rgb: [UInt8]) -> [Float] { rgb.map { (Float($0) - 127.5) * 0.0078125 } }

/// The cosine of the angle between two vectors of one length.
private func cosine(_ a: [Float], _ b: [Float]) -> Double {
    var (ab, aa, bb) = (0.0, 0.0, 0.0)
    for (x, y) in zip(a, b) { (ab, aa, bb) = (ab + Double(x * y), aa + Double(x * x), bb + Double(y * y)) }
    return ab / (aa * bb).squareRoot()
}

/// The Swift SFace against the numpy reference (float64) on the golden crop: every output within 1e-4 of the
/// largest |output|, cosine ≥ 0.99999.
@Test func sfaceNetworkMatchesTheReference() throws {
    let golden = try #require(golden)
    let network = try BuiltinModels.sface.get()
    let rgb = try golden.bytes("crop.rgb", shape: [112, 112, 3])
    let expected = try golden.floats("outputs", shape: [128])
    let out = network.outputs(for: centred(rgb))
    #expect(out.count == 128)
    let scale = expected.map(abs).max()!
    let worst = maxAbsDifference(out, expected)
    #expect(worst <= 1e-4 * scale, "max |diff| \(worst), max |output| \(scale)")
    #expect(cosine(out, expected) >= 0.99999)
}

/// Each of SFace's layers from dw7 on (stride 2 into 14×14, the 512-channel layers, the 7×7 ones whose 1×1 weights
/// are walked in panels) against its scalar twin on random input: within 1e-4 of the largest |output|.
@Test func sfaceLayersMatchScalarTwins() throws {
    let network = try BuiltinModels.sface.get()
    var rng = TestRandom(state: 38)
    var side = SFaceNetwork.inputSide
    for (k, layer) in network.layers.enumerated() {
        defer { side /= layer.stride }
        guard k >= 10 else { continue }
        let input = rng.floats(side * side * layer.inputs)
        let zero = [Float](repeating: 0, count: side * layer.inputs)
        let outSide = side / layer.stride
        var output = [Float](repeating: .nan, count: outSide * outSide * layer.outputs)
        input.withUnsafeBufferPointer { i in
            zero.withUnsafeBufferPointer { z in
                output.withUnsafeMutableBufferPointer { o in
                    // Safety: the map, the zero row and the output hold what `apply` reads and writes.
                    layer.apply(i.baseAddress!, side: side, zero: z.baseAddress!, into: o.baseAddress!)
                }
            }
        }
        let expected = layer.applyScalar(input, side: side)
        let scale = expected.map(abs).max()!
        #expect(maxAbsDifference(output, expected) <= 1e-4 * scale, "layer \(k + 1)")
    }
}
