/// A 1×1 convolution followed by a depthwise 3×3 (stride 1, pad 1) and optionally ReLU: the
/// building block of YuNet (its `ConvDPUnit`), on channel-last maps of the same height and width.
///
/// The two convolutions are fused: for a strip of output rows, each 1×1 output row is computed
/// once into a ring of three padded rows (`width + 2` pixels, a zero pixel at each end) and the
/// depthwise row reads the ring, so the intermediate map never leaves the cache.
struct SeparableBlock: Sendable {
    /// Input and output channels (`outputs` a multiple of 16).
    let inputs: Int, outputs: Int
    /// 1×1 weights `[inputs][outputs]` and bias.
    let pw: [Float], pwBias: [Float]
    /// Depthwise weights `[9][outputs]` (tap-major) and bias.
    let dw: [Float], dwBias: [Float]
    /// Whether ReLU follows the depthwise convolution.
    let relu: Bool

    /// The tensors `name.pw.weight`, `.pw.bias`, `.dw.weight`, `.dw.bias` of `model`.
    init(_ model: ModelFile, _ name: String, inputs: Int = -1, relu: Bool = true) throws {
        let shape = try model.tensor(name + ".pw.weight", shape: [inputs, -1]).shape
        self.inputs = shape[0]
        outputs = shape[1]
        guard outputs % 16 == 0 else {
            throw ModelFile.Error.badTensor(name + ".pw.weight", reason: "outputs not a multiple of 16")
        }
        pw = try model.floats(name + ".pw.weight")
        pwBias = try model.floats(name + ".pw.bias", shape: [outputs])
        dw = try model.floats(name + ".dw.weight", shape: [9, outputs])
        dwBias = try model.floats(name + ".dw.bias", shape: [outputs])
        self.relu = relu
    }

    /// Floats of scratch one strip needs for maps `width` pixels wide: three ring rows and a zero row.
    func scratchCount(width: Int) -> Int { 4 * (width + 2) * outputs }

    /// Output rows `rows` of the `height`×`width` map: `output = dw3x3(pw1x1(input))`.
    /// `scratch` holds `scratchCount(width:)` floats; strips on different threads need their own.
    func apply(
        _ input: UnsafePointer<Float>, height h: Int, width w: Int, rows: Range<Int>,
        scratch: UnsafeMutablePointer<Float>, into output: UnsafeMutablePointer<Float>
    ) {
        guard !rows.isEmpty else { return }
        var stream = RowStream(self, height: h, width: w, scratch: scratch)
        let (inputLength, outputLength) = (w * inputs, w * outputs)
        for y in rows { stream.row(y, input: { input + $0 * inputLength }, into: output + y * outputLength) }
    }

    /// The block on a map whose rows arrive one at a time, as an earlier layer makes them: output
    /// rows in increasing order, each from the 1×1 rows above, at and below it, which the stream
    /// computes once each into its ring as their input rows arrive. So a chain of streams holds
    /// a few rows per layer instead of whole maps (YuNet's first layers at full resolution).
    struct RowStream {
        /// The block.
        let block: SeparableBlock
        /// The map's size.
        let height: Int, width: Int
        /// Three ring rows and a zero row (`scratchCount(width:)` floats).
        let scratch: UnsafeMutablePointer<Float>
        /// The next 1×1 row to compute (−1 before the first output row).
        private var next = -1

        /// A stream of `block` on a `height`×`width` map, its rows in `scratch`
        /// (`block.scratchCount(width:)` floats, this stream's alone while it runs).
        init(_ block: SeparableBlock, height: Int, width: Int, scratch: UnsafeMutablePointer<Float>) {
            self.block = block
            self.height = height
            self.width = width
            self.scratch = scratch
            let (line, nc) = ((width + 2) * block.outputs, block.outputs)
            (scratch + 3 * line).initialize(repeating: 0, count: line)
            let (pixel, group) = Self.blocked ? (8, (width + 2) * 8) : (nc, 8)
            for slot in 0..<3 {
                // the zero pixels at both ends of the ring row, every channel group
                for g in 0..<(nc / 8) {
                    (scratch + slot * line + g * group).initialize(repeating: 0, count: 8)
                    (scratch + slot * line + g * group + (width + 1) * pixel).initialize(repeating: 0, count: 8)
                }
            }
        }

