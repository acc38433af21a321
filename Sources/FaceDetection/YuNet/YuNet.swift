import Foundation

/// YuNet (Wu, Peng, Yu 2023), a one-shot CNN face detector: the network only (decoding lives elsewhere).
///
/// Layout: channel-last (NHWC) maps, `pixelStride == channels` (16, 32 or 64: all multiples of 16, so
/// 1×1 convolutions are row-by-matrix products and depthwise taps are contiguous channel vectors).
/// Structure and tensor layout: `tools/convert_yunet.py`, `Models/README.md`.
/// This first version uses plain loops; the structure (stem, pointwise+depthwise blocks, pools,
/// upsample+add, stacked heads) is the one the fused kernels will keep.
final class YuNet: Sendable {
    /// One 1×1 convolution followed by a depthwise 3×3 (pad 1), optionally ReLU.
    struct Block: Sendable {
        let inputs: Int, outputs: Int
        let pw: [Float], pwBias: [Float], dw: [Float], dwBias: [Float]
        let relu: Bool

        init(_ model: ModelFile, _ name: String, inputs: Int = -1, relu: Bool = true) throws {
            let shape = try model.tensor(name + ".pw.weight", shape: [inputs, -1]).shape
            self.inputs = shape[0]
            outputs = shape[1]
            pw = try model.floats(name + ".pw.weight")
            pwBias = try model.floats(name + ".pw.bias", shape: [outputs])
            dw = try model.floats(name + ".dw.weight", shape: [9, outputs])
            dwBias = try model.floats(name + ".dw.bias", shape: [outputs])
            self.relu = relu
        }

