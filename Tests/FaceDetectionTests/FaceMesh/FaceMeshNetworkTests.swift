import Foundation
import Testing

@testable import FaceDetection

/// The golden tensors of `tools/face_mesh_golden.py` (the LiteRT interpreter on three 192×192 inputs).
private let faceMeshGolden: ModelFile? = try? goldenFile("face-mesh-golden")

/// The Swift network against LiteRT: landmarks (x, y, z in 192-pixel input units) within 1e-3
/// pixels, the face logit within 1e-3, and the 6×6×128 trunk (`FaceMesh.features`) within 1e-3 of
/// its largest value.
@Test(arguments: ["astronaut", "hopper", "pattern"])
func faceMeshNetworkMatchesLiteRT(input: String) throws {
    let golden = try #require(faceMeshGolden)
    let network = try BuiltinModels.faceMesh.get()
    let rgb = try golden.bytes("\(input).rgb", shape: [192, 192, 3])
    var scratch = network.scratchPool.take()
    let out = network.run(rgb.map { Float($0) / 255 }, scratch: &scratch)
    let outTrunk = FaceMeshNetwork.interior(of: scratch.first)  // the heads leave the trunk there
    let landmarks = try golden.floats("\(input).landmarks", shape: [468, 3])
    let logit = try golden.floats("\(input).score", shape: [1])[0]
    #expect(out.landmarks.count == landmarks.count)
    let worst = maxAbsDifference(out.landmarks, landmarks)
    #expect(worst < 1e-3, "\(input): landmarks max |diff| \(worst) px")
    #expect(abs(out.faceLogit - logit) < 1e-3, "\(input): logit \(out.faceLogit), LiteRT \(logit)")
    let trunk = try golden.floats("\(input).trunk", shape: [6, 6, 128])
    #expect(outTrunk.count == FaceMeshNetwork.trunkCount && trunk.count == FaceMeshNetwork.trunkCount)
    let scale = trunk.map(abs).max() ?? 0
    let trunkWorst = maxAbsDifference(outTrunk, trunk)
    #expect(scale > 1 && trunkWorst < 1e-3 * scale, "\(input): trunk max |diff| \(trunkWorst), largest \(scale)")
}

/// The trunk alone (the second look's path: stem and backbone on the padded input, no heads) is the
/// full run's trunk.
@Test func faceMeshTrunkAloneIsTheFullRunsTrunk() throws {
    let golden = try #require(faceMeshGolden)
    let network = try BuiltinModels.faceMesh.get()
    let input = try golden.bytes("hopper.rgb", shape: [192, 192, 3]).map { Float($0) / 255 }
    var scratch = network.scratchPool.take()
    _ = network.run(input, scratch: &scratch)
    let full = FaceMeshNetwork.interior(of: scratch.first)  // the heads leave the trunk there
    // The padded layout: 193 rows of 193 pixels, the last pixel of each row and the last row zero.
    scratch.padded = [Float](repeating: 0, count: 193 * 193 * 3)
    for y in 0..<192 { for k in 0..<(192 * 3) { scratch.padded[y * 193 * 3 + k] = input[y * 192 * 3 + k] } }
    #expect(network.trunkPadded(scratch: &scratch) == full)
}

/// The stride-2 depthwise kernel against its scalar twin on even input sizes with odd outputs: each
/// output row from input rows 2y…2y+2 (padded with one zero pixel right and a zero row below).
@Test func stridedDepthwiseRowMatchesScalarTwin() {
    var rng = TestRandom(state: 13)
    for (h, w, c) in [(2, 2, 8), (2, 6, 16), (6, 2, 8), (10, 14, 24), (6, 10, 32)] {
        let input = rng.floats(h * w * c)
        let weights = rng.floats(9 * c)
        let bias = rng.floats(c)
        let rowLength = (w + 1) * c
        var padded = [Float](repeating: 0, count: (h + 1) * rowLength)
        for y in 0..<h { for i in 0..<(w * c) { padded[y * rowLength + i] = input[y * w * c + i] } }
        let (oh, ow) = (h / 2, w / 2)
        var output = [Float](repeating: .nan, count: oh * ow * c)
        padded.withUnsafeBufferPointer { p in
            output.withUnsafeMutableBufferPointer { o in
                // Safety: rows 2y…2y + 2 ≤ h of the (h + 1)-row buffer; output row y < oh of ow·c floats.
                for y in 0..<oh {
                    let top = p.baseAddress! + 2 * y * rowLength
                    StridedDepthwiseConvolution.row(
                        top, top + rowLength, top + 2 * rowLength, width: ow, channels: c, weights: weights,
                        bias: bias, into: o.baseAddress! + y * ow * c)
                }
            }
        }
        let expected = StridedDepthwiseConvolution.mapScalar(
            input, height: h, width: w, channels: c, weights: weights, bias: bias)
        let worst = maxAbsDifference(output, expected)
        #expect(worst < 1e-5, "\(h)×\(w)×\(c)")
    }
}

