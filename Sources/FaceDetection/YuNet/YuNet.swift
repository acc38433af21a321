import Foundation

/// YuNet (Wu, Peng, Yu 2023), a one-shot CNN face detector: the network only (decoding lives in
/// `YuNetDecoder`).
///
/// Layout: channel-last (NHWC) maps, `pixelStride == channels` (16, 32 or 64: multiples of 16),
/// so a 1×1 convolution is a row-by-matrix product over contiguous pixels and every depthwise tap
/// is a contiguous channel vector (`CNN/SeparableBlock`). Each layer runs one output row at a
/// time; `threads` cut every layer into row strips. Structure and tensor layout:
/// `tools/convert_yunet.py`, `Models/README.md`.
final class YuNet: Sendable {
    private let stem: StemConvolution
    private let backbone: [SeparableBlock]  // stages at strides 2, 4, 8, 16, 32: 1, 4, 2, 2, 2 blocks
    private let neck32: SeparableBlock, neck16: SeparableBlock, neck8: SeparableBlock
    private let heads: [SeparableBlock?]  // strides 8, 16, 32 (YuNet_n only)
    private let outs: [SeparableBlock]  // strides 8, 16, 32: 16 channels cls, obj, bbox×4, kps×10
    private let workspaces = YuNetWorkspacePool()

    init(model: ModelFile) throws {
        try model.expectKind("YUNT")
        stem = StemConvolution(
            weights: try model.floats("stem.weight", shape: [3, 3, 3, 16]),
            bias: try model.floats("stem.bias", shape: [16]))
        var blocks: [SeparableBlock] = []
        var channels = 16
        for k in 0..<11 {
            let b = try SeparableBlock(model, "backbone.\(k)", inputs: channels)
            channels = b.outputs
            blocks.append(b)
        }
        backbone = blocks
        neck32 = try SeparableBlock(model, "neck.32", inputs: channels)
        neck16 = try SeparableBlock(model, "neck.16", inputs: neck32.outputs)
        neck8 = try SeparableBlock(model, "neck.8", inputs: neck16.outputs)
        guard blocks[6].outputs == neck8.inputs && blocks[8].outputs == neck16.inputs else {
            throw ModelFile.Error.badTensor("neck.8.pw.weight", reason: "skip and neck channels differ")
        }
        let heads: [SeparableBlock?] = try [8, 16, 32].map { s in
            model.tensors["head.\(s).pw.weight"] == nil ? nil : try SeparableBlock(model, "head.\(s)", inputs: 64)
        }
        self.heads = heads
        outs = try [8, 16, 32].enumerated().map { i, s in
            let b = try SeparableBlock(model, "out.\(s)", inputs: heads[i]?.outputs ?? 64, relu: false)
            guard b.outputs == 16 else {
                throw ModelFile.Error.badTensor("out.\(s).pw.weight", reason: "expected 16 outputs")
            }
            return b
        }
    }

    /// Runs the network on an RGB image (zero-padded to multiples of 32 right and bottom; the
    /// converted weights take RGB, so no BGR swap), its layers cut into up to `threads` row strips.
    /// `shouldStop` is asked between groups of layers (on the calling thread); when it says yes,
    /// the run ends there with no outputs (a cancelled search).
    func run(on image: RGBImage, threads: Int = 1, shouldStop: () -> Bool = { false }) -> YuNetOutputs {
        run(on: image, threads: threads, shouldStop: shouldStop, trace: { _ in })
    }

