/// The working memory of face mesh passes: three feature maps used in turn, the padded copy a
/// block's depthwise convolution reads, the depthwise output, and the dense output. One per thread,
/// reused from face to face (the buffers only grow); never shared.
struct FaceMeshScratch {
    /// The network's input: the face region sampled to 192×192×3 floats.
    var input: [Float] = []
    /// Layer outputs, taking turns.
    var first = FeatureMap(), second = FeatureMap(), third = FeatureMap()
    /// A block's input with its zero border (or the stem's input with its zero row and column).
    var padded: [Float] = []
    /// A block's depthwise output.
    var depthwise: [Float] = []
    /// A head's dense output.
    var dense: [Float] = []

    /// Empty buffers; they grow on first use.
    init() {}
}