/// The face mesh stem (3×3 stride 2, SAME padding, PReLU) against its scalar twin on small even sizes.
@Test func faceMeshStemMatchesScalarTwin() throws {
    var rng = TestRandom(state: 14)
    let stem = try FaceMeshStem(
        ModelFile(bytes: Array(Data(contentsOf: repositoryRoot.appendingPathComponent("Models/face_mesh.fdm")))))
    for (h, w) in [(2, 2), (4, 10), (14, 6), (22, 18)] {
        let input = rng.floats(h * w * 3)
        var map = BorderedFeatureMap()
        var padded: [Float] = []
        stem.apply(input, height: h, width: w, into: &map, padded: &padded)
        let expected = stem.scalar(input, height: h, width: w)
        #expect(map.height == h / 2 && map.width == w / 2 && map.channels == 16)
        #expect(borderIsZero(map), "\(h)×\(w)")
        let worst = maxAbsDifference(interior(map), expected)
        #expect(worst < 1e-5, "\(h)×\(w)")
    }
}

/// The interior of a bordered map as a tight channel-last array.
private func interior(_ map: BorderedFeatureMap) -> [Float] {
    var out: [Float] = []
    for y in 0..<map.height { for x in 0..<map.width { for c in 0..<map.channels { out.append(map[y, x, c]) } } }
    return out
}

/// Whether every border pixel of a bordered map is zero.
private func borderIsZero(_ map: BorderedFeatureMap) -> Bool {
    (-1...map.height).allSatisfy { y in
        (-1...map.width).allSatisfy { x in
            y >= 0 && y < map.height && x >= 0 && x < map.width || (0..<map.channels).allSatisfy { map[y, x, $0] == 0 }
        }
    }
}

/// A residual block (row-by-row depthwise, 1×1 convolution, skip and PReLU into a bordered or a tight
/// output) against its scalar twin, at both strides, widening or not, on sizes whose rows leave
/// 1–3 pixels after the 1×1 kernel's groups of four; the output map's border stays zero, also when
/// the map held other values before.
@Test func residualBlockMatchesScalarTwin() {
    var rng = TestRandom(state: 15)
    for (h, w, ni, no, stride) in [
        (6, 6, 16, 16, 1), (3, 5, 32, 32, 1), (1, 1, 16, 16, 1), (6, 10, 16, 32, 2), (4, 14, 32, 64, 2),
        (2, 2, 128, 128, 2), (7, 9, 64, 64, 1),
    ] {
        let slopes = rng.floats(no)
        let block = ResidualBlock(
            inputs: ni, outputs: no, stride: stride, dw: rng.floats(9 * ni), dwBias: rng.floats(ni),
            pw: rng.floats(ni * no), pwBias: rng.floats(no), activation: PReLU(slopes: slopes))
        let tight = rng.floats(h * w * ni)
        var input = BorderedFeatureMap()
        input.reshape(height: h, width: w, channels: ni)
        for y in 0..<h { for x in 0..<w { for c in 0..<ni { input[y, x, c] = tight[(y * w + x) * ni + c] } } }
        var output = BorderedFeatureMap()
        output.values = [Float](repeating: .nan, count: (h + 2) * (w + 2) * no)
        var row: [Float] = []
        block.apply(input, into: &output, row: &row)
        var flat: [Float] = []
        block.apply(input, into: &flat, row: &row)
        let expected = block.applyScalar(tight, height: h, width: w)
        #expect(output.height == h / stride && output.width == w / stride && borderIsZero(output))
        let worst = maxAbsDifference(interior(output), expected)
        let worstFlat = maxAbsDifference(flat, expected)
        #expect(flat.count == expected.count && worst < 1e-4 && worstFlat < 1e-4, "\(h)×\(w)×\(ni)→\(no)/\(stride)")
    }
}
