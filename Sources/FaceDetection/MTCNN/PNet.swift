/// MTCNN's proposal network (P-Net): fully convolutional, one output cell per 12×12 window at
/// stride 2. conv 3×3 3→10, PReLU, max-pool 2/2 (ceil), conv 3×3 10→16, PReLU, conv 3×3 16→32,
/// PReLU, then two 1×1 heads stacked into one: face logits (2) and box regression (4).
struct PNet: Sendable {
    let conv1: Convolution, pool1 = MaxPool(size: 2, stride: 2), conv2: Convolution, conv3: Convolution
    /// Channels 0–1: not-face / face logits; 2–5: dx1, dy1, dx2, dy2.
    let heads: Convolution
    /// All of the above, in order.
    let layers: [FeatureLayer]

    /// Reads tensors `pnet.*` of an MTCNN model.
    init(model: ModelFile) throws {
        conv1 = try model.convolution("pnet.conv1", activation: "pnet.prelu1")
        conv2 = try model.convolution("pnet.conv2", activation: "pnet.prelu2")
        conv3 = try model.convolution("pnet.conv3", activation: "pnet.prelu3")
        heads = try model.stackedConvolution(["pnet.conv4_1", "pnet.conv4_2"])
        layers = [.convolution(conv1), .pool(pool1), .convolution(conv2), .convolution(conv3), .convolution(heads)]
        guard conv1.inputChannels == 3, conv1.outputChannels == 10, conv2.outputChannels == 16,
            conv3.outputChannels == 32, heads.inputChannels == 32, heads.outputChannels == 6,
            heads.kernelWidth == 1
        else { throw ModelFile.Error.badTensor("pnet", reason: "unexpected layer sizes") }
    }

    /// Input pixels per strip when a pyramid level is run in strips (see `strips`): the feature
    /// maps then stay under about 108 bytes per input pixel (7 MB), whatever the image's size.
    static let stripPixels = 1 << 16

    /// Output rows for an input of `inputHeight` rows (at least 12).
    func outputHeight(_ inputHeight: Int) -> Int {
        conv3.outputHeight(conv2.outputHeight(pool1.outputLength(conv1.outputHeight(inputHeight))))
    }

    /// Horizontal strips covering a `width`×`height` input, each at most about `pixels` input
    /// pixels: the output rows of each strip and the input rows they read. Output cell (r, c)
    /// sees input rows 2r … 2r + 11, so output rows [r0, r1) read input rows [2·r0, 2·r1 + 10);
    /// the last strip runs to the input's bottom so that the ceil-mode pooling there is unchanged.
    /// Strips hold an even number of output rows, so that every strip's Winograd tiles sit
    /// where the whole level's do: each cell comes out bit for bit as from the whole level.
    func strips(width: Int, height: Int, pixels: Int = stripPixels) -> [(output: Range<Int>, input: Range<Int>)] {
        let total = outputHeight(height)
        let rows = max(2, (pixels / max(1, width) - 10) / 4 * 2)
        return stride(from: 0, to: total, by: rows).map { r0 in
            let r1 = min(total, r0 + rows)
            return (r0..<r1, 2 * r0..<(r1 == total ? height : 2 * r1 + 10))
        }
    }

    /// Runs the net on `scratch.input` (at least 12×12); the result map is `scratch.first`.
    func forward(_ scratch: inout CNNScratch) {
        scratch.run(layers)
    }
}