        /// out = dw3x3(pw1x1(input)) (+ ReLU), same height and width; SIMD16 over output channels.
        func apply(_ input: [Float], height h: Int, width w: Int) -> [Float] {
            precondition(input.count == h * w * inputs && outputs % 16 == 0)
            var mid = [Float](repeating: 0, count: h * w * outputs)
            var out = [Float](repeating: 0, count: h * w * outputs)
            let ni = inputs
            let no = outputs
            let blocks = outputs / 16
            let relu = relu
            input.withUnsafeBufferPointer { inBuffer in
                pw.withUnsafeBufferPointer { pwBuffer in
                    pwBias.withUnsafeBufferPointer { pbBuffer in
                        dw.withUnsafeBufferPointer { dwBuffer in
                            dwBias.withUnsafeBufferPointer { dbBuffer in
                                mid.withUnsafeMutableBufferPointer { midBuffer in
                                    out.withUnsafeMutableBufferPointer { outBuffer in
                                        // Safety: every index below is < h·w·channels of its buffer (sizes checked above).
                                        let src = inBuffer.baseAddress!
                                        let wp = pwBuffer.baseAddress!
                                        let bp = pbBuffer.baseAddress!
                                        let wd = dwBuffer.baseAddress!
                                        let bd = dbBuffer.baseAddress!
                                        let m = midBuffer.baseAddress!
                                        let dst = outBuffer.baseAddress!
                                        for p in 0..<(h * w) {
                                            let pixel = src + p * ni
                                            for b in 0..<blocks {
                                                // mid[p][o] = bias[o] + Σ_c in[p][c]·w[c][o], 16 outputs at a time
                                                var acc = bp.loadVector(at: b * 16)
                                                for c in 0..<ni {
                                                    acc +=
                                                        SIMD16(repeating: pixel[c]) * wp.loadVector(at: c * no + b * 16)
                                                }
                                                m.storeVector(acc, at: p * no + b * 16)
                                            }
                                        }
                                        for y in 0..<h {
                                            for x in 0..<w {
                                                for b in 0..<blocks {
                                                    // out[y][x][o] = bias[o] + Σ_taps mid[y+ky−1][x+kx−1][o]·w[tap][o]
                                                    var acc = bd.loadVector(at: b * 16)
                                                    for ky in 0..<3 where y + ky - 1 >= 0 && y + ky - 1 < h {
                                                        for kx in 0..<3 where x + kx - 1 >= 0 && x + kx - 1 < w {
                                                            acc +=
                                                                m.loadVector(
                                                                    at: ((y + ky - 1) * w + x + kx - 1) * no + b * 16)
                                                                * wd.loadVector(at: (ky * 3 + kx) * no + b * 16)
                                                        }
                                                    }
                                                    if relu { acc.replace(with: 0, where: acc .< 0) }
                                                    dst.storeVector(acc, at: (y * w + x) * no + b * 16)
                                                }
                                            }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
            return out
        }

        /// Scalar reference twin of `apply`.
        func applyScalar(_ input: [Float], height h: Int, width w: Int) -> [Float] {
            precondition(input.count == h * w * inputs)
            var mid = [Float](repeating: 0, count: h * w * outputs)
            for p in 0..<(h * w) {
                for o in 0..<outputs { mid[p * outputs + o] = pwBias[o] }
                for c in 0..<inputs {
                    let v = input[p * inputs + c]
                    for o in 0..<outputs { mid[p * outputs + o] += v * pw[c * outputs + o] }
                }
            }
            var out = [Float](repeating: 0, count: h * w * outputs)
            for y in 0..<h {
                for x in 0..<w {
                    for o in 0..<outputs {
                        var s = dwBias[o]
                        for ky in 0..<3 {
                            let yy = y + ky - 1
                            if yy < 0 || yy >= h { continue }
                            for kx in 0..<3 {
                                let xx = x + kx - 1
                                if xx < 0 || xx >= w { continue }
                                s += mid[(yy * w + xx) * outputs + o] * dw[(ky * 3 + kx) * outputs + o]
                            }
                        }
                        out[(y * w + x) * outputs + o] = relu ? max(s, 0) : s
                    }
                }
            }
            return out
        }
    }

    private let stemWeights: [Float], stemBias: [Float]
    private let backbone: [Block]
    private let neck32: Block, neck16: Block, neck8: Block
    private let heads: [Block?]  // strides 8, 16, 32 (YuNet_n only)
    private let outs: [Block]  // strides 8, 16, 32: 16 channels cls, obj, bbox×4, kps×10
    private static let stages = [1, 4, 2, 2, 2]

    init(model: ModelFile) throws {
        try model.expectKind("YUNT")
        stemWeights = try model.floats("stem.weight", shape: [3, 3, 3, 16])
        stemBias = try model.floats("stem.bias", shape: [16])
        var blocks: [Block] = []
        var channels = 16
        for k in 0..<Self.stages.reduce(0, +) {
            let b = try Block(model, "backbone.\(k)", inputs: channels)
            channels = b.outputs
            blocks.append(b)
        }
        backbone = blocks
        neck32 = try Block(model, "neck.32", inputs: channels)
        neck16 = try Block(model, "neck.16", inputs: neck32.outputs)
        neck8 = try Block(model, "neck.8", inputs: neck16.outputs)
        precondition(blocks[6].outputs == neck8.inputs && blocks[8].outputs == neck16.inputs)
        let heads: [Block?] = try [8, 16, 32].map { s in
            model.tensors["head.\(s).pw.weight"] == nil ? nil : try Block(model, "head.\(s)", inputs: 64)
        }
        self.heads = heads
        outs = try [8, 16, 32].enumerated().map { i, s in
            let b = try Block(model, "out.\(s)", inputs: heads[i]?.outputs ?? 64, relu: false)
            guard b.outputs == 16 else {
                throw ModelFile.Error.badTensor("out.\(s).pw.weight", reason: "expected 16 outputs")
            }
            return b
        }
    }

    /// Runs the network on an RGB image (converted to BGR, padded with zeros to multiples of 32 right/bottom).
    func run(on image: Image, threads: Int = 1) -> YuNetOutputs {
        let ph = ((max(image.height, 1) - 1) / 32 + 1) * 32
        let pw = ((max(image.width, 1) - 1) / 32 + 1) * 32
        var h = ph / 2
        var w = pw / 2
        // Stem: 3×3 stride 2 pad 1 on the zero-padded image (weights in RGB order), ReLU.
        var x = [Float](repeating: 0, count: h * w * 16)
        for oy in 0..<h {
            for ox in 0..<w {
                for o in 0..<16 {
                    var s = stemBias[o]
                    for ky in 0..<3 {
                        let iy = 2 * oy - 1 + ky
                        if iy < 0 || iy >= image.height { continue }
                        for kx in 0..<3 {
                            let ix = 2 * ox - 1 + kx
                            if ix < 0 || ix >= image.width { continue }
                            for c in 0..<3 {
                                s +=
                                    Float(image.pixels[(iy * image.width + ix) * 3 + c])
                                    * stemWeights[((ky * 3 + kx) * 3 + c) * 16 + o]
                            }
                        }
                    }
                    x[(oy * w + ox) * 16 + o] = max(s, 0)
                }
            }
        }
        var k = 0
        var features: [[Float]] = []
        for (stage, count) in Self.stages.enumerated() {
            if stage > 0 {
                x = Self.pool(x, height: h, width: w, channels: backbone[k - 1].outputs)
                h /= 2
                w /= 2
            }
            for _ in 0..<count {
                x = backbone[k].apply(x, height: h, width: w)
                k += 1
            }
            features.append(x)
        }
        let n32 = neck32.apply(x, height: h, width: w)
        let n16 = neck16.apply(
            Self.upsampleAdd(n32, features[3], height: h * 2, width: w * 2, channels: 64), height: h * 2, width: w * 2)
        let n8 = neck8.apply(
            Self.upsampleAdd(n16, features[2], height: h * 4, width: w * 4, channels: 64), height: h * 4, width: w * 4)
        var levels: [YuNetOutputs.Level] = []
        for (i, (s, n)) in zip([8, 16, 32], [n8, n16, n32]).enumerated() {
            let rows = ph / s
            let columns = pw / s
            let hd = heads[i].map { $0.apply(n, height: rows, width: columns) } ?? n
            let o = outs[i].apply(hd, height: rows, width: columns)
            let cells = rows * columns
            var level = YuNetOutputs.Level(stride: s, columns: columns, rows: rows, cls: [], obj: [], bbox: [], kps: [])
            level.cls.reserveCapacity(cells)
            level.obj.reserveCapacity(cells)
            level.bbox.reserveCapacity(cells * 4)
            level.kps.reserveCapacity(cells * 10)
            for c in 0..<cells {
                level.cls.append(1 / (1 + exp(-o[c * 16])))
                level.obj.append(1 / (1 + exp(-o[c * 16 + 1])))
                level.bbox.append(contentsOf: o[(c * 16 + 2)..<(c * 16 + 6)])
                level.kps.append(contentsOf: o[(c * 16 + 6)..<(c * 16 + 16)])
            }
            levels.append(level)
        }
        return YuNetOutputs(levels: levels)
    }

    /// 2×2 max-pool, stride 2 (floor; sizes here are even).
    static func pool(_ x: [Float], height h: Int, width w: Int, channels c: Int) -> [Float] {
        var out = [Float](repeating: 0, count: (h / 2) * (w / 2) * c)
        for y in 0..<(h / 2) {
            for xx in 0..<(w / 2) {
                for k in 0..<c {
                    let a = x[((2 * y) * w + 2 * xx) * c + k]
                    let b = x[((2 * y) * w + 2 * xx + 1) * c + k]
                    let d = x[((2 * y + 1) * w + 2 * xx) * c + k]
                    let e = x[((2 * y + 1) * w + 2 * xx + 1) * c + k]
                    out[(y * (w / 2) + xx) * c + k] = max(max(a, b), max(d, e))
                }
            }
        }
        return out
    }

    /// skip + nearest ×2 upsample of `low` (`height`×`width` is the skip's size).
    static func upsampleAdd(_ low: [Float], _ skip: [Float], height h: Int, width w: Int, channels c: Int) -> [Float] {
        var out = skip
        for y in 0..<h {
            for x in 0..<w {
                for k in 0..<c { out[(y * w + x) * c + k] += low[((y / 2) * (w / 2) + x / 2) * c + k] }
            }
        }
        return out
    }
}