    /// `run(on:threads:shouldStop:)` that calls `trace(name)` on the calling thread as each layer
    /// (or fused group of layers, names joined by `+`) ends, with the names of `layerCosts`: the
    /// benchmark's per-layer clock.
    func run(
        on image: RGBImage, threads: Int, shouldStop: () -> Bool, trace: (String) -> Void
    ) -> YuNetOutputs {
        let ph = ((max(image.height, 1) - 1) / 32 + 1) * 32
        let pw = ((max(image.width, 1) - 1) / 32 + 1) * 32
        let threads = max(1, min(threads, 16))
        func pixels(_ s: Int) -> Int { (ph / s) * (pw / s) }
        // The maps, in floats: a and b take turns as layer input and output; the skip maps (the
        // backbone at strides 8 and 16), the neck maps and the head outputs have their own.
        var ab = 16 * pixels(2)
        for (k, b) in backbone.enumerated() { ab = max(ab, b.outputs * pixels(Self.backboneStride[k])) }
        ab = max(ab, 64 * pixels(8))
        let sizes = [
            ab, ab, backbone[6].outputs * pixels(8), backbone[8].outputs * pixels(16),
            neck8.outputs * pixels(8), neck16.outputs * pixels(16), neck32.outputs * pixels(32),
            16 * pixels(8), 16 * pixels(16), 16 * pixels(32),
        ]
        let allBlocks = backbone + [neck32, neck16, neck8] + heads.compactMap { $0 } + outs
        var scratch = 3 * StemConvolution.rowCount(outputWidth: pw / 2)
        for (k, b) in backbone.enumerated() {
            scratch = max(scratch, b.scratchCount(width: pw / Self.backboneStride[k]))
        }
        for b in allBlocks { scratch = max(scratch, b.scratchCount(width: pw / 8)) }
        let workspace = workspaces.take(count: sizes.reduce(0, +) + threads * scratch)
        defer { workspaces.giveBack(workspace) }
        // Safety: the workspace holds every map at the sizes above plus `threads` scratch strips;
        // each layer below reads and writes within its maps' sizes (checked by the kernels'
        // layouts), and strips write disjoint rows.
        var offsets: [Int] = []
        var at = 0
        for s in sizes {
            offsets.append(at)
            at += s
        }
        let base = workspace.floats
        let (a, b, p8, p16) = (base + offsets[0], base + offsets[1], base + offsets[2], base + offsets[3])
        let (n8, n16, n32) = (base + offsets[4], base + offsets[5], base + offsets[6])
        let out = [base + offsets[7], base + offsets[8], base + offsets[9]]
        let scratchBase = SharedPointer(base + at)

        let stopped = YuNetOutputs(levels: [])
        stemLayer(image, height: ph / 2, width: pw / 2, threads: threads, scratch: scratchBase, into: a)
        trace("stem")
        if shouldStop() { return stopped }
        // Stride 2: 1 block; 4: 4; 8: 2 (into p8); 16: 2 (into p16); 32: 2 (ends in b).
        block(backbone[0], a, stride: 2, ph, pw, threads, scratchBase, into: b)
        trace("backbone.0")
        pool(b, channels: backbone[0].outputs, stride: 4, ph, pw, threads, into: a)
        trace("pool.4")
        if shouldStop() { return stopped }
        block(backbone[1], a, stride: 4, ph, pw, threads, scratchBase, into: b)
        trace("backbone.1")
        block(backbone[2], b, stride: 4, ph, pw, threads, scratchBase, into: a)
        trace("backbone.2")
        if shouldStop() { return stopped }
        block(backbone[3], a, stride: 4, ph, pw, threads, scratchBase, into: b)
        trace("backbone.3")
        block(backbone[4], b, stride: 4, ph, pw, threads, scratchBase, into: a)
        trace("backbone.4")
        if shouldStop() { return stopped }
        pool(a, channels: backbone[4].outputs, stride: 8, ph, pw, threads, into: b)
        trace("pool.8")
        block(backbone[5], b, stride: 8, ph, pw, threads, scratchBase, into: a)
        trace("backbone.5")
        block(backbone[6], a, stride: 8, ph, pw, threads, scratchBase, into: p8)
        trace("backbone.6")
        pool(p8, channels: backbone[6].outputs, stride: 16, ph, pw, threads, into: b)
        trace("pool.16")
        block(backbone[7], b, stride: 16, ph, pw, threads, scratchBase, into: a)
        trace("backbone.7")
        block(backbone[8], a, stride: 16, ph, pw, threads, scratchBase, into: p16)
        trace("backbone.8")
        pool(p16, channels: backbone[8].outputs, stride: 32, ph, pw, threads, into: b)
        trace("pool.32")
        block(backbone[9], b, stride: 32, ph, pw, threads, scratchBase, into: a)
        trace("backbone.9")
        block(backbone[10], a, stride: 32, ph, pw, threads, scratchBase, into: b)
        trace("backbone.10")
        if shouldStop() { return stopped }
        // Neck: top-down, each level plus the upsampled level above.
        block(neck32, b, stride: 32, ph, pw, threads, scratchBase, into: n32)
        trace("neck.32")
        upsampleAdd(n32, p16, channels: neck16.inputs, stride: 16, ph, pw, threads, into: a)
        trace("upsample.16")
        block(neck16, a, stride: 16, ph, pw, threads, scratchBase, into: n16)
        trace("neck.16")
        upsampleAdd(n16, p8, channels: neck8.inputs, stride: 8, ph, pw, threads, into: a)
        trace("upsample.8")
        block(neck8, a, stride: 8, ph, pw, threads, scratchBase, into: n8)
        trace("neck.8")
        var levels: [YuNetOutputs.Level] = []
        for (i, (s, n)) in zip([8, 16, 32], [n8, n16, n32]).enumerated() {
            var input = UnsafePointer(n)
            if let head = heads[i] {
                block(head, n, stride: s, ph, pw, threads, scratchBase, into: a)
                trace("head.\(s)")
                input = UnsafePointer(a)
            }
            block(outs[i], input, stride: s, ph, pw, threads, scratchBase, into: out[i])
            trace("out.\(s)")
            levels.append(Self.level(out[i], stride: s, rows: ph / s, columns: pw / s))
            trace("level.\(s)")
        }
        return YuNetOutputs(levels: levels)
    }

