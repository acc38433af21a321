/// MediaPipe's face mesh v2 (`face_landmarks_detector.tflite` of the face landmarker; model card
/// "MediaPipe Face Mesh V2"): 478 3-D points (MediaPipe's 468 plus five per iris) and a face-presence
/// logit from a 256×256 RGB face crop. The network only; the crop and the mapping back to the image
/// live in `FaceMeshV2Estimator`.
///
/// Input: 256×256×3 floats, channel-last, R, G, B in [0, 1]. Structure (`tools/models/convert_face_landmarker.py`,
/// `Models/README.md`): the stem (3×3 stride 2 + PReLU, 128×128×16, as v1's), 34 bottleneck blocks
/// down to 2×2×128 (`BottleneckBlock`), then one dense layer over that map's 512 values for the
/// 1434 coordinates and the presence logit together. A value holds only immutable weights: share it
/// between threads; each `run` has its own scratch.
final class FaceMeshV2Network: Sendable {
    /// Side of the square input in pixels.
    static let inputSize = 256
    /// Points in the mesh.
    static let pointCount = 478

    /// The network's two outputs.
    struct Output: Sendable {
        /// 478 × (x, y, z): x and y in input pixels (0…256), z in the same units, smaller nearer the camera.
        var landmarks: [Float]
        /// The face-presence logit (MediaPipe takes its sigmoid and keeps the mesh when ≥ 0.5).
        var presenceLogit: Float
    }

    /// The working memory of a pass: the input in the stem's padded layout, two maps the blocks take
    /// turns writing, the blocks' own scratch and the dense output. One per thread, reused.
    struct Scratch {
        /// The network's input with its zero row and column (`ImageCrop.sample(_:into:padding:)` writes it with padding 1).
        var padded: [Float] = []
        /// Block inputs and outputs, taking turns.
        var first = FeatureMap(), second = FeatureMap()
        /// A block's working memory.
        var block = BottleneckBlock.Scratch()
        /// The last map, tight, and the dense output.
        var tight: [Float] = [], dense: [Float] = []
    }

    /// Output channels and stride of the 34 blocks: four at 128×128, then per stage (64×64 … 2×2)
    /// a stride-2 block and four more.
    private static let blockShapes: [(outputs: Int, stride: Int)] = [16, 32, 64, 128, 128, 128, 128]
        .enumerated().flatMap { k, c in (k == 0 ? [] : [(c, 2)]) + Array(repeating: (c, 1), count: 4) }

    /// Scratch memory for `runPadded`, reused from call to call.
    let scratchPool = ScratchPool { _ in Scratch() }

    private let stem: FaceMeshStem
    private let blocks: [BottleneckBlock]
    /// Landmarks (outputs 0…1433) and the presence logit (output 1434) from the 2×2×128 map.
    private let head: Dense

    /// Reads the network from a model of kind `MSH2`.
    init(model: ModelFile) throws {
        try model.expectKind("MSH2")
        stem = try FaceMeshStem(model)
        var channels = 16
        blocks = try Self.blockShapes.enumerated().map { k, shape in
            let block = try BottleneckBlock(model, "block.\(k)", inputs: channels, stride: shape.stride)
            guard block.outputs == shape.outputs else {
                throw ModelFile.Error.badTensor("block.\(k).pw.weight", reason: "not \(shape.outputs) outputs")
            }
            channels = block.outputs
            return block
        }
        let n = Self.pointCount * 3
        head = Dense(
            weights: try model.floats("landmarks.weight", shape: [n, 512])
                + model.floats("presence.weight", shape: [1, 512]),
            bias: try model.floats("landmarks.bias", shape: [n]) + model.floats("presence.bias", shape: [1]),
            outputs: n + 1, inputs: 512)
    }

    /// Runs the network on `input`: 256×256×3 floats, channel-last RGB in [0, 1].
    func run(_ input: [Float], scratch s: inout Scratch) -> Output {
        let n = Self.inputSize
        precondition(input.count == n * n * 3)
        stem.apply(input, height: n, width: n, into: &s.first, padded: &s.padded)
        return runAfterStem(scratch: &s)
    }

    /// Runs the network on the input in `s.padded`, in the stem's padded layout (257 rows of 257
    /// pixels, the last pixel of each row and the last row zero; `ImageCrop.sample(_:into:padding:)` writes it with padding 1).
    func runPadded(scratch s: inout Scratch) -> Output {
        let n = Self.inputSize
        stem.apply(padded: s.padded, height: n, width: n, into: &s.first)
        return runAfterStem(scratch: &s)
    }

    /// The blocks and the head on the stem's output in `s.first`.
    private func runAfterStem(scratch s: inout Scratch) -> Output {
        for block in blocks {
            block.apply(s.first, into: &s.second, scratch: &s.block)
            swap(&s.first, &s.second)
        }
        s.tight = Self.interior(of: s.first)
        head.apply(s.tight, into: &s.dense)
        let n = Self.pointCount * 3
        return Output(landmarks: Array(s.dense.prefix(n)), presenceLogit: s.dense[n])
    }

    /// The interior of `map` without its border, channel-last.
    static func interior(of map: FeatureMap) -> [Float] {
        precondition(map.pixelStride == map.channels)
        var out = [Float]()
        out.reserveCapacity(map.height * map.width * map.channels)
        for y in 0..<map.height {
            let start = map.offset(y, 0)
            out += map.values[start..<start + map.width * map.channels]
        }
        return out
    }
}
