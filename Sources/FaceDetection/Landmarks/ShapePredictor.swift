/// dlib's shape predictor: an ensemble of regression trees (Kazemi & Sullivan 2014, "One
/// Millisecond Face Alignment with an Ensemble of Regression Trees") that places a face's points
/// inside a face box. The shipped model is dlib's CC0 5-point predictor (`Models/shape5.fdm`): the
/// corners of both eyes and the nose base (see `Part` and `landmarks(_:)`).
///
/// How it runs, exactly as dlib's `shape_predictor::operator()`:
/// 1. Start from the mean shape, in box units (0…1 across the box).
/// 2. For each of the 15 cascade levels: fit the similarity transform (rotation + scale) that takes
///    the mean shape to the current shape; place the level's 800 feature pixels, each at its anchor
///    point of the current shape plus its offset turned and scaled by that transform; map them
///    through the box into the image and read their grey levels (0 outside the image); then walk
///    each of the level's 500 trees (depth 4: go to child 2i+1 when
///    `pixel[a] - pixel[b] > threshold`, else 2i+2) and add the leaf's increments to the shape.
/// 3. Map the shape through the box into the image.
///
/// The box: dlib's models are trained on the boxes of dlib's HOG face detector (square, about
/// eyebrows to chin and ear to ear, somewhat smaller than most detectors' boxes); give such a box,
/// or map another detector's box with `dlibStyleBox(fromMTCNN:)`. Points come back in the
/// project's continuous coordinates (pixel centres at +0.5); flooring them gives dlib's integer
/// points. A value of this type holds only immutable model data: share it between threads.
struct ShapePredictor: Sendable {
    /// The model kind tag of a shape predictor (`ModelFile.kind`).
    static let kind = "ERT5"

    /// One split node: go left when `pixel[a] - pixel[b] > threshold`.
    struct Split: Sendable {
        /// The two feature pixels compared.
        var a: UInt16, b: UInt16
        /// A whole number (the converter stores dlib's floor(threshold): pixel differences are whole).
        var threshold: Float
    }

    /// Number of points the model places (5).
    let pointCount: Int
    /// Number of cascade levels (15).
    let levelCount: Int
    /// Trees per level (500).
    let treesPerLevel: Int
    /// Split nodes per tree (15: a full tree of depth 4); a tree has `splitsPerTree + 1` leaves.
    let splitsPerTree: Int
    /// Feature pixels per level (800).
    let featuresPerLevel: Int
    /// Mean shape in box units: x0, y0, x1, y1, …
    let meanShape: [Float]
    /// For each level and feature pixel, the point it hangs from.
    let anchors: [Int]
    /// For each level and feature pixel, its offset (dx, dy) from the anchor in mean-shape units.
    let offsets: [Float]
    /// For each level and tree, its split nodes in breadth-first order.
    let splits: [Split]
    /// For each level, tree and leaf, the `2 * pointCount` increments of the shape.
    let leaves: [Float]

    /// Reads a shape predictor from a model of kind `ERT5` (written by
    /// `tools/models/convert_dlib_shape.py`); throws `ModelFileError` when a tensor is missing, has
    /// the wrong shape, or holds an index out of range.
    init(model: ModelFile) throws {
        try model.expectKind(Self.kind)
        let mean = try Self.finite("meanShape", model.floats("meanShape", shape: [-1, 2]))
        let points = mean.count / 2
        let anchorTensor = try model.tensor("anchors", shape: [-1, -1])
        let (levels, features) = (anchorTensor.shape[0], anchorTensor.shape[1])
        let splitTensor = try model.tensor("splitPixels", shape: [levels, -1, -1, 2])
        let (trees, splitCount) = (splitTensor.shape[1], splitTensor.shape[2])
        guard points > 0, levels > 0, features > 0, trees > 0 else {
            throw ModelFile.Error.badTensor("anchors", reason: "empty model")
        }
        guard splitCount > 0, (splitCount + 1) & splitCount == 0, features <= Int(UInt16.max) else {
            throw ModelFile.Error.badTensor("splitPixels", reason: "\(splitCount) splits do not make a full tree")
        }
        let anchors = try model.ints("anchors").map(Int.init)
        guard anchors.allSatisfy({ (0..<points).contains($0) }) else {
            throw ModelFile.Error.badTensor("anchors", reason: "anchor outside 0..<\(points)")
        }
        let pixels = try model.ints("splitPixels")
        guard pixels.allSatisfy({ (0..<Int32(features)).contains($0) }) else {
            throw ModelFile.Error.badTensor("splitPixels", reason: "feature pixel outside 0..<\(features)")
        }
        let thresholds = try Self.finite("thresholds", model.floats("thresholds", shape: [levels, trees, splitCount]))
        let offsets = try Self.finite("offsets", model.floats("offsets", shape: [levels, features, 2]))
        let leaves = try Self.finite(
            "leaves", model.floats("leaves", shape: [levels, trees, splitCount + 1, 2 * points]))
        pointCount = points
        levelCount = levels
        treesPerLevel = trees
        splitsPerTree = splitCount
        featuresPerLevel = features
        meanShape = mean
        self.anchors = anchors
        self.offsets = offsets
        self.leaves = leaves
        splits = thresholds.indices.map { i in
            Split(a: UInt16(pixels[2 * i]), b: UInt16(pixels[2 * i + 1]), threshold: thresholds[i])
        }
    }

    /// `values`, or an error naming tensor `name` when one of them is infinite or not a number.
    private static func finite(_ name: String, _ values: [Float]) throws -> [Float] {
        guard values.allSatisfy(\.isFinite) else { throw ModelFile.Error.badTensor(name, reason: "not finite") }
        return values
    }