    /// Every layer of a pass on an image padded to `paddedWidth`×`paddedHeight` (multiples of 32),
    /// in the order `run` runs them, with its exact count of multiply-adds (a pool, an upsample-add
    /// and a level's output copy have none): the denominator of the benchmark's % of peak.
    func layerCosts(paddedWidth pw: Int, paddedHeight ph: Int) -> [(name: String, multiplyAdds: Int)] {
        func pixels(_ s: Int) -> Int { (ph / s) * (pw / s) }
        func cost(_ b: SeparableBlock, _ s: Int) -> Int { pixels(s) * (b.inputs * b.outputs + 9 * b.outputs) }
        var costs: [(name: String, multiplyAdds: Int)] = [("stem", pixels(2) * 16 * 27)]
        for k in 0..<11 {
            if k == 1 || k == 5 || k == 7 || k == 9 { costs.append(("pool.\(Self.backboneStride[k])", 0)) }
            costs.append(("backbone.\(k)", cost(backbone[k], Self.backboneStride[k])))
        }
        costs += [
            ("neck.32", cost(neck32, 32)), ("upsample.16", 0), ("neck.16", cost(neck16, 16)), ("upsample.8", 0),
            ("neck.8", cost(neck8, 8)),
        ]
        for (i, s) in [8, 16, 32].enumerated() {
            if let head = heads[i] { costs.append(("head.\(s)", cost(head, s))) }
            costs += [("out.\(s)", cost(outs[i], s)), ("level.\(s)", 0)]
        }
        return costs
    }

    /// The stride at which backbone block k runs.
    private static let backboneStride = [2, 4, 4, 4, 4, 8, 8, 16, 16, 32, 32]

    /// The stem into `output` (`height`×`width`×16), each strip with three filled input rows.
    private func stemLayer(
        _ image: RGBImage, height h: Int, width w: Int, threads: Int, scratch: SharedPointer<Float>,
        into output: UnsafeMutablePointer<Float>
    ) {
        let dst = SharedPointer(output)
        let stride = 3 * StemConvolution.rowCount(outputWidth: w)
        let count = StemConvolution.rowCount(outputWidth: w)
        forEachRowStrip(rows: h, threads: threads) { [stem] strip, start, end in
            let rows = scratch.pointer + strip * stride
            for oy in start..<end {
                for k in 0..<3 {
                    StemConvolution.fillRow(image, 2 * oy - 1 + k, outputWidth: w, into: rows + k * count)
                }
                stem.row(rows, rows + count, rows + 2 * count, outputWidth: w, into: dst.pointer + oy * w * 16)
            }
        }
    }

