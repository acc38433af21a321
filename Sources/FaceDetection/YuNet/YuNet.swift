/// YuNet (Wu, Peng, Yu 2023), a one-shot CNN face detector: the network only (decoding lives in
/// `YuNetDecoder`).
///
/// Layout: channel-last (NHWC) maps, `pixelStride == channels` (16, 32 or 64: multiples of 16),
/// so a 1×1 convolution is a row-by-matrix product over contiguous pixels and every depthwise tap
/// is a contiguous channel vector (`CNN/SeparableBlock`). Each layer runs one output row at a
/// time; `threads` cut every layer into row strips. The layers at strides 2, 4 and 8 are
/// streamed by rows (`front`: stem to backbone 6; `back`: the stride-8 neck, head and output),
/// so the only map held whole at stride 8 is backbone 6's (the skip into the neck) and none at
/// strides 2 and 4: at 4000×3000 the maps take about 120 MB instead of 525, and rows stay in
/// cache from layer to layer. Structure and tensor layout: `tools/models/convert_yunet.py`,
/// `Models/README.md`.
final class YuNet: Sendable {
    private let stem: StemConvolution
    /// The backbone's blocks, at strides `backboneStride`: 1, 4, 2, 2, 2 blocks at 2, 4, 8, 16, 32.
    let backbone: [SeparableBlock]
    /// The neck's blocks at strides 32, 16, 8.
    let neck32: SeparableBlock, neck16: SeparableBlock, neck8: SeparableBlock
    /// The heads at strides 8, 16, 32 (YuNet_n only).
    let heads: [SeparableBlock?]
    /// The output blocks at strides 8, 16, 32: 16 channels cls, obj, bbox×4, kps×10.
    let outs: [SeparableBlock]
    /// Workspaces for passes: a new one is rounded up to a whole million floats so that photos of
    /// similar sizes share it. Larger ones (floats) are not kept: one huge photo does not pin its
    /// memory. A 12 MP photo's (4032×3024: about 32 M floats, 130 MB, with the first layers streamed)
    /// is kept, so a batch of phone photos faults its maps in once, not once per photo.
    private let workspaces = ScratchPool<YuNetWorkspace>(largest: 36 << 20, size: { $0.capacity }) { count in
        YuNetWorkspace(capacity: (count + (1 << 20) - 1) / (1 << 20) * (1 << 20))
    }

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
    /// benchmark's per-layer clock. `bandRows` sets the stride-8 rows per band of the streamed
    /// first layers (tests cut them small: the outputs must not change).
    func run(
        on image: RGBImage, threads: Int, shouldStop: () -> Bool, bandRows: Int = frontBandRows,
        trace: (String) -> Void
    ) -> YuNetOutputs {
        let ph = ((max(image.height, 1) - 1) / 32 + 1) * 32
        let pw = ((max(image.width, 1) - 1) / 32 + 1) * 32
        let threads = max(1, min(threads, 16))
        let frontStrip = YuNetFrontStrip(backbone: backbone, paddedWidth: pw)
        let backStrip = YuNetBackStrip(neck: neck8, head: heads[0], out: outs[0], paddedWidth: pw)
        let layout = workspaceLayout(
            paddedHeight: ph, paddedWidth: pw, threads: threads, streamed: max(frontStrip.count, backStrip.count))
        let workspace = workspaces.take(atLeast: layout.count)
        defer { workspaces.giveBack(workspace) }
        // Safety: the workspace holds every place of the layout, each map below fits in its place
        // (`FloatLayout.Place.map` checks), each layer reads and writes within its maps and its
        // scratch strip, and strips write disjoint rows.
        let floats = workspace.floats
        func map(_ place: FloatLayout.Place, stride s: Int, channels: Int) -> FeatureMapView {
            place.map(in: floats, height: ph / s, width: pw / s, channels: channels)
        }
        let (scratch, stripCount) = (SharedPointer(layout.scratch.pointer(in: floats)), layout.stripCount)

        let stopped = YuNetOutputs(levels: [])
        // Strides 2, 4 and 8, streamed in bands of stride-8 rows (a band's strips on the threads),
        // asking `shouldStop` between bands.
        let p8 = map(layout.p8, stride: 8, channels: backbone[6].outputs)
        let bands = max(1, p8.height / max(1, bandRows))
        for band in 0..<bands {
            let (first, end) = (band * p8.height / bands, (band + 1) * p8.height / bands)
            forEachRowStrip(rows: end - first, threads: threads) { [self] strip, start, stop in
                front(
                    image, paddedHeight: ph, paddedWidth: pw, rows: (first + start)..<(first + stop),
                    layout: frontStrip, scratch: scratch.pointer + strip * stripCount, into: p8)
            }
            if shouldStop() { return stopped }
        }
        trace(
            "stem+backbone.0+pool.4+backbone.1+backbone.2+backbone.3+backbone.4+pool.8+backbone.5+backbone.6")
        // Stride 16: 2 blocks (into p16); 32: 2 (ends in b).
        let pooled16 = map(layout.b, stride: 16, channels: p8.channels)
        pool(p8, threads, into: pooled16)
        trace("pool.16")
        let a16 = map(layout.a, stride: 16, channels: backbone[7].outputs)
        block(backbone[7], pooled16, threads, scratch, into: a16)
        trace("backbone.7")
        let p16 = map(layout.p16, stride: 16, channels: backbone[8].outputs)
        block(backbone[8], a16, threads, scratch, into: p16)
        trace("backbone.8")
        if shouldStop() { return stopped }
        let pooled32 = map(layout.b, stride: 32, channels: p16.channels)
        pool(p16, threads, into: pooled32)
        trace("pool.32")
        let a32 = map(layout.a, stride: 32, channels: backbone[9].outputs)
        block(backbone[9], pooled32, threads, scratch, into: a32)
        trace("backbone.9")
        let b32 = map(layout.b, stride: 32, channels: backbone[10].outputs)
        block(backbone[10], a32, threads, scratch, into: b32)
        trace("backbone.10")
        if shouldStop() { return stopped }
        // Neck: top-down, each level plus the upsampled level above; stride 8 streamed with its
        // head and output block.
        let n32 = map(layout.n32, stride: 32, channels: neck32.outputs)
        block(neck32, b32, threads, scratch, into: n32)
        trace("neck.32")
        let up16 = map(layout.a, stride: 16, channels: neck16.inputs)
        upsampleAdd(n32, p16, threads, into: up16)
        trace("upsample.16")
        let n16 = map(layout.n16, stride: 16, channels: neck16.outputs)
        block(neck16, up16, threads, scratch, into: n16)
        trace("neck.16")
        if shouldStop() { return stopped }
        let out8 = map(layout.outputs[0], stride: 8, channels: outs[0].outputs)
        forEachRowStrip(rows: out8.height, threads: threads) { [self] strip, start, stop in
            back(
                p8, n16, rows: start..<stop, layout: backStrip, scratch: scratch.pointer + strip * stripCount,
                into: out8)
        }
        trace(heads[0] == nil ? "upsample.8+neck.8+out.8" : "upsample.8+neck.8+head.8+out.8")
        if shouldStop() { return stopped }
        var levels = [Self.level(out8, stride: 8)]
        trace("level.8")
        for (i, (s, n)) in zip([16, 32], [n16, n32]).enumerated() {
            var input = n
            if let head = heads[i + 1] {
                input = map(layout.a, stride: s, channels: head.outputs)
                block(head, n, threads, scratch, into: input)
                trace("head.\(s)")
            }
            let output = map(layout.outputs[i + 1], stride: s, channels: outs[i + 1].outputs)
            block(outs[i + 1], input, threads, scratch, into: output)
            trace("out.\(s)")
            levels.append(Self.level(output, stride: s))
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

    /// The workspace of a pass on an image padded to `paddedWidth`×`paddedHeight` with `threads`
    /// strips, `streamed` floats per strip for the streamed layers (the larger of `YuNetFrontStrip`'s
    /// and `YuNetBackStrip`'s counts). Held whole: p8 (backbone 6, at stride 8), the maps at strides
    /// 16 and 32 (a and b take turns as layer input and output; the skip map p16 and the neck maps
    /// have their own) and the head outputs. The layers at strides 2 and 4 and the stride-8 ones hold
    /// no map: `front` streams the backbone by rows into p8, `back` the stride-8 neck and head.
    private func workspaceLayout(paddedHeight ph: Int, paddedWidth pw: Int, threads: Int, streamed: Int)
        -> YuNetWorkspaceLayout
    {
        func pixels(_ s: Int) -> Int { (ph / s) * (pw / s) }
        var ab = backbone[6].outputs * pixels(16)
        for k in 7..<11 { ab = max(ab, backbone[k].outputs * pixels(Self.backboneStride[k])) }
        ab = max(ab, neck16.inputs * pixels(16))
        for (i, head) in heads.enumerated().dropFirst() { ab = max(ab, (head?.outputs ?? 0) * pixels(8 << i)) }
        let laterBlocks = backbone[7...] + [neck32, neck16] + heads.dropFirst().compactMap { $0 } + outs.dropFirst()
        let strip = laterBlocks.reduce(streamed) { max($0, $1.scratchCount(width: pw / 16)) }
        return YuNetWorkspaceLayout(
            alternating: ab, p8: backbone[6].outputs * pixels(8), p16: backbone[8].outputs * pixels(16),
            n16: neck16.outputs * pixels(16), n32: neck32.outputs * pixels(32),
            outputs: [16 * pixels(8), 16 * pixels(16), 16 * pixels(32)], stripCount: strip, threads: threads)
    }

    /// The stride at which backbone block k runs.
    static let backboneStride = [2, 4, 4, 4, 4, 8, 8, 16, 16, 32, 32]

    /// Stride-8 rows per band of `run`'s streamed first layers (about 1000 image rows: a
    /// cancelled search stops within a band; each band boundary recomputes about 10 stride-2 rows).
    static let frontBandRows = 128

    /// Rows `rows` of the stride-8 outputs (16 channels) into `output`, streamed from the skip map
    /// `skip` (backbone 6) and the stride-16 neck map `low`: upsample-add, neck 8, head 8 (if the
    /// model has it), out 8, each keeping only the rows the next one still needs, in `scratch`
    /// (laid out by `layout`).
    private func back(
        _ skip: FeatureMapView, _ low: FeatureMapView, rows: Range<Int>, layout: YuNetBackStrip,
        scratch: UnsafeMutablePointer<Float>, into output: FeatureMapView
    ) {
        guard !rows.isEmpty else { return }
        let (h8, w8, c) = (output.height, output.width, skip.channels)
        precondition(skip.height == h8 && skip.width == w8 && low.width == w8 / 2 && low.channels == c)
        precondition(c == neck8.inputs && output.channels == outs[0].outputs)
        let upsampledRow = layout.upsampled.pointer(in: scratch)
        var neck = SeparableBlock.RowStream(neck8, height: h8, width: w8, scratch: layout.neckRing.pointer(in: scratch))
        let neckRow = layout.neckRow.pointer(in: scratch)
        var head = heads[0].map {
            SeparableBlock.RowStream($0, height: h8, width: w8, scratch: layout.headRing!.pointer(in: scratch))
        }
        let headRow = layout.headRow.pointer(in: scratch)
        var last = SeparableBlock.RowStream(
            outs[0], height: h8, width: w8, scratch: layout.outRing.pointer(in: scratch))
        // Row r of the skip map plus the stride-16 row r / 2, each pixel twice.
        func upsampled(_ r: Int) -> UnsafePointer<Float> {
            ChannelLastResampling.upsampleAddRow(
                skip.row(r), low.row(r / 2), width: w8, channels: c, into: upsampledRow)
            return UnsafePointer(upsampledRow)
        }
        func necked(_ r: Int) -> UnsafePointer<Float> {
            neck.row(r, input: upsampled, into: neckRow)
            return UnsafePointer(neckRow)
        }
        func headed(_ r: Int) -> UnsafePointer<Float> {
            head!.row(r, input: necked, into: headRow)
            return UnsafePointer(headRow)
        }
        for y in rows {
            if head == nil {
                last.row(y, input: necked, into: output.row(y))
            } else {
                last.row(y, input: headed, into: output.row(y))
            }
        }
    }

    /// Rows `rows` of the stride-8 map that the backbone makes up to block 6 (stem, backbone 0,
    /// pool, backbones 1–4, pool, backbones 5 and 6) into `output`, streamed: each layer keeps only
    /// the rows its next layer still needs (`SeparableBlock.RowStream`) in `scratch` (laid out by
    /// `layout`), so no map at stride 2 or 4 is ever whole. A strip recomputes the few rows around
    /// its edges that its neighbours also compute, each exactly as they do, so results do not
    /// depend on how rows are cut into strips and bands.
    private func front(
        _ image: RGBImage, paddedHeight ph: Int, paddedWidth pw: Int, rows: Range<Int>, layout: YuNetFrontStrip,
        scratch: UnsafeMutablePointer<Float>, into output: FeatureMapView
    ) {
        guard !rows.isEmpty else { return }
        let (h2, w2, h4, w4, w8) = (ph / 2, pw / 2, ph / 4, pw / 4, pw / 8)
        precondition(output.height == ph / 8 && output.width == w8 && output.channels == backbone[6].outputs)
        let fillCount = layout.fillCount
        let filled = layout.filled.pointer(in: scratch)
        let stemRow = layout.stemRow.pointer(in: scratch)
        let c0 = backbone[0].outputs
        var block0 = SeparableBlock.RowStream(
            backbone[0], height: h2, width: w2, scratch: layout.rings[0].pointer(in: scratch))
        let rows0 = layout.rows[0].pointer(in: scratch)
        let pooled4 = layout.pooled[0].pointer(in: scratch)
        func stream(_ k: Int) -> SeparableBlock.RowStream {
            SeparableBlock.RowStream(backbone[k], height: h4, width: w4, scratch: layout.rings[k].pointer(in: scratch))
        }
        var block1 = stream(1)
        let rows1 = layout.rows[1].pointer(in: scratch)
        var block2 = stream(2)
        let rows2 = layout.rows[2].pointer(in: scratch)
        var block3 = stream(3)
        let rows3 = layout.rows[3].pointer(in: scratch)
        var block4 = stream(4)
        let c4 = backbone[4].outputs
        let rows4 = layout.rows[4].pointer(in: scratch)
        // Stem row r from image rows 2r − 1 … 2r + 1; image row iy is filled into slot (iy + 1) mod 3,
        // so the row shared by stem rows r and r + 1 is filled once.
        var slotRow = [Int.min, Int.min, Int.min]
        func stemOutput(_ r: Int) -> UnsafePointer<Float> {
            var slots: [UnsafeMutablePointer<Float>] = []
            for iy in (2 * r - 1)...(2 * r + 1) {
                let slot = (iy + 1) % 3
                if slotRow[slot] != iy {
                    StemConvolution.fillRow(image, iy, outputWidth: w2, into: filled + slot * fillCount)
                    slotRow[slot] = iy
                }
                slots.append(filled + slot * fillCount)
            }
            stem.row(slots[0], slots[1], slots[2], outputWidth: w2, into: stemRow)
            return UnsafePointer(stemRow)
        }
        // Stride-4 row r: backbone 0's rows 2r and 2r + 1, max-pooled.
        func pool4(_ r: Int) -> UnsafePointer<Float> {
            block0.row(2 * r, input: stemOutput, into: rows0)
            block0.row(2 * r + 1, input: stemOutput, into: rows0 + c0 * w2)
            ChannelLastResampling.maxPoolRow(rows0, rows0 + c0 * w2, width: w4, channels: c0, into: pooled4)
            return UnsafePointer(pooled4)
        }
        // Row r of backbone 1, 2, 3 (each from the one before).
        func output1(_ r: Int) -> UnsafePointer<Float> {
            block1.row(r, input: pool4, into: rows1)
            return UnsafePointer(rows1)
        }
        func output2(_ r: Int) -> UnsafePointer<Float> {
            block2.row(r, input: output1, into: rows2)
            return UnsafePointer(rows2)
        }
        func output3(_ r: Int) -> UnsafePointer<Float> {
            block3.row(r, input: output2, into: rows3)
            return UnsafePointer(rows3)
        }
        let h8 = ph / 8
        let pooled8 = layout.pooled[1].pointer(in: scratch)
        var block5 = SeparableBlock.RowStream(
            backbone[5], height: h8, width: w8, scratch: layout.rings[5].pointer(in: scratch))
        let rows5 = layout.rows[5].pointer(in: scratch)
        var block6 = SeparableBlock.RowStream(
            backbone[6], height: h8, width: w8, scratch: layout.rings[6].pointer(in: scratch))
        // Stride-8 row r: backbone 4's rows 2r and 2r + 1, max-pooled.
        func pool8(_ r: Int) -> UnsafePointer<Float> {
            block4.row(2 * r, input: output3, into: rows4)
            block4.row(2 * r + 1, input: output3, into: rows4 + c4 * w4)
            ChannelLastResampling.maxPoolRow(rows4, rows4 + c4 * w4, width: w8, channels: c4, into: pooled8)
            return UnsafePointer(pooled8)
        }
        func output5(_ r: Int) -> UnsafePointer<Float> {
            block5.row(r, input: pool8, into: rows5)
            return UnsafePointer(rows5)
        }
        for y in rows { block6.row(y, input: output5, into: output.row(y)) }
    }

    /// `block` on `input` into `output` (the same size), in row strips, each with its own piece of
    /// `scratch` (the workspace's strips).
    private func block(
        _ block: SeparableBlock, _ input: FeatureMapView, _ threads: Int, _ scratch: SharedPointer<Float>,
        into output: FeatureMapView
    ) {
        let (h, w) = (input.height, input.width)
        precondition(input.channels == block.inputs && output.channels == block.outputs)
        precondition(output.height == h && output.width == w)
        let stride = block.scratchCount(width: w)
        forEachRowStrip(rows: h, threads: threads) { strip, start, end in
            block.apply(
                input.floats, height: h, width: w, rows: start..<end, scratch: scratch.pointer + strip * stride,
                into: output.floats)
        }
    }

    /// 2×2 max-pool of `input` into `output` (half its size).
    private func pool(_ input: FeatureMapView, _ threads: Int, into output: FeatureMapView) {
        let (w, nc) = (output.width, output.channels)
        precondition(input.height == 2 * output.height && input.width == 2 * w && input.channels == nc)
        forEachRowStrip(rows: output.height, threads: threads) { _, start, end in
            for y in start..<end {
                let top = input.row(2 * y)
                ChannelLastResampling.maxPoolRow(top, top + 2 * w * nc, width: w, channels: nc, into: output.row(y))
            }
        }
    }

    /// `skip` plus `low` (half its size) upsampled ×2, into `output`.
    private func upsampleAdd(
        _ low: FeatureMapView, _ skip: FeatureMapView, _ threads: Int, into output: FeatureMapView
    ) {
        let (w, nc) = (output.width, output.channels)
        precondition(skip.height == output.height && skip.width == w && skip.channels == nc)
        precondition(low.height == output.height / 2 && low.width == w / 2 && low.channels == nc)
        forEachRowStrip(rows: output.height, threads: threads) { _, start, end in
            for y in start..<end {
                ChannelLastResampling.upsampleAddRow(
                    skip.row(y), low.row(y / 2), width: w, channels: nc, into: output.row(y))
            }
        }
    }

    /// One stride's outputs from its 16-channel head map: sigmoid of cls and obj (by
    /// `exponential`, within a few ulp of the C library's), raw bbox and kps.
    private static func level(_ map: FeatureMapView, stride: Int) -> YuNetOutputs.Level {
        precondition(map.channels == 16)
        let (o, rows, columns) = (map.floats, map.height, map.width)
        let cells = rows * columns
        // Channels `first ..< first + count` of every cell, cell after cell.
        func channels(_ first: Int, _ count: Int) -> [Float] {
            [Float](unsafeUninitializedCapacity: cells * count) { buffer, initialized in
                // Safety: cell c's channels are o[16c + first ..< 16c + first + count], within the map.
                for c in 0..<cells {
                    for k in 0..<count { buffer[c * count + k] = o[c * 16 + first + k] }
                }
                initialized = cells * count
            }
        }
        // 1 / (1 + e^−x) of channel `channel` of every cell, eight cells at a time.
        func sigmoids(_ channel: Int) -> [Float] {
            [Float](unsafeUninitializedCapacity: cells) { buffer, initialized in
                // Safety: cell c's channel is o[16c + channel], within the map; buffer holds `cells`.
                var c = 0
                while c + 8 <= cells {
                    // the sigmoids of cells c…c+7
                    var x = SIMD8<Float>()
                    for k in 0..<8 { x[k] = o[(c + k) * 16 + channel] }
                    let s = 1 / (1 + exponential(-x))
                    for k in 0..<8 { buffer[c + k] = s[k] }
                    c += 8
                }
                for c in c..<cells { buffer[c] = 1 / (1 + exponential(-o[c * 16 + channel])) }
                initialized = cells
            }
        }
        return YuNetOutputs.Level(
            stride: stride, columns: columns, rows: rows, cls: sigmoids(0), obj: sigmoids(1),
            bbox: channels(2, 4), kps: channels(6, 10))
    }
}
