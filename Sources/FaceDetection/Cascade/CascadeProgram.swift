/// A cascade laid out for integral images of one row stride: every split node carries the
/// table offsets of its feature's rectangle corners, so evaluating a window is loads and
/// arithmetic only. Built once per image (all pyramid levels share the stride).
struct CascadeProgram: Sendable {
    /// A split node with its feature inlined: rectangle `r` sums
    /// `t[a_r] − t[b_r] − t[c_r] + t[d_r]` relative to the window's top-left table entry.
    struct Node: Sendable {
        var a0: Int32, b0: Int32, c0: Int32, d0: Int32
        var a1: Int32, b1: Int32, c1: Int32, d1: Int32
        var a2: Int32, b2: Int32, c2: Int32, d2: Int32
        var w0: Float, w1: Float, w2: Float
        var threshold: Float
        var left: Int32, right: Int32
        var hasThirdRect: Bool
    }

    /// One weak classifier: its nodes and leaves; `isStump` when it is a single split with
    /// leaves 0 (left) and 1 (right).
    struct Weak: Sendable {
        var firstNode: Int32
        var firstLeaf: Int32
        var nodeCount: Int32
        var isStump: Bool
    }

    /// Result of evaluating one window.
    struct Outcome: Sendable, Equatable {
        /// Stages passed (equal to the stage count for a face).
        var stagesPassed: Int
        /// Sum of the last stage evaluated (OpenCV's `levelWeights`), 0 when the window was
        /// rejected by the variance test.
        var lastStageSum: Double
    }

    let stride: Int
    let windowWidth: Int
    let windowHeight: Int
    let nodes: [Node]
    let weaks: [Weak]
    let leaves: [Float]
    let stages: [CascadeClassifier.Stage]
    /// Corner offsets of the inner window (1, 1, W−2, H−2) used for the σ-normalisation.
    let innerA: Int, innerB: Int, innerC: Int, innerD: Int
    /// Pixel count of the inner window.
    let innerArea: Double

    init(_ cascade: CascadeClassifier, stride: Int) {
        self.stride = stride
        windowWidth = cascade.windowWidth
        windowHeight = cascade.windowHeight
        func corners(_ r: CascadeClassifier.WeightedRect) -> (Int32, Int32, Int32, Int32) {
            let top = r.y * stride + r.x
            let bottom = (r.y + r.height) * stride + r.x
            return (Int32(top), Int32(top + r.width), Int32(bottom), Int32(bottom + r.width))
        }
        nodes = cascade.nodes.map { n in
            let rects = cascade.features[n.feature].rects
            let zero = CascadeClassifier.WeightedRect(x: 0, y: 0, width: 0, height: 0, weight: 0)
            let r0 = rects[0]
            let r1 = rects.count > 1 ? rects[1] : zero
            let r2 = rects.count > 2 ? rects[2] : zero
            let (a0, b0, c0, d0) = corners(r0)
            let (a1, b1, c1, d1) = corners(r1)
            let (a2, b2, c2, d2) = corners(r2)
            return Node(
                a0: a0, b0: b0, c0: c0, d0: d0, a1: a1, b1: b1, c1: c1, d1: d1, a2: a2, b2: b2, c2: c2, d2: d2,
                w0: r0.weight, w1: r1.weight, w2: r2.weight,
                // −0 compares like +0 but keeps the SIMD sign test exact (see laneLess)
                threshold: n.threshold == 0 ? -0.0 : n.threshold,
                left: Int32(n.left), right: Int32(n.right), hasThirdRect: rects.count > 2)
        }
        weaks = cascade.weaks.map { w in
            let n = cascade.nodes[w.firstNode]
            return Weak(
                firstNode: Int32(w.firstNode), firstLeaf: Int32(w.firstLeaf), nodeCount: Int32(w.nodeCount),
                isStump: w.nodeCount == 1 && n.left == 0 && n.right == -1)
        }
        leaves = cascade.leaves
        stages = cascade.stages
        let top = stride + 1
        let bottom = (windowHeight - 1) * stride + 1
        innerA = top
        innerB = top + windowWidth - 2
        innerC = bottom
        innerD = bottom + windowWidth - 2
        innerArea = Double((windowWidth - 2) * (windowHeight - 2))
    }

