/// YuNet's raw outputs on one (padded) input, per stride: what the network computes before
/// decoding. (The network itself, `YuNet`, fills this; its layout is the network's contract.)
struct YuNetOutputs: Sendable {
    /// One stride's head outputs.
    struct Level: Sendable {
        /// Cell size in input pixels; `columns` = padded width / stride, cells row-major.
        let stride: Int, columns: Int, rows: Int
        /// Class and objectness scores per cell, sigmoid already applied.
        var cls: [Float]; var obj: [Float]
        /// Box regression, 4 per cell, raw.
        var bbox: [Float]
        /// Keypoint regression, 10 per cell, raw.
        var kps: [Float]
    }
    /// Strides 8, 16 and 32.
    var levels: [Level]
}
