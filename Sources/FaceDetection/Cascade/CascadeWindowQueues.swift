/// Windows waiting for their next stage, one queue per stage; a queue is evaluated as soon as
/// it holds eight windows (its survivors move on to the next queue), and `finish` drains them all.
final class CascadeWindowQueues {
    let program: CascadeProgram
    let s: UnsafePointer<Int32>
    let nodes: UnsafeBufferPointer<CascadeProgram.Node>
    let weaks: UnsafeBufferPointer<CascadeProgram.Weak>
    let leaves: UnsafeBufferPointer<Float>
    /// Windows that passed the last stage: table offset and last stage sum.
    var accepted: [(Int, Double)] = []
    /// Eight table offsets per stage.
    let origins: UnsafeMutablePointer<Int32>
    /// Eight normalisation factors per stage.
    let factors: UnsafeMutablePointer<Float>
    /// Windows waiting per stage.
    let counts: UnsafeMutablePointer<Int>

    init(
        program: CascadeProgram, s: UnsafePointer<Int32>, nodes: UnsafeBufferPointer<CascadeProgram.Node>,
        weaks: UnsafeBufferPointer<CascadeProgram.Weak>, leaves: UnsafeBufferPointer<Float>
    ) {
        self.program = program
        self.s = s
        self.nodes = nodes
        self.weaks = weaks
        self.leaves = leaves
        let n = program.stages.count
        origins = .allocate(capacity: n * 8)
        origins.initialize(repeating: 0, count: n * 8)
        factors = .allocate(capacity: n * 8)
        factors.initialize(repeating: 1, count: n * 8)
        counts = .allocate(capacity: n)
        counts.initialize(repeating: 0, count: n)
    }

    deinit {
        origins.deallocate()
        factors.deallocate()
        counts.deallocate()
    }

    /// Queues the window at table offset `origin` for stage `si`.
    @inline(__always)
    func push(_ si: Int, _ origin: Int, _ factor: Float) {
        let k = counts[si]
        origins[si * 8 + k] = Int32(origin)
        factors[si * 8 + k] = factor
        counts[si] = k + 1
        if k + 1 == 8 { run(si) }
    }

    /// Evaluates stage `si` on its queued windows and passes the survivors on.
    func run(_ si: Int) {
        let count = counts[si]
        if count == 0 { return }
        counts[si] = 0
        var o = SIMD8<Int32>()
        var f = SIMD8<Float>(repeating: 1)
        for k in 0..<8 {
            o[k] = origins[si * 8 + (k < count ? k : 0)]
            f[k] = factors[si * 8 + (k < count ? k : 0)]
        }
        let sums = program.stageSum8(si, ScatteredLanes(origins: o), s, factor: f, nodes, weaks, leaves)
        let threshold = Double(program.stages[si].threshold)
        for k in 0..<count where sums[k] >= threshold {
            if si + 1 == program.stages.count {
                accepted.append((Int(o[k]), sums[k]))
            } else {
                push(si + 1, Int(o[k]), f[k])
            }
        }
    }

    /// Drains every queue, earliest stage first.
    func finish() {
        for si in 0..<program.stages.count { run(si) }
    }
}
