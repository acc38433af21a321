/// Per-call working memory of a CNN forward pass: two feature maps used in turn, a flattened
/// vector pair for the dense layers. Reused across calls by one thread; never shared.
struct CNNScratch {
    /// Layer outputs, alternating.
    var first = FeatureMap(), second = FeatureMap()
    /// Dense-layer vectors, alternating.
    var vector: [Float] = [], output: [Float] = []
    /// The network input (filled by the resampler).
    var input = FeatureMap()
    /// Crops and resizes network inputs.
    var resampler = AreaResampler()

    /// Empty buffers; they grow on first use.
    init() {}
}
