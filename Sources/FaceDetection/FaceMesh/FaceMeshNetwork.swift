/// MediaPipe's face landmark network (`face_landmark.tflite`, "facemesh-lite"; Kartynnik et al.,
/// "Real-time Facial Surface Geometry from Monocular Video on Mobile GPUs", 2019): 468 3-D points
/// and a face-presence logit from a 192×192 RGB face crop. The network only; the crop and the
/// mapping back to the image live in `FaceMeshEstimator`.
///
/// Input: 192×192×3 floats, channel-last, R, G, B in [0, 1] (MediaPipe's `face_landmark_cpu.pbtxt`:
/// ImageToTensorCalculator, `output_tensor_float_range { min: 0.0 max: 1.0 }`).
/// Structure (`tools/convert_face_mesh.py`, `Models/README.md`): stem (3×3 stride 2 + PReLU, 96×96×16),
/// 14 residual blocks down to 6×6×128, then two heads on that map: the mesh (3 blocks to 3×3×128, a
/// 1×1 to 32 channels + PReLU, a block, and a 3×3 valid convolution = a dense layer 288 → 1404) and
/// the face score (1 block, the 1×1, a block, dense 288 → 1). A value holds only immutable weights:
/// share it between threads; each `run` has its own scratch.
final class FaceMeshNetwork: Sendable {
    /// Side of the square input in pixels.
    static let inputSize = 192
    /// Points in the mesh.
    static let pointCount = 468

    /// The network's two outputs.
    struct Output: Sendable {
        /// 468 × (x, y, z): x and y in input pixels (0…192), z in the same units, smaller nearer the camera.
        var landmarks: [Float]
        /// The face-presence logit (MediaPipe takes its sigmoid and keeps the mesh when ≥ 0.5).
        var faceLogit: Float
    }

    /// Floats in the trunk both heads read (the last backbone block's map): 6 × 6 × 128.
    static let trunkCount = 6 * 6 * 128

    /// One output head: blocks, a 1×1 reduction with PReLU, one more block, and the dense output.
    private struct Head: Sendable {
        let blocks: [ResidualBlock]
        let reduce: [Float], reduceBias: [Float], reduceActivation: PReLU
        let last: ResidualBlock
        let output: Dense

        /// The tensors `name.0` … `name.<count>`, `name.reduce.*`, `name.out.*` of `model`.
        init(_ model: ModelFile, _ name: String, blocks count: Int, outputs: Int) throws {
            blocks = try (0..<count).map {
                try ResidualBlock(model, "\(name).\($0)", inputs: 128, stride: $0 == 0 ? 2 : 1)
            }
            reduce = try model.floats(name + ".reduce.weight", shape: [128, 32])
            reduceBias = try model.floats(name + ".reduce.bias", shape: [32])
            reduceActivation = try model.prelu(name + ".reduce.prelu", channels: 32)
            last = try ResidualBlock(model, "\(name).\(count)", inputs: 32, stride: 1)
            output = Dense(
                weights: try model.floats(name + ".out.weight", shape: [outputs, 288]),
                bias: try model.floats(name + ".out.bias", shape: [outputs]), outputs: outputs, inputs: 288)
        }
    }

    /// Scratch memory for `run`, reused from call to call.
    let scratchPool = ScratchPool { _ in FaceMeshScratch() }

    private let stem: FaceMeshStem
    private let backbone: [ResidualBlock]
    private let mesh: Head, score: Head

    /// Strides of the 14 backbone blocks (channels 16, 16, 32, 32, 32, 64, 64, 64, 128 × 6).
    private static let backboneStrides = [1, 1, 2, 1, 1, 2, 1, 1, 2, 1, 1, 2, 1, 1]

    /// Reads the network from a model of kind `MESH`.
    init(model: ModelFile) throws {
        try model.expectKind("MESH")
        stem = try FaceMeshStem(model)
        var channels = 16
        backbone = try Self.backboneStrides.enumerated().map { k, s in
            let block = try ResidualBlock(model, "backbone.\(k)", inputs: channels, stride: s)
            channels = block.outputs
            return block
        }
        guard channels == 128 else {
            throw ModelFile.Error.badTensor("backbone.13.pw.weight", reason: "not 128 outputs")
        }
        mesh = try Head(model, "mesh", blocks: 3, outputs: Self.pointCount * 3)
        score = try Head(model, "score", blocks: 1, outputs: 1)
    }

