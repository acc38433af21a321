/// The working memory of face mesh passes: the network's input, three bordered feature maps used in
/// turn, a block's depthwise row, a head's last map, and the dense output. One per thread,
/// reused from face to face (the buffers only grow); never shared.
struct FaceMeshScratch {
    /// Layer outputs, taking turns.
    var first = BorderedFeatureMap(), second = BorderedFeatureMap(), third = BorderedFeatureMap()
    /// The network's input with its zero row and column, as the stem reads it: the face region sampled
    /// to 192×192×3 floats by `AffineCrop.rgbPadded`.
    var padded: [Float] = []
    /// One output row of a block's depthwise convolution.
    var row: [Float] = []
    /// A head's last block output, tight: the dense layer's input.
    var tight: [Float] = []
    /// A head's dense output.
    var dense: [Float] = []

    /// Empty buffers; they grow on first use.
    init() {}
}