    /// `block` on the map at `stride` into `output`, in row strips.
    private func block(
        _ block: SeparableBlock, _ input: UnsafePointer<Float>, stride s: Int, _ ph: Int, _ pw: Int, _ threads: Int,
        _ scratch: SharedPointer<Float>, into output: UnsafeMutablePointer<Float>
    ) {
        let (h, w) = (ph / s, pw / s)
        let src = SharedPointer(UnsafeMutablePointer(mutating: input))
        let dst = SharedPointer(output)
        let stride = block.scratchCount(width: w)
        forEachRowStrip(rows: h, threads: threads) { strip, start, end in
            block.apply(
                src.pointer, height: h, width: w, rows: start..<end, scratch: scratch.pointer + strip * stride,
                into: dst.pointer)
        }
    }

    /// 2×2 max-pool of the map at `stride / 2` into the map at `stride`.
    private func pool(
        _ input: UnsafePointer<Float>, channels nc: Int, stride s: Int, _ ph: Int, _ pw: Int, _ threads: Int,
        into output: UnsafeMutablePointer<Float>
    ) {
        let (h, w) = (ph / s, pw / s)
        let src = SharedPointer(UnsafeMutablePointer(mutating: input))
        let dst = SharedPointer(output)
        forEachRowStrip(rows: h, threads: threads) { _, start, end in
            for y in start..<end {
                let top = src.pointer + 2 * y * 2 * w * nc
                ChannelLastResampling.maxPoolRow(
                    top, top + 2 * w * nc, width: w, channels: nc, into: dst.pointer + y * w * nc)
            }
        }
    }

    /// `skip` (at `stride`) plus the map at `2·stride` upsampled ×2, into `output`.
    private func upsampleAdd(
        _ low: UnsafePointer<Float>, _ skip: UnsafePointer<Float>, channels nc: Int, stride s: Int, _ ph: Int,
        _ pw: Int, _ threads: Int, into output: UnsafeMutablePointer<Float>
    ) {
        let (h, w) = (ph / s, pw / s)
        let lowp = SharedPointer(UnsafeMutablePointer(mutating: low))
        let skipp = SharedPointer(UnsafeMutablePointer(mutating: skip))
        let dst = SharedPointer(output)
        forEachRowStrip(rows: h, threads: threads) { _, start, end in
            for y in start..<end {
                ChannelLastResampling.upsampleAddRow(
                    skipp.pointer + y * w * nc, lowp.pointer + (y / 2) * (w / 2) * nc, width: w, channels: nc,
                    into: dst.pointer + y * w * nc)
            }
        }
    }

    /// One stride's outputs from its 16-channel head map: sigmoid of cls and obj, raw bbox and kps.
    private static func level(_ o: UnsafeMutablePointer<Float>, stride: Int, rows: Int, columns: Int)
        -> YuNetOutputs.Level
    {
        let cells = rows * columns
        var level = YuNetOutputs.Level(
            stride: stride, columns: columns, rows: rows, cls: [], obj: [], bbox: [], kps: [])
        level.cls.reserveCapacity(cells)
        level.obj.reserveCapacity(cells)
        level.bbox.reserveCapacity(cells * 4)
        level.kps.reserveCapacity(cells * 10)
        for c in 0..<cells {
            let cell = o + c * 16
            level.cls.append(1 / (1 + exp(-cell[0])))
            level.obj.append(1 / (1 + exp(-cell[1])))
            level.bbox.append(contentsOf: UnsafeBufferPointer(start: cell + 2, count: 4))
            level.kps.append(contentsOf: UnsafeBufferPointer(start: cell + 6, count: 10))
        }
        return level
    }
}