        /// Whether the ring rows are blocked (each group of 8 channels a contiguous padded row,
        /// `ChannelLayout`), which the depthwise kernel's x86-64-v3 and v4 walks read in address order,
        /// or channel-last (portable builds, whose kernels gain nothing from it).
        static let blocked = DepthwiseConvolution.Walk.default != .pairs

        /// Output row `y` (after every earlier row this stream was asked for, if any) into `output`
        /// (`width · outputs` floats). `input(r)` gives input row r (`width · inputs` floats); it
        /// is asked for rows in increasing order, each once, and its row is read before the next
        /// request, so it may reuse one buffer.
        mutating func row(
            _ y: Int, input: (Int) -> UnsafePointer<Float>, into output: UnsafeMutablePointer<Float>
        ) {
            let (h, w, no) = (height, width, block.outputs)
            let line = (w + 2) * no
            let ring = scratch
            let layout = Self.blocked ? ChannelLayout(pixelStride: 8, groupStride: (w + 2) * 8) : nil
            let firstPixel = layout?.pixelStride ?? no
            if next < 0 { next = max(y - 1, 0) }
            block.pw.withUnsafeBufferPointer { pwp in
                block.pwBias.withUnsafeBufferPointer { pbp in
                    block.dw.withUnsafeBufferPointer { dwp in
                        block.dwBias.withUnsafeBufferPointer { dbp in
                            // Safety: the weight buffers have the sizes checked in init; input rows
                            // of w·inputs floats, ring rows of `line` floats in scratch.
                            // 1×1 rows up to y + 1 into ring slot (row mod 3), after its zero pixel
                            while next <= min(y + 1, h - 1) {
                                PointwiseConvolution.row(
                                    input(next), pixels: w, inputs: block.inputs, weights: pwp.baseAddress!,
                                    bias: pbp.baseAddress!, outputs: no, layout: layout,
                                    into: ring + (next % 3) * line + firstPixel)
                                next += 1
                            }
                            let zero = ring + 3 * line
                            let above = y > 0 ? ring + ((y - 1) % 3) * line : zero
                            let below = y + 1 < h ? ring + ((y + 1) % 3) * line : zero
                            DepthwiseConvolution.row(
                                above, ring + (y % 3) * line, below, width: w, channels: no,
                                weights: dwp.baseAddress!, bias: dbp.baseAddress!, relu: block.relu,
                                inputLayout: layout, into: output)
                        }
                    }
                }
            }
        }
    }

    /// The whole map, cut into `strips` row strips run one after another (as threads would): for tests.
    func apply(_ input: [Float], height h: Int, width w: Int, strips: Int = 1) -> [Float] {
        precondition(input.count == h * w * inputs)
        var out = [Float](repeating: 0, count: h * w * outputs)
        var scratch = [Float](repeating: 0, count: scratchCount(width: w))
        input.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                scratch.withUnsafeMutableBufferPointer { s in
                    // Safety: sizes as `apply(_:height:width:rows:scratch:into:)` requires (checked above).
                    for k in 0..<strips {
                        let rows = (k * h / strips)..<((k + 1) * h / strips)
                        apply(
                            src.baseAddress!, height: h, width: w, rows: rows, scratch: s.baseAddress!,
                            into: dst.baseAddress!)
                    }
                }
            }
        }
        return out
    }

    /// Scalar reference twin of `apply`.
    func applyScalar(_ input: [Float], height h: Int, width w: Int) -> [Float] {
        let mid = PointwiseConvolution.rowScalar(
            input, pixels: h * w, inputs: inputs, weights: pw, bias: pwBias, outputs: outputs)
        return DepthwiseConvolution.mapScalar(
            mid, height: h, width: w, channels: outputs, weights: dw, bias: dwBias, relu: relu)
    }
}