    /// Runs the network on `input`: 192×192×3 floats, channel-last RGB in [0, 1]; `scratch` is the
    /// calling thread's working memory.
    func run(_ input: [Float], scratch s: inout FaceMeshScratch) -> Output {
        let n = Self.inputSize
        precondition(input.count == n * n * 3)
        stem.apply(input, height: n, width: n, into: &s.first, padded: &s.padded)
        return runAfterStem(scratch: &s)
    }

    /// Runs the network on the input in `s.padded`, in the stem's padded layout (193 rows of 193
    /// pixels, the last pixel of each row and the last row zero; `AffineCrop.rgbPadded` writes it).
    func runPadded(scratch s: inout FaceMeshScratch) -> Output {
        let n = Self.inputSize
        stem.apply(padded: s.padded, height: n, width: n, into: &s.first)
        return runAfterStem(scratch: &s)
    }

    /// The trunk alone (no heads: the 6×6×128 map both heads read, channel-last, `trunkCount` floats)
    /// on the input in `s.padded`, laid out as for `runPadded(scratch:)`.
    func trunkPadded(scratch s: inout FaceMeshScratch) -> [Float] {
        let n = Self.inputSize
        stem.apply(padded: s.padded, height: n, width: n, into: &s.first)
        runBackbone(scratch: &s)
        return Self.interior(of: s.first)
    }

    /// The backbone blocks on the stem's output in `s.first`, leaving the 6×6×128 trunk there.
    private func runBackbone(scratch s: inout FaceMeshScratch) {
        for block in backbone {
            block.apply(s.first, into: &s.second, row: &s.row)
            swap(&s.first, &s.second)
        }
    }

    /// The blocks and heads on the stem's output in `s.first` (the trunk stays there afterwards).
    private func runAfterStem(scratch s: inout FaceMeshScratch) -> Output {
        runBackbone(scratch: &s)
        // The 6×6×128 trunk stays in `first` for both heads.
        run(mesh, scratch: &s)
        let landmarks = Array(s.dense.prefix(Self.pointCount * 3))
        run(score, scratch: &s)
        return Output(landmarks: landmarks, faceLogit: s.dense[0])
    }

    /// The interior of `map` without its border, channel-last.
    static func interior(of map: BorderedFeatureMap) -> [Float] {
        var out = [Float]()
        out.reserveCapacity(map.height * map.width * map.channels)
        for y in 0..<map.height {
            let start = map.offset(y, 0)
            out += map.values[start..<start + map.width * map.channels]
        }
        return out
    }

    /// One head on the trunk in `s.first` (left unchanged); its dense output (padded to a multiple of
    /// 16) in `s.dense`.
    private func run(_ head: Head, scratch s: inout FaceMeshScratch) {
        head.blocks[0].apply(s.first, into: &s.second, row: &s.row)
        for block in head.blocks.dropFirst() {
            block.apply(s.second, into: &s.third, row: &s.row)
            swap(&s.second, &s.third)
        }
        let (h, w) = (s.second.height, s.second.width)
        precondition(s.second.channels == 128)
        s.third.reshape(height: h, width: w, channels: 32)
        let (inStart, inLine) = (s.second.offset(0, 0), s.second.rowStride)
        let (outStart, outLine) = (s.third.offset(0, 0), s.third.rowStride)
        s.second.values.withUnsafeBufferPointer { inBuffer in
            head.reduce.withUnsafeBufferPointer { wb in
                head.reduceBias.withUnsafeBufferPointer { bb in
                    head.reduceActivation.slopes.withUnsafeBufferPointer { sb in
                        s.third.values.withUnsafeMutableBufferPointer { outBuffer in
                            // Safety: row y < h of both bordered maps holds w pixels from offset(y, 0) = start +
                            // y·line, of 128 and 32 floats; the weights hold 128·32 floats, bias and slopes 32 (Head.init).
                            for y in 0..<h {
                                let row = outBuffer.baseAddress! + outStart + y * outLine
                                PointwiseConvolution.row(
                                    inBuffer.baseAddress! + inStart + y * inLine, pixels: w, inputs: 128,
                                    weights: wb.baseAddress!, bias: bb.baseAddress!, outputs: 32, into: row)
                                ResidualBlock.finishRow(
                                    row, width: w, channels: 32, slopes: sb.baseAddress!, skip: row, skipChannels: 0,
                                    skipStride: 1, skipRowStride: 0)
                            }
                        }
                    }
                }
            }
        }
        head.last.apply(s.third, into: &s.tight, row: &s.row)
        precondition(h * w * head.last.outputs == head.output.inputs)
        head.output.apply(s.tight, into: &s.dense)
    }
}
