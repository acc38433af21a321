/// YuNet's raw outputs for one input, per stride 8, 16, 32 (ONNX order: cells row-major, `columns = paddedWidth / stride`).
struct YuNetOutputs: Sendable {
    /// The outputs of one stride.
    struct Level: Sendable {
        let stride: Int, columns: Int, rows: Int
        var cls: [Float]  // columns·rows, sigmoid applied
        var obj: [Float]  // columns·rows, sigmoid applied
        var bbox: [Float]  // 4 per cell, raw (as ONNX gives them)
        var kps: [Float]  // 10 per cell, raw
    }
    var levels: [Level]  // strides 8, 16, 32 in that order
}
