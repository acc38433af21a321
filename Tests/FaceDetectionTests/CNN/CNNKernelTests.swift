import Foundation
import Testing

@testable import FaceDetection

/// Deterministic pseudo-random floats in −1…1 (a 64-bit LCG), so failures reproduce.
struct TestRandom {
    var state: UInt64
    mutating func next() -> Float {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Float(Int64(bitPattern: state >> 11) % 2_000_001 - 1_000_000) / 1_000_000
    }
    mutating func floats(_ n: Int) -> [Float] { (0..<n).map { _ in next() } }
}

/// A map of random values in its meaningful channels, zeros in the padding.
func randomMap(_ h: Int, _ w: Int, _ c: Int, alignment: Int, _ rng: inout TestRandom) -> FeatureMap {
    var m = FeatureMap(height: h, width: w, channels: c, alignment: alignment)
    for y in 0..<h { for x in 0..<w { for k in 0..<c { m[y, x, k] = rng.next() } } }
    return m
}

/// Largest absolute difference over the first `h*w*stride` values of two maps of equal shape.
func maxDifference(_ a: FeatureMap, _ b: FeatureMap) -> Float {
    #expect(a.height == b.height && a.width == b.width && a.pixelStride == b.pixelStride)
    let n = a.height * a.width * a.pixelStride
    return zip(a.values.prefix(n), b.values.prefix(n)).map { abs($0 - $1) }.max() ?? 0
}

// (input channels, output channels, kernel h, kernel w, stride, input h, input w, input alignment)
@Test(arguments: [
    (3, 10, 3, 3, 1, 13, 17, 1), (10, 16, 3, 3, 1, 7, 9, 16), (16, 32, 3, 3, 1, 5, 11, 16),
    (32, 6, 1, 1, 1, 3, 5, 16), (48, 64, 2, 2, 1, 4, 4, 16), (3, 28, 3, 3, 2, 15, 12, 1),
    (5, 7, 2, 3, 3, 11, 13, 8), (1, 1, 1, 1, 1, 1, 1, 1), (64, 128, 2, 2, 2, 5, 5, 16),
])
func convolutionMatchesScalarTwin(ic: Int, oc: Int, kh: Int, kw: Int, stride: Int, h: Int, w: Int, alignment: Int) {
    var rng = TestRandom(state: UInt64(ic * 1000 + oc * 10 + kh))
    let conv = Convolution(
        weights: rng.floats(oc * ic * kh * kw), bias: rng.floats(oc), outputChannels: oc,
        inputChannels: ic, kernelHeight: kh, kernelWidth: kw, stride: stride,
        activation: PReLU(slopes: rng.floats(oc).map { $0 * 0.5 }))
    let input = randomMap(h, w, ic, alignment: alignment, &rng)
    var fast = FeatureMap()
    var slow = FeatureMap()
    conv.applyDirect(input, into: &fast)
    conv.applyScalar(input, into: &slow)
    #expect(fast.height == (h - kh) / stride + 1 && fast.width == (w - kw) / stride + 1)
    #expect(maxDifference(fast, slow) < 1e-5)
    // A reused (larger) output buffer gives the same result.
    var reused = FeatureMap(height: 40, width: 40, channels: 200)
    conv.applyDirect(input, into: &reused)
    #expect(maxDifference(fast, reused) == 0)
}

// (input channels, output channels, input h, input w): odd and even sizes, tiles cut at the edges
@Test(arguments: [
    (10, 16, 306, 3), (16, 32, 7, 9), (28, 48, 11, 11), (32, 64, 23, 23), (64, 64, 10, 10),
    (8, 5, 3, 3), (17, 33, 4, 6), (12, 16, 5, 4),
])
func winogradMatchesScalarTwin(ic: Int, oc: Int, h: Int, w: Int) throws {
    var rng = TestRandom(state: UInt64(ic * 31 + oc * 7 + h))
    let conv = Convolution(
        weights: rng.floats(oc * ic * 9), bias: rng.floats(oc), outputChannels: oc,
        inputChannels: ic, kernelHeight: 3, kernelWidth: 3,
        activation: PReLU(slopes: rng.floats(oc).map { $0 * 0.5 }))
    let winograd = try #require(conv.winograd)
    let input = randomMap(h, w, ic, alignment: 16, &rng)
    var fast = FeatureMap()
    var slow = FeatureMap()
    winograd.apply(input, into: &fast)
    conv.applyScalar(input, into: &slow)
    #expect(fast.height == h - 2 && fast.width == w - 2)
    #expect(maxDifference(fast, slow) < 1e-4)
}

