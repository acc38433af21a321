/// A step of a convolutional stack from one feature map to the next: a convolution (with its
/// activation) or a max-pool. MTCNN's three nets are such stacks, run by `CNNScratch.run(_:)`.
enum FeatureLayer: Sendable {
    /// A convolution and its activation.
    case convolution(Convolution)
    /// A max-pool.
    case pool(MaxPool)

    /// Writes the layer's output for `input` into `output`.
    func apply(_ input: FeatureMap, into output: inout FeatureMap) {
        switch self {
        case .convolution(let convolution): convolution.apply(input, into: &output)
        case .pool(let pool): pool.apply(input, into: &output)
        }
    }
}

extension CNNScratch {
    /// Runs `layers` (an odd number) on `input`, each on the previous one's output, alternating
    /// between `first` and `second`; the last layer's output is in `first`.
    mutating func run(_ layers: [FeatureLayer]) {
        precondition(layers.count % 2 == 1)
        layers[0].apply(input, into: &first)
        for index in stride(from: 1, to: layers.count, by: 2) {
            layers[index].apply(first, into: &second)
            layers[index + 1].apply(second, into: &first)
        }
    }
}
