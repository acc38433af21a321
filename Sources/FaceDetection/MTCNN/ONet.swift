/// MTCNN's output network (O-Net) on 48×48 crops: conv 3×3 3→32, PReLU, max-pool 3/2 (ceil),
/// conv 3×3 32→64, PReLU, max-pool 3/2 (ceil), conv 3×3 64→64, PReLU, max-pool 2/2 (ceil),
/// conv 2×2 64→128, PReLU, dense 1152→256, PReLU, then the heads stacked into one dense layer:
/// face logits (2), box regression (4), landmarks (x1…x5, y1…y5 in box units).
struct ONet: Sendable {
    /// The convolutions and pools, in order.
    let features: [FeatureLayer]
    let dense5: Dense
    /// Outputs 0–1: not-face / face logits; 2–5: dx1, dy1, dx2, dy2; 6–15: landmarks.
    let heads: Dense

    /// Reads tensors `onet.*` of an MTCNN model.
    init(model: ModelFile) throws {
        let conv1 = try model.convolution("onet.conv1", activation: "onet.prelu1")
        let conv2 = try model.convolution("onet.conv2", activation: "onet.prelu2")
        let conv3 = try model.convolution("onet.conv3", activation: "onet.prelu3")
        let conv4 = try model.convolution("onet.conv4", activation: "onet.prelu4")
        features = [
            .convolution(conv1), .pool(MaxPool(size: 3, stride: 2)), .convolution(conv2),
            .pool(MaxPool(size: 3, stride: 2)), .convolution(conv3), .pool(MaxPool(size: 2, stride: 2)),
            .convolution(conv4),
        ]
        dense5 = try model.dense(
            "onet.dense5", activation: "onet.prelu5", inputOrder: RNet.xycOrder(height: 3, width: 3, channels: 128))
        heads = try model.stackedDense(["onet.dense6_1", "onet.dense6_2", "onet.dense6_3"])
        guard conv1.inputChannels == 3, conv4.outputChannels == 128, dense5.outputs == 256,
            heads.inputs == 256, heads.outputs == 16
        else { throw ModelFile.Error.badTensor("onet", reason: "unexpected layer sizes") }
    }

    /// Runs the net on `scratch.input` (48×48); the 16 outputs are the start of `scratch.output`.
    func forward(_ scratch: inout CNNScratch) {
        scratch.run(features)
        precondition(
            scratch.first.pixelStride == 128 && scratch.first.height * scratch.first.width * 128 == dense5.inputs)
        dense5.apply(scratch.first.values, into: &scratch.vector)
        heads.apply(scratch.vector, into: &scratch.output)
    }
}
