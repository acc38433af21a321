/// MTCNN's refinement network (R-Net) on 24×24 crops: conv 3×3 3→28, PReLU, max-pool 3/2 (ceil),
/// conv 3×3 28→48, PReLU, max-pool 3/2 (ceil), conv 2×2 48→64, PReLU, dense 576→128, PReLU, then
/// the heads stacked into one dense layer: face logits (2) and box regression (4).
struct RNet: Sendable {
    /// The convolutions and pools, in order.
    let features: [FeatureLayer]
    let dense4: Dense
    /// Outputs 0–1: not-face / face logits; 2–5: dx1, dy1, dx2, dy2.
    let heads: Dense

    /// Reads tensors `rnet.*` of an MTCNN model.
    init(model: ModelFile) throws {
        let conv1 = try model.convolution("rnet.conv1", activation: "rnet.prelu1")
        let conv2 = try model.convolution("rnet.conv2", activation: "rnet.prelu2")
        let conv3 = try model.convolution("rnet.conv3", activation: "rnet.prelu3")
        features = [
            .convolution(conv1), .pool(MaxPool(size: 3, stride: 2)), .convolution(conv2),
            .pool(MaxPool(size: 3, stride: 2)), .convolution(conv3),
        ]
        dense4 = try model.dense(
            "rnet.dense4", activation: "rnet.prelu4", inputOrder: Self.xycOrder(height: 3, width: 3, channels: 64))
        heads = try model.stackedDense(["rnet.dense5_1", "rnet.dense5_2"])
        guard conv1.inputChannels == 3, conv3.outputChannels == 64, dense4.outputs == 128,
            heads.inputs == 128, heads.outputs == 6
        else { throw ModelFile.Error.badTensor("rnet", reason: "unexpected layer sizes") }
    }

    /// `order[i]` for our (y, x, c) flattening = the index of the same value in the ports'
    /// (x, y, c) flattening, which the dense weights were trained with.
    static func xycOrder(height: Int, width: Int, channels: Int) -> [Int] {
        var order: [Int] = []
        for y in 0..<height {
            for x in 0..<width { for c in 0..<channels { order.append((x * height + y) * channels + c) } }
        }
        return order
    }

    /// Runs the net on `scratch.input` (24×24); the 6 outputs are the start of `scratch.output`.
    func forward(_ scratch: inout CNNScratch) {
        scratch.run(features)
        precondition(
            scratch.first.pixelStride == 64 && scratch.first.height * scratch.first.width * 64 == dense4.inputs)
        dense4.apply(scratch.first.values, into: &scratch.vector)
        heads.apply(scratch.vector, into: &scratch.output)
    }
}