    /// OpenCV's normalisation factor 1/√(A·Σx² − (Σx)²) of the window at `offset`, or nil when
    /// the window is too flat (standard deviation ≤ 10 grey levels).
    @inline(__always)
    func normalization(sum s: UnsafePointer<Int32>, squares q: UnsafePointer<Int32>, at o: Int) -> Float? {
        let valueSum = s[o + innerA] &- s[o + innerB] &- s[o + innerC] &+ s[o + innerD]
        let squareSum = UInt32(bitPattern: q[o + innerA] &- q[o + innerB] &- q[o + innerC] &+ q[o + innerD])
        let nf = innerArea * Double(squareSum) - Double(valueSum) * Double(valueSum)
        guard nf > 0 else { return nil }
        let factor = Float(1 / nf.squareRoot())
        return innerArea * Double(factor) < 0.1 ? factor : nil
    }

    /// The weighted rectangle sums of `node`'s feature for the window at `s`.
    @inline(__always)
    static func featureSum(_ n: Node, _ s: UnsafePointer<Int32>) -> Float {
        var v =
            n.w0 * Float(s[Int(n.a0)] &- s[Int(n.b0)] &- s[Int(n.c0)] &+ s[Int(n.d0)])
            + n.w1 * Float(s[Int(n.a1)] &- s[Int(n.b1)] &- s[Int(n.c1)] &+ s[Int(n.d1)])
        if n.hasThirdRect { v += n.w2 * Float(s[Int(n.a2)] &- s[Int(n.b2)] &- s[Int(n.c2)] &+ s[Int(n.d2)]) }
        return v
    }

    /// The sum of stage `si`'s leaves for the window whose top-left table entry is `s`, with
    /// normalisation `factor` (plain scalar reference, exactly OpenCV's arithmetic).
    @inline(__always)
    func stageSum(
        _ si: Int, window s: UnsafePointer<Int32>, factor: Float, nodes: UnsafeBufferPointer<Node>,
        weaks: UnsafeBufferPointer<Weak>, leaves: UnsafeBufferPointer<Float>
    ) -> Double {
        let stage = stages[si]
        var stageSum = 0.0
        // stageSum = Σ over the stage's trees of the leaf the window reaches
        for wi in stage.firstWeak..<(stage.firstWeak + stage.weakCount) {
            let weak = weaks[wi]
            if weak.isStump {
                let n = nodes[Int(weak.firstNode)]
                let value = Self.featureSum(n, s) * factor
                stageSum += Double(leaves[Int(weak.firstLeaf) + (value < n.threshold ? 0 : 1)])
            } else {
                var index: Int32 = 0
                repeat {
                    let n = nodes[Int(weak.firstNode + index)]
                    let value = Self.featureSum(n, s) * factor
                    index = value < n.threshold ? n.left : n.right
                } while index > 0
                stageSum += Double(leaves[Int(weak.firstLeaf - index)])
            }
        }
        return stageSum
    }

    /// Runs stages `firstStage...` on one window until one fails (scalar reference).
    func runStages(
        from firstStage: Int, window s: UnsafePointer<Int32>, factor: Float,
        nodes: UnsafeBufferPointer<Node>, weaks: UnsafeBufferPointer<Weak>,
        leaves: UnsafeBufferPointer<Float>
    ) -> Outcome {
        var sum = 0.0
        for si in firstStage..<stages.count {
            sum = stageSum(si, window: s, factor: factor, nodes: nodes, weaks: weaks, leaves: leaves)
            if sum < Double(stages[si].threshold) { return Outcome(stagesPassed: si, lastStageSum: sum) }
        }
        return Outcome(stagesPassed: stages.count, lastStageSum: sum)
    }

    /// Evaluates the window with top-left corner (`x`, `y`) of `integral` (scalar reference).
    func evaluate(_ integral: IntegralImage, x: Int, y: Int) -> Outcome {
        precondition(
            integral.stride == stride && x >= 0 && y >= 0 && x + windowWidth <= integral.width
                && y + windowHeight <= integral.height)
        let o = y * stride + x
        return integral.sum.withUnsafeBufferPointer { s in
            integral.squares.withUnsafeBufferPointer { q in
                nodes.withUnsafeBufferPointer { n in
                    weaks.withUnsafeBufferPointer { w in
                        leaves.withUnsafeBufferPointer { l in
                            // Safety: by the precondition o + any corner ≤ (y + windowHeight)·stride + x + windowWidth
                            // < (height + 1)·stride; node, weak and leaf indices are checked in CascadeClassifier.init.
                            guard let f = normalization(sum: s.baseAddress!, squares: q.baseAddress!, at: o) else {
                                return Outcome(stagesPassed: 0, lastStageSum: 0)
                            }
                            return runStages(
                                from: 0, window: s.baseAddress! + o, factor: f, nodes: n, weaks: w, leaves: l)
                        }
                    }
                }
            }
        }
    }
}