    /// The cascade, reading the grey level of pixel (x, y) (inside the image) through `intensity`.
    @inline(__always)
    func fit(box: Rect, width: Int, height: Int, intensity: (Int, Int) -> UInt8) -> [Point] {
        // dlib's rectangle holds whole pixels (left, top)…(right, bottom) and maps box unit 0 to the
        // centre of its first pixel, 1 to the centre of its last one; dlib's pixel (i, j) is centred
        // on (i, j), ours on (i + 0.5, j + 0.5).
        let left = Double(box.x)
        let top = Double(box.y)
        let scaleX = Double(box.width) - 1
        let scaleY = Double(box.height) - 1
        var shape = meanShape
        var values = [Float](repeating: 0, count: featuresPerLevel)
        var reached = [Int](repeating: 0, count: treesPerLevel)
        let leafSize = 2 * pointCount
        let depth = (splitsPerTree + 1).trailingZeroBitCount
        anchors.withUnsafeBufferPointer { anchors in
            offsets.withUnsafeBufferPointer { offsets in
                splits.withUnsafeBufferPointer { splits in
                    leaves.withUnsafeBufferPointer { leaves in
                        shape.withUnsafeMutableBufferPointer { shape in
                            values.withUnsafeMutableBufferPointer { values in
                                reached.withUnsafeMutableBufferPointer { reached in
                                    // Safety: init checks shapes, anchors < pointCount and split pixels < features;
                                    // a full-tree walk reads nodes < splitsPerTree, ends at leaf ≤ splitsPerTree.
                                    for level in 0..<levelCount {
                                        let (a, b) = Self.similarity(from: meanShape, to: UnsafeBufferPointer(shape))
                                        let first = level * featuresPerLevel
                                        // values[i] = grey level under feature pixel i: anchor + transformed offset, through the box
                                        for i in 0..<featuresPerLevel {
                                            let anchor = anchors[first + i]
                                            let dx = offsets[2 * (first + i)]
                                            let dy = offsets[2 * (first + i) + 1]
                                            let u = a * dx - b * dy + shape[2 * anchor]
                                            let v = b * dx + a * dy + shape[2 * anchor + 1]
                                            let x = (left + Double(u) * scaleX + 0.5).rounded(.down)
                                            let y = (top + Double(v) * scaleY + 0.5).rounded(.down)
                                            let inside = x >= 0 && x < Double(width) && y >= 0 && y < Double(height)
                                            values[i] = inside ? Float(intensity(Int(x), Int(y))) : 0
                                        }
                                        // reached[t] = the leaf tree t ends in: from the root, child 2i+1 when
                                        // pixel[a] - pixel[b] > threshold, else 2i+2 (the trees of a level are independent)
                                        for tree in 0..<treesPerLevel {
                                            let nodes = (level &* treesPerLevel &+ tree) &* splitsPerTree
                                            var node = 0
                                            for _ in 0..<depth {
                                                let split = splits[nodes &+ node]
                                                let left = values[Int(split.a)] - values[Int(split.b)] > split.threshold
                                                // 2i+1 or 2i+2 without a branch (the comparisons are unpredictable; a branch
                                                // here doubles the predictor's time)
                                                node = 2 &* node &+ 2 &- Int(unsafeBitCast(left, to: UInt8.self))
                                            }
                                            reached[tree] = node &- splitsPerTree
                                        }
                                        // shape += the reached leaves, in tree order as dlib adds them (same Float sums)
                                        for tree in 0..<treesPerLevel {
                                            let leaf =
                                                ((level &* treesPerLevel &+ tree) &* (splitsPerTree &+ 1)
                                                    &+ reached[tree]) &* leafSize
                                            for k in 0..<leafSize { shape[k] += leaves[leaf &+ k] }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        return (0..<pointCount).map { i in
            Point(
                x: Float(left + Double(shape[2 * i]) * scaleX + 0.5),
                y: Float(top + Double(shape[2 * i + 1]) * scaleY + 0.5))
        }
    }

    /// The rotation-and-scale matrix [[a, -b], [b, a]] of the least-squares similarity transform
    /// taking the points `from` to the points `to` (x0, y0, x1, y1, …), computed in Double and
    /// rounded to Float as dlib's `find_similarity_transform` (Umeyama's method gives the same).
    static func similarity(from: [Float], to: UnsafeBufferPointer<Float>) -> (a: Float, b: Float) {
        let n = from.count / 2
        var fromX = 0.0
        var fromY = 0.0
        var toX = 0.0
        var toY = 0.0
        for i in 0..<n {
            fromX += Double(from[2 * i])
            fromY += Double(from[2 * i + 1])
            toX += Double(to[2 * i])
            toY += Double(to[2 * i + 1])
        }
        fromX /= Double(n)
        fromY /= Double(n)
        toX /= Double(n)
        toY /= Double(n)
        var norm = 0.0
        var dot = 0.0
        var cross = 0.0
        for i in 0..<n {
            let fx = Double(from[2 * i]) - fromX
            let fy = Double(from[2 * i + 1]) - fromY
            let tx = Double(to[2 * i]) - toX
            let ty = Double(to[2 * i + 1]) - toY
            norm += fx * fx + fy * fy
            dot += fx * tx + fy * ty
            cross += fx * ty - fy * tx
        }
        guard norm > 0 else { return (1, 0) }
        return (Float(dot / norm), Float(cross / norm))
    }
}
