/// MTCNN's proposal network (P-Net): fully convolutional, one output cell per 12×12 window at
/// stride 2. conv 3×3 3→10, PReLU, max-pool 2/2 (ceil), conv 3×3 10→16, PReLU, conv 3×3 16→32,
/// PReLU, then two 1×1 heads stacked into one: face logits (2) and box regression (4).
struct PNet: Sendable {
    let conv1: Convolution, pool1 = MaxPool(size: 2, stride: 2), conv2: Convolution, conv3: Convolution
    /// Channels 0–1: not-face / face logits; 2–5: dx1, dy1, dx2, dy2.
    let heads: Convolution

    /// Reads tensors `pnet.*` of an MTCNN model.
    init(model: ModelFile) throws {
        conv1 = try model.convolution("pnet.conv1", activation: "pnet.prelu1")
        conv2 = try model.convolution("pnet.conv2", activation: "pnet.prelu2")
        conv3 = try model.convolution("pnet.conv3", activation: "pnet.prelu3")
        heads = try model.stackedConvolution(["pnet.conv4_1", "pnet.conv4_2"])
        guard conv1.inputChannels == 3, conv1.outputChannels == 10, conv2.outputChannels == 16,
              conv3.outputChannels == 32, heads.inputChannels == 32, heads.outputChannels == 6,
              heads.kernelWidth == 1 else { throw ModelFile.Error.badTensor("pnet", reason: "unexpected layer sizes") }
    }

    /// Runs the net on `scratch.input` (at least 12×12); the result map is `scratch.first`.
    func forward(_ scratch: inout CNNScratch) {
        conv1.apply(scratch.input, into: &scratch.first)
        pool1.apply(scratch.first, into: &scratch.second)
        conv2.apply(scratch.second, into: &scratch.first)
        conv3.apply(scratch.first, into: &scratch.second)
        heads.apply(scratch.second, into: &scratch.first)
    }
}
