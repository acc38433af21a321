/// The building block of MediaPipe's face mesh v2: a residual block whose depthwise convolution runs
/// on fewer channels than the block carries (`middle`, half of `inputs` or 64),
/// `y = PReLU(skip(x) + Conv1×1(DepthwiseConv3×3(PReLU(reduce(x)))))` on channel-last maps.
///
/// Stride 1: `reduce` is a 1×1 convolution and `skip(x) = x`. Stride 2: `reduce` is a 2×2
/// convolution of stride 2 (a 1×1 convolution of each output pixel's four input pixels side by side,
/// `4·inputs` floats, gathered first) and `skip(x)` a 2×2 max-pool of `x`, with zero channels appended
/// when the block widens. The depthwise convolution always has stride 1 and pads 1 on every side.
///
/// The reduced map goes into a bordered map (the depthwise convolution's padding); then each output
/// row is the depthwise row into a small buffer, the 1×1 convolution of that row straight into the
/// output, and `finishRow` (skip and PReLU in place). Maps under 8 pixels wide go
/// through the 1×1 convolutions whole (rows of 2 or 4 pixels leave the kernels' pixel groups
/// half empty).
struct BottleneckBlock: Sendable {
    /// Input, middle and output channels (multiples of 8; `outputs` a multiple of 16, `≥ inputs`).
    let inputs: Int, middle: Int, outputs: Int
    /// 1 or 2.
    let stride: Int
    /// `reduce` weights `[inputs·stride²][middle]` and bias.
    let reduce: [Float], reduceBias: [Float]
    /// The activation after `reduce`.
    let reduceActivation: PReLU
    /// Depthwise weights `[9][middle]` (tap-major) and bias.
    let dw: [Float], dwBias: [Float]
    /// 1×1 weights `[middle][outputs]` and bias.
    let pw: [Float], pwBias: [Float]
    /// The activation after the sum.
    let activation: PReLU

    /// The working memory of `apply`: the reduced map, and rows the steps pass on.
    struct Scratch {
        /// The reduced map, tight, with a one-pixel border.
        var middle = FeatureMap()
        /// Input pixels gathered for a 1×1 kernel (a stride-2 block's 2×2 cells, or a small map whole).
        var gathered: [Float] = []
        /// The depthwise rows and the 1×1 convolution's outputs before they land.
        var row: [Float] = []
    }

