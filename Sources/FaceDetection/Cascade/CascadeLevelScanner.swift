/// Tests every window of one pyramid level, eight at a time in SIMD lanes.
///
/// A group of eight neighbouring windows goes through the variance test and the stages together
/// (vector loads) while at least `denseMinimum` of them are still alive; then its survivors
/// join a queue for their next stage, where they are evaluated eight at a time with per-lane
/// loads, together with survivors of other groups. Gives exactly the windows that
/// `CascadeProgram.evaluate(_:x:y:)` accepts.
struct CascadeLevelScanner {
    let program: CascadeProgram
    /// Fewest live lanes for which a group keeps going in vector loads (5 measured ~7 % faster
    /// than 3 on detection-dev photos; 7 about the same as 5).
    var denseMinimum: Int = 5

    /// Calls `found(x, y, lastStageSum)` for every window at positions that are multiples of
    /// `step` (1 or 2) that passes every stage.
    func scan(_ integral: IntegralImage, step: Int, found: (Int, Int, Double) -> Void) {
        precondition(integral.stride == program.stride && (step == 1 || step == 2))
        if step == 2 {
            scanRows(integral, lanes: AlternateLanes.self, found: found)
        } else {
            scanRows(integral, lanes: AdjacentLanes.self, found: found)
        }
    }

    private func scanRows<L: RowLanes>(_ integral: IntegralImage, lanes: L.Type, found: (Int, Int, Double) -> Void) {
        let stageCount = program.stages.count
        let positions =
            integral.width - program.windowWidth >= 0 ? (integral.width - program.windowWidth) / L.step + 1 : 0
        guard positions > 0, integral.height >= program.windowHeight else { return }
        let stride = program.stride
        integral.sum.withUnsafeBufferPointer { sb in
            integral.squares.withUnsafeBufferPointer { qb in
                program.nodes.withUnsafeBufferPointer { nodes in
                    program.weaks.withUnsafeBufferPointer { weaks in
                        program.leaves.withUnsafeBufferPointer { leaves in
                            // Safety: group origins have x ≤ width − windowWidth, corners are ≤ windowHeight·stride +
                            // windowWidth, so 16-lane loads end < (height + 1)·stride + 16 ≤ count (padding 32).
                            let s = sb.baseAddress!
                            let q = qb.baseAddress!
                            let queues = CascadeWindowQueues(
                                program: program, s: s, nodes: nodes, weaks: weaks, leaves: leaves)
                            let lane = SIMD8<Int32>(0, 1, 2, 3, 4, 5, 6, 7)
                            for y in Swift.stride(from: 0, through: integral.height - program.windowHeight, by: L.step)
                            {
                                var i = 0
                                // groups of eight windows along the row
                                while i < positions {
                                    let origin = y * stride + i * L.step
                                    let group = L(origin: origin)
                                    var (factor, alive) = program.normalization8(group, sum: s, squares: q)
                                    alive &= laneLess(lane, SIMD8<Int32>(repeating: Int32(positions - i)))
                                    var si = 0
                                    var sums = SIMD8<Double>()
                                    while si < stageCount {
                                        let live = laneCount(alive)
                                        if live == 0 { break }
                                        if live < denseMinimum {
                                            for k in 0..<8 where alive[k] != 0 {
                                                queues.push(si, origin + k * L.step, factor[k])
                                            }
                                            break
                                        }
                                        sums = program.stageSum8(si, group, s, factor: factor, nodes, weaks, leaves)
                                        alive &= ~laneLess(
                                            sums, SIMD8<Double>(repeating: Double(program.stages[si].threshold)))
                                        si += 1
                                    }
                                    if si == stageCount {
                                        for k in 0..<8 where alive[k] != 0 {
                                            found(i * L.step + k * L.step, y, sums[k])
                                        }
                                    }
                                    i += 8
                                }
                            }
                            queues.finish()
                            for (o, sum) in queues.accepted { found(o % stride, o / stride, sum) }
                        }
                    }
                }
            }
        }
    }
}