@Test func convolutionComputesTextbookSum() {
    // One 2×2 kernel over a 2×3 single-channel map: hand-computable values.
    let conv = Convolution(
        weights: [1, 2, 3, 4], bias: [0.5], outputChannels: 1, inputChannels: 1,
        kernelHeight: 2, kernelWidth: 2)
    var input = FeatureMap(height: 2, width: 3, channels: 1, alignment: 1)
    input.values = [1, 2, 3, 4, 5, 6]
    var out = FeatureMap()
    conv.apply(input, into: &out)
    #expect(out.width == 2 && out.height == 1)
    #expect(out[0, 0, 0] == 37.5)  // 0.5 + 1·1 + 2·2 + 3·4 + 4·5
    #expect(out[0, 1, 0] == 47.5)  // 0.5 + 1·2 + 2·3 + 3·5 + 4·6
}

// (size, stride, input h, input w, channels)
@Test(arguments: [
    (2, 2, 7, 9, 10), (3, 2, 22, 22, 28), (3, 2, 10, 10, 48), (2, 2, 4, 4, 64), (3, 2, 5, 6, 16), (2, 2, 1, 1, 3),
])
func maxPoolMatchesScalarTwin(size: Int, stride: Int, h: Int, w: Int, c: Int) {
    var rng = TestRandom(state: UInt64(size * 100 + h * 10 + w))
    let input = randomMap(h, w, c, alignment: 16, &rng)
    let pool = MaxPool(size: size, stride: stride)
    var fast = FeatureMap()
    var slow = FeatureMap()
    pool.apply(input, into: &fast)
    pool.applyScalar(input, into: &slow)
    #expect(maxDifference(fast, slow) == 0)
}

@Test func maxPoolRoundsUp() {
    // PyTorch ceil_mode: 22 → 11 (3/2), 10 → 5 (3/2), 4 → 2 (2/2), 7 → 4 (2/2), 5 → 2 (3/2).
    #expect(MaxPool(size: 3, stride: 2).outputLength(22) == 11)
    #expect(MaxPool(size: 3, stride: 2).outputLength(10) == 5)
    #expect(MaxPool(size: 2, stride: 2).outputLength(4) == 2)
    #expect(MaxPool(size: 2, stride: 2).outputLength(7) == 4)
    #expect(MaxPool(size: 3, stride: 2).outputLength(5) == 2)
}

@Test(arguments: [(576, 128), (128, 6), (1152, 256), (256, 16), (7, 3), (1, 1), (33, 17), (288, 1404), (50, 80)])
func denseMatchesScalarTwin(inputs: Int, outputs: Int) {
    var rng = TestRandom(state: UInt64(inputs * 7 + outputs))
    let order = (0..<inputs).reversed().map { $0 }
    let dense = Dense(
        weights: rng.floats(inputs * outputs), bias: rng.floats(outputs), outputs: outputs, inputs: inputs,
        inputOrder: order, activation: PReLU(slopes: rng.floats(outputs)))
    let x = rng.floats(inputs)
    var fast: [Float] = []
    var slow: [Float] = []
    dense.apply(x, into: &fast)
    dense.applyScalar(x, into: &slow)
    #expect(zip(fast.prefix(dense.paddedOutputs), slow).allSatisfy { abs($0 - $1) < 1e-4 })
}

@Test(arguments: [(5, 7, 10), (3, 3, 32), (1, 2, 128)])
func preluMatchesScalarTwin(h: Int, w: Int, c: Int) {
    var rng = TestRandom(state: UInt64(h * w * c))
    let prelu = PReLU(slopes: rng.floats(c))
    var fast = randomMap(h, w, c, alignment: 16, &rng)
    var slow = fast
    prelu.apply(to: &fast)
    prelu.applyScalar(to: &slow)
    #expect(maxDifference(fast, slow) == 0)
    #expect(fast.values.prefix(h * w * fast.pixelStride).contains { $0 < 0 })
}

@Test func softmaxSumsToOne() {
    var v: [Float] = [1, 2, 3]
    Softmax.apply(&v)
    #expect(abs(v.reduce(0, +) - 1) < 1e-6 && v[2] > v[1] && v[1] > v[0])
    #expect(abs(Softmax.secondOfTwo(0.3, 1.7) - 1 / (1 + Float(exp(-1.4)))) < 1e-6)
}