    /// The block on `input` (`inputs` channels packed tightly, a one-pixel border, even sizes when
    /// `stride` is 2) into `output` (reshaped to `height/stride`×`width/stride`×`outputs`, likewise).
    func apply(_ input: FeatureMap, into output: inout FeatureMap, scratch s: inout Scratch) {
        let (h, w) = (input.height, input.width)
        precondition(input.channels == inputs && input.pixelStride == inputs && input.border == 1)
        precondition(stride == 1 || (h % 2 == 0 && w % 2 == 0))
        let (oh, ow) = (h / stride, w / stride)
        let whole = ow < 8
        // Pixels of the reduce step's input run: a row, or the whole map when it is small.
        let (runs, runPixels) = whole ? (1, oh * ow) : (oh, ow)
        let runInputs = inputs * stride * stride
        let gatheredCount = stride == 1 && !whole ? 0 : runPixels * runInputs
        if s.gathered.count < gatheredCount { s.gathered = [Float](repeating: 0, count: gatheredCount) }
        let rowCount = (whole ? oh * ow : ow) * (middle + outputs)
        if s.row.count < rowCount { s.row = [Float](repeating: 0, count: rowCount) }
        s.middle.reshape(height: oh, width: ow, channels: middle, alignment: 1, border: 1)
        output.reshape(height: oh, width: ow, channels: outputs, alignment: 1, border: 1)
        // Interior pixel (y, x) of the middle and output maps: start + y·line + x·channels.
        let (midStart, midLine) = (s.middle.offset(0, 0), s.middle.rowStride)
        let (outStart, outLine) = (output.offset(0, 0), output.rowStride)
        input.values.withUnsafeBufferPointer { inBuffer in
            s.gathered.withUnsafeMutableBufferPointer { gatherBuffer in
                s.row.withUnsafeMutableBufferPointer { rowBuffer in
                    s.middle.values.withUnsafeMutableBufferPointer { midBuffer in
                        output.values.withUnsafeMutableBufferPointer { outBuffer in
                            // Safety: input pixel (y, x), 0 ≤ y < h, −1 ≤ x ≤ w, is `inputs` floats at offset(y, x)
                            // of its bordered map, likewise the middle and output maps' pixels; `gathered`
                            // holds runPixels·runInputs floats and `row` rowCount (grown above); the weights
                            // were checked when the block was read (`init(_:_:inputs:stride:)`).
                            let x = inBuffer.baseAddress!
                            let mid = midBuffer.baseAddress! + midStart
                            let out = outBuffer.baseAddress! + outStart
                            let gathered = gatherBuffer.baseAddress!
                            let rows = rowBuffer.baseAddress!
                            // 1. reduce + PReLU into the middle map, a run (row or whole map) at a time
                            for run in 0..<runs {
                                let source: UnsafePointer<Float>
                                if stride == 1 && !whole {
                                    source = UnsafePointer(x + input.offset(run, 0))
                                } else {
                                    for k in 0..<runPixels {
                                        let (oy, ox) = whole ? (k / ow, k % ow) : (run, k)
                                        let g = gathered + k * runInputs
                                        if stride == 1 {
                                            g.update(from: x + input.offset(oy, ox), count: inputs)
                                        } else {
                                            g.update(from: x + input.offset(2 * oy, 2 * ox), count: 2 * inputs)
                                            (g + 2 * inputs).update(
                                                from: x + input.offset(2 * oy + 1, 2 * ox), count: 2 * inputs)
                                        }
                                    }
                                    source = UnsafePointer(gathered)
                                }
                                let target = whole ? rows : mid + run * midLine
                                Self.pointwise(
                                    source, pixels: runPixels, inputs: runInputs, weights: reduce, bias: reduceBias,
                                    outputs: middle, into: target)
                                for k in 0..<(whole ? oh : 1) {
                                    let y = whole ? mid + k * midLine : target
                                    if whole { y.update(from: rows + k * ow * middle, count: ow * middle) }
                                    Self.finishRow(
                                        y, width: ow, channels: middle, slopes: reduceActivation.slopes, skip: y,
                                        skipChannels: 0, skipStride: 1, skipRowStride: 0)
                                }
                            }
                            // 2. depthwise, 1×1, skip and PReLU, a row (or the whole map) at a time
                            let depthwise = rows
                            let pointwiseOut = rows + (whole ? oh * ow * middle : ow * middle)
                            for oy in 0..<oh {
                                let d = whole ? depthwise + oy * ow * middle : depthwise
                                DepthwiseConvolution.row(
                                    mid + (oy - 1) * midLine - middle, mid + oy * midLine - middle,
                                    mid + (oy + 1) * midLine - middle,
                                    width: ow, channels: middle, weights: dw, bias: dwBias, relu: false, into: d)
                                if !whole {
                                    let y = out + oy * outLine
                                    Self.pointwise(
                                        d, pixels: ow, inputs: middle, weights: pw, bias: pwBias, outputs: outputs,
                                        into: y)
                                    finish(y, row: oy, input: input, x)
                                }
                            }
                            if whole {
                                Self.pointwise(
                                    depthwise, pixels: oh * ow, inputs: middle, weights: pw, bias: pwBias,
                                    outputs: outputs, into: pointwiseOut)
                                for oy in 0..<oh {
                                    let y = out + oy * outLine
                                    y.update(from: pointwiseOut + oy * ow * outputs, count: ow * outputs)
                                    finish(y, row: oy, input: input, x)
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Adds the skip of output row `oy` to that row at `y` and applies the PReLU.
    @inline(__always)
    private func finish(
        _ y: UnsafeMutablePointer<Float>, row oy: Int, input: FeatureMap, _ x: UnsafePointer<Float>
    ) {
        Self.finishRow(
            y, width: input.width / stride, channels: outputs, slopes: activation.slopes,
            skip: x + input.offset(stride * oy, 0), skipChannels: inputs, skipStride: stride,
            skipRowStride: input.rowStride)
    }

    /// A 1×1 convolution by the kernel that takes `outputs` channels (8: `NarrowPointwiseConvolution`).
    @inline(__always)
    private static func pointwise(
        _ input: UnsafePointer<Float>, pixels: Int, inputs: Int, weights: [Float], bias: [Float], outputs: Int,
        into output: UnsafeMutablePointer<Float>
    ) {
        weights.withUnsafeBufferPointer { wb in
            bias.withUnsafeBufferPointer { bb in
                // Safety: the weights hold inputs·outputs floats and the bias `outputs` (checked when read).
                if outputs == NarrowPointwiseConvolution.outputs {
                    NarrowPointwiseConvolution.row(
                        input, pixels: pixels, inputs: inputs, weights: wb.baseAddress!, bias: bb.baseAddress!,
                        into: output)
                } else {
                    PointwiseConvolution.row(
                        input, pixels: pixels, inputs: inputs, weights: wb.baseAddress!, bias: bb.baseAddress!,
                        outputs: outputs, into: output)
                }
            }
        }
    }

    /// Scalar reference twin of `apply` on a tight `height`×`width`×`inputs` map: the whole
    /// `height/stride`×`width/stride`×`outputs` output, from the kernels' scalar twins.
    func applyScalar(_ input: [Float], height h: Int, width w: Int) -> [Float] {
        let (oh, ow) = (h / stride, w / stride)
        var cells = [Float](repeating: 0, count: oh * ow * inputs * stride * stride)
        for y in 0..<oh {
            for x in 0..<ow {
                // the cell's pixels side by side: (dy, dx) at (dy·stride + dx)·inputs
                for dy in 0..<stride {
                    for dx in 0..<stride {
                        for c in 0..<inputs {
                            cells[((y * ow + x) * stride * stride + dy * stride + dx) * inputs + c] =
                                input[((stride * y + dy) * w + stride * x + dx) * inputs + c]
                        }
                    }
                }
            }
        }
        var reduced = PointwiseConvolution.rowScalar(
            cells, pixels: oh * ow, inputs: inputs * stride * stride, weights: reduce, bias: reduceBias,
            outputs: middle)
        for k in reduced.indices where reduced[k] < 0 { reduced[k] *= reduceActivation.slopes[k % middle] }
        let mid = DepthwiseConvolution.mapScalar(
            reduced, height: oh, width: ow, channels: middle, weights: dw, bias: dwBias, relu: false)
        var out = PointwiseConvolution.rowScalar(
            mid, pixels: oh * ow, inputs: middle, weights: pw, bias: pwBias, outputs: outputs)
        for y in 0..<oh {
            for x in 0..<ow {
                for c in 0..<outputs {
                    var v = out[(y * ow + x) * outputs + c]
                    if c < inputs {
                        // skip: the pixel, or the maximum of its 2×2 cell
                        var s = -Float.infinity
                        for dy in 0..<stride {
                            for dx in 0..<stride {
                                s = max(s, input[((stride * y + dy) * w + stride * x + dx) * inputs + c])
                            }
                        }
                        v += s
                    }
                    out[(y * ow + x) * outputs + c] = v < 0 ? v * activation.slopes[c] : v
                }
            }
        }
        return out
    }

    /// `row[x][c] = PReLU(row[x][c] + skip(x)[c])` for `width` pixels of `channels` floats (a
    /// multiple of 8), in place: `skip(x)[c]` is `skip[x·s·skipChannels + c]` when `skipStride` s is 1,
    /// the maximum of that pixel, the one after it and the two below them (`skipRowStride` floats
    /// further) when s is 2, and 0 for `c ≥ skipChannels` (0 skip channels: the PReLU alone).
    @inline(__always)
    static func finishRow(
        _ row: UnsafeMutablePointer<Float>, width: Int, channels no: Int, slopes: UnsafePointer<Float>,
        skip: UnsafePointer<Float>, skipChannels ni: Int, skipStride: Int, skipRowStride line: Int
    ) {
        for x in 0..<width {
            let o = row + x * no
            let s = skip + x * skipStride * ni
            for c in Swift.stride(from: 0, to: no, by: 8) {
                // PReLU(out + skip) of 8 channels: max(v, 0) + slope·min(v, 0)
                var v = o.loadVector(SIMD8<Float>.self, at: c)
                if c < ni {
                    if skipStride == 1 {
                        v += s.loadVector(SIMD8<Float>.self, at: c)
                    } else {
                        let top = maximum(
                            s.loadVector(SIMD8<Float>.self, at: c), s.loadVector(SIMD8<Float>.self, at: c + ni))
                        let bottom = maximum(
                            s.loadVector(SIMD8<Float>.self, at: c + line),
                            s.loadVector(SIMD8<Float>.self, at: c + line + ni))
                        v += maximum(top, bottom)
                    }
                }
                let slope = slopes.loadVector(SIMD8<Float>.self, at: c)
                o.storeVector(multiplyAdd(minimum(v, .zero), slope, maximum(v, .zero)), at: c)
            }
        }
    }
}

extension BottleneckBlock {
    /// The tensors `name.reduce.weight`, `.reduce.bias`, `.reduce.prelu`, `.dw.*`, `.pw.*`, `.prelu` of `model`.
    init(_ model: ModelFile, _ name: String, inputs: Int, stride: Int) throws {
        let reduceShape = try model.tensor(name + ".reduce.weight", shape: [inputs * stride * stride, -1]).shape
        let middle = reduceShape[1]
        let outputs = try model.tensor(name + ".pw.weight", shape: [middle, -1]).shape[1]
        guard inputs % 8 == 0, middle % 8 == 0, middle == 8 || middle % 16 == 0, outputs % 16 == 0,
            outputs >= inputs, stride == 2 || outputs == inputs
        else {
            throw ModelFile.Error.badTensor(
                name + ".pw.weight", reason: "unsupported channels \(inputs) → \(middle) → \(outputs)")
        }
        self.init(
            inputs: inputs, middle: middle, outputs: outputs, stride: stride,
            reduce: try model.floats(name + ".reduce.weight"),
            reduceBias: try model.floats(name + ".reduce.bias", shape: [middle]),
            reduceActivation: try model.prelu(name + ".reduce.prelu", channels: middle),
            dw: try model.floats(name + ".dw.weight", shape: [9, middle]),
            dwBias: try model.floats(name + ".dw.bias", shape: [middle]),
            pw: try model.floats(name + ".pw.weight"), pwBias: try model.floats(name + ".pw.bias", shape: [outputs]),
            activation: try model.prelu(name + ".prelu", channels: outputs))
    }
}
