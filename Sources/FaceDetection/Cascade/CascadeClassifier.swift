/// A boosted cascade of Haar-feature trees (Viola–Jones family), as trained by OpenCV and
/// converted by `tools/models/convert_cascades.py` (model kind `HAAR`, tensors in `Models/README.md`).
///
/// A window passes stage `s` when the sum of its weak classifiers' leaves reaches the stage
/// threshold; it is a face when it passes every stage.
public struct CascadeClassifier: Sendable {
    /// One rectangle of a Haar feature, in window pixels, with its weight.
    struct WeightedRect: Sendable {
        var x: Int, y: Int, width: Int, height: Int
        var weight: Float
    }

    /// A Haar feature: a weighted sum of two or three rectangle sums.
    struct Feature: Sendable {
        var rects: [WeightedRect]
    }

    /// A split node: go `left` when the normalised feature value < `threshold`. A child > 0 is a
    /// node index relative to the tree's root; a child ≤ 0 is the leaf `−child`.
    struct Node: Sendable {
        var feature: Int
        var threshold: Float
        var left: Int
        var right: Int
    }

    /// One weak classifier: a small tree.
    struct Weak: Sendable {
        var firstNode: Int
        var nodeCount: Int
        var firstLeaf: Int
    }

    /// One stage: consecutive weak classifiers and the threshold their sum must reach.
    struct Stage: Sendable {
        var firstWeak: Int
        var weakCount: Int
        /// OpenCV's threshold: the trained value minus 1e-5 (in Float).
        var threshold: Float
    }

    /// Window width in pixels.
    public let windowWidth: Int
    /// Window height in pixels.
    public let windowHeight: Int
    private(set) var stages: [Stage]
    let weaks: [Weak]
    let nodes: [Node]
    let leaves: [Float]
    let features: [Feature]

    /// Number of stages.
    package var stageCount: Int { stages.count }
    /// Number of weak classifiers over all stages.
    package var weakClassifierCount: Int { weaks.count }

    /// Reads a cascade from a model file of kind `HAAR`; throws `ModelFileError` when the kind,
    /// a tensor or an index is wrong, or when the cascade uses tilted features (not supported).
    init(model: ModelFile) throws(ModelFileError) {
        try model.expectKind("HAAR")
        let window = try model.ints("window", shape: [2])
        let stageThreshold = try model.floats("stageThreshold", shape: [-1])
        let stageWeakCount = try model.ints("stageWeakCount", shape: [stageThreshold.count])
        let weakNodeStart = try model.ints("weakNodeStart", shape: [-1])
        let weakLeafStart = try model.ints("weakLeafStart", shape: [weakNodeStart.count])
        let nodeFeature = try model.ints("nodeFeature", shape: [-1])
        let nodeThreshold = try model.floats("nodeThreshold", shape: [nodeFeature.count])
        let nodeLeft = try model.ints("nodeLeft", shape: [nodeFeature.count])
        let nodeRight = try model.ints("nodeRight", shape: [nodeFeature.count])
        let leaves = try model.floats("leaves", shape: [-1])
        let rects = try model.ints("featureRects", shape: [-1, 3, 4])
        let weights = try model.floats("featureWeights", shape: [rects.count / 12, 3])
        let tilted = try model.bytes("featureTilted", shape: [rects.count / 12])

        func bad(_ name: String, _ reason: String) -> ModelFile.Error { .badTensor(name, reason: reason) }
        guard window[0] > 2, window[1] > 2, window[0] <= 64, window[1] <= 64 else {
            throw bad("window", "size \(window)")
        }
        windowWidth = Int(window[0])
        windowHeight = Int(window[1])
        guard !tilted.contains(where: { $0 != 0 }) else {
            throw bad("featureTilted", "tilted features are not supported")
        }

        var features: [Feature] = []
        for f in 0..<tilted.count {
            var list: [WeightedRect] = []
            for r in 0..<3 where weights[f * 3 + r] != 0 {
                let b = f * 12 + r * 4
                let rect = WeightedRect(
                    x: Int(rects[b]), y: Int(rects[b + 1]), width: Int(rects[b + 2]),
                    height: Int(rects[b + 3]), weight: weights[f * 3 + r])
                guard rect.x >= 0, rect.y >= 0, rect.width >= 0, rect.height >= 0,
                    rect.x + rect.width <= windowWidth, rect.y + rect.height <= windowHeight
                else { throw bad("featureRects", "feature \(f) leaves the window") }
                list.append(rect)
            }
            guard list.count >= 1 else { throw bad("featureWeights", "feature \(f) has no rectangle") }
            features.append(Feature(rects: list))
        }
        var nodes: [Node] = []
        for n in 0..<nodeFeature.count {
            guard nodeFeature[n] >= 0, Int(nodeFeature[n]) < features.count else {
                throw bad("nodeFeature", "index out of range")
            }
            nodes.append(
                Node(
                    feature: Int(nodeFeature[n]), threshold: nodeThreshold[n], left: Int(nodeLeft[n]),
                    right: Int(nodeRight[n])))
        }
        var weaks: [Weak] = []
        for w in 0..<weakNodeStart.count {
            let first = Int(weakNodeStart[w])
            let end = w + 1 < weakNodeStart.count ? Int(weakNodeStart[w + 1]) : nodes.count
            let leaf = Int(weakLeafStart[w])
            let leafEnd = w + 1 < weakLeafStart.count ? Int(weakLeafStart[w + 1]) : leaves.count
            guard first >= 0, end > first, end <= nodes.count, leaf >= 0, leafEnd > leaf, leafEnd <= leaves.count
            else { throw bad("weakNodeStart", "weak classifier \(w) out of range") }
            for n in nodes[first..<end] {
                for child in [n.left, n.right] {
                    guard child > 0 ? child < end - first : -child < leafEnd - leaf
                    else { throw bad("nodeLeft", "weak classifier \(w) points outside its tree") }
                }
            }
            // Trees must point forward so that evaluation ends.
            for (i, n) in nodes[first..<end].enumerated()
            where (n.left > 0 && n.left <= i) || (n.right > 0 && n.right <= i) {
                throw bad("nodeLeft", "weak classifier \(w) has a cycle")
            }
            weaks.append(Weak(firstNode: first, nodeCount: end - first, firstLeaf: leaf))
        }
        var stages: [Stage] = []
        var next = 0
        for s in 0..<stageThreshold.count {
            let count = Int(stageWeakCount[s])
            guard count > 0, next + count <= weaks.count else { throw bad("stageWeakCount", "stage \(s) out of range") }
            stages.append(Stage(firstWeak: next, weakCount: count, threshold: stageThreshold[s] - Float(1e-5)))
            next += count
        }
        guard next == weaks.count, !stages.isEmpty else {
            throw bad("stageWeakCount", "stages do not cover the weak classifiers")
        }
        self.stages = stages
        self.weaks = weaks
        self.nodes = nodes
        self.leaves = leaves
        self.features = features
    }

    /// This cascade cut after its first `count` stages (more windows pass: for tests and experiments).
    func truncated(toStages count: Int) -> CascadeClassifier {
        var copy = self
        copy.stages = Array(stages.prefix(count))
        return copy
    }

    /// Reads a cascade from the bytes of a model file (e.g. a `.fdm` the caller loaded); throws
    /// ``ModelFileError`` when they are not a usable `HAAR` model.
    public init(modelBytes: [UInt8]) throws(ModelFileError) {
        try self.init(model: ModelFile(bytes: modelBytes))
    }
}
