extension CascadeProgram {
    /// OpenCV's normalisation factors of eight windows (1 where A·Σx² − (Σx)² ≤ 0) and the lanes
    /// that pass the variance test (standard deviation > 10 grey levels), as a lane mask; SIMD
    /// twin of `normalization(sum:squares:at:)`.
    @inline(__always)
    func normalization8<L: CascadeLanes>(_ lanes: L, sum s: UnsafePointer<Int32>, squares q: UnsafePointer<Int32>)
        -> (factor: SIMD8<Float>, passed: SIMD8<Int32>)
    {
        let valueSum = SIMD8<Double>(
            lanes.load(s, innerA) &- lanes.load(s, innerB) &- lanes.load(s, innerC) &+ lanes.load(s, innerD))
        let squareBits =
            lanes.load(q, innerA) &- lanes.load(q, innerB) &- lanes.load(q, innerC) &+ lanes.load(q, innerD)
        let squareSum = SIMD8<Double>(SIMD8<UInt32>(truncatingIfNeeded: squareBits))
        // nf is an exact integer, so nf > 0 ⟺ nf > 0.5
        let nf = innerArea * squareSum - valueSum * valueSum
        let positive = laneLess(SIMD8<Double>(repeating: 0.5), nf)
        let factor = SIMD8<Float>(1 / pointwiseMax(nf, SIMD8<Double>(repeating: 1)).squareRoot())
        let spread = laneLess(innerArea * SIMD8<Double>(factor), SIMD8<Double>(repeating: 0.1))
        return (factor, positive & spread)
    }

    /// The weighted rectangle sums of node `n`'s feature for eight windows (SIMD twin of `featureSum`).
    @inline(__always)
    static func featureSum8<L: CascadeLanes>(_ n: Node, _ lanes: L, _ s: UnsafePointer<Int32>) -> SIMD8<Float> {
        let r0 =
            lanes.load(s, Int(n.a0)) &- lanes.load(s, Int(n.b0)) &- lanes.load(s, Int(n.c0)) &+ lanes.load(s, Int(n.d0))
        let r1 =
            lanes.load(s, Int(n.a1)) &- lanes.load(s, Int(n.b1)) &- lanes.load(s, Int(n.c1)) &+ lanes.load(s, Int(n.d1))
        var v = n.w0 * SIMD8<Float>(r0) + n.w1 * SIMD8<Float>(r1)
        if n.hasThirdRect {
            let r2 =
                lanes.load(s, Int(n.a2)) &- lanes.load(s, Int(n.b2)) &- lanes.load(s, Int(n.c2))
                &+ lanes.load(s, Int(n.d2))
            v += n.w2 * SIMD8<Float>(r2)
        }
        return v
    }

    /// The sum of stage `si`'s leaves for eight windows with normalisation `factor`
    /// (SIMD twin of one iteration of `runStages`; Double lanes, as OpenCV).
    @inline(__always)
    func stageSum8<L: CascadeLanes>(
        _ si: Int, _ lanes: L, _ s: UnsafePointer<Int32>, factor: SIMD8<Float>,
        _ nodes: UnsafeBufferPointer<Node>, _ weaks: UnsafeBufferPointer<Weak>,
        _ leaves: UnsafeBufferPointer<Float>
    ) -> SIMD8<Double> {
        let stage = stages[si]
        var stageSum = SIMD8<Double>(repeating: 0)
        // stageSum += the leaf each window reaches, tree after tree
        for wi in stage.firstWeak..<(stage.firstWeak + stage.weakCount) {
            let weak = weaks[wi]
            let first = Int(weak.firstNode)
            let leaf = Int(weak.firstLeaf)
            if weak.isStump {
                let n = nodes[first]
                let goLeft = laneLess(Self.featureSum8(n, lanes, s) * factor, SIMD8<Float>(repeating: n.threshold))
                stageSum += SIMD8<Double>(
                    laneSelect(goLeft, SIMD8<Float>(repeating: leaves[leaf]), SIMD8<Float>(repeating: leaves[leaf + 1]))
                )
            } else {
                // walk every lane down the tree: node codes ≥ 0, leaf l coded as −1 − l
                var code = SIMD8<Int32>(repeating: 0)
                var leafCount = 0
                for j in 0..<Int(weak.nodeCount) {
                    let n = nodes[first + j]
                    let goLeft = laneLess(Self.featureSum8(n, lanes, s) * factor, SIMD8<Float>(repeating: n.threshold))
                    let left = n.left > 0 ? n.left : -1 + n.left
                    let right = n.right > 0 ? n.right : -1 + n.right
                    leafCount = max(leafCount, Int(-min(left, right)))
                    let next = laneSelect(goLeft, SIMD8<Int32>(repeating: left), SIMD8<Int32>(repeating: right))
                    code = laneSelect(laneEqual(code, SIMD8<Int32>(repeating: Int32(j))), next, code)
                }
                var value = SIMD8<Float>()
                for l in 0..<leafCount {
                    value = laneSelect(
                        laneEqual(code, SIMD8<Int32>(repeating: Int32(-1 - l))),
                        SIMD8<Float>(repeating: leaves[leaf + l]), value)
                }
                stageSum += SIMD8<Double>(value)
            }
        }
        return stageSum
    }
}
