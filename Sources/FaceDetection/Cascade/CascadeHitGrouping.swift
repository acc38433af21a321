/// Merges overlapping cascade hits into faces, like OpenCV's `groupRectangles`: hits whose
/// four edges all lie within `eps · mean(min widths, min heights)` of each other join one group
/// (transitively); a group becomes the average rectangle, keeps its hit count (neighbours) and
/// its best last-stage sum; groups with at most `minNeighbors` hits, and small groups lying inside
/// a stronger one, are dropped.
struct CascadeHitGrouping {
    /// One merged group.
    struct Group: Sendable, Equatable {
        var x: Int, y: Int, width: Int, height: Int
        /// Number of hits merged.
        var neighbors: Int
        /// The best last-stage sum among the hits.
        var bestStageSum: Double
    }

    /// The groups of `hits`.
    static func group(_ hits: [CascadeHit], minNeighbors: Int, eps: Double = 0.2) -> [Group] {
        let n = hits.count
        if n == 0 { return [] }
        // union-find over "similar" pairs; hits sorted by x so the inner loop can stop early
        let order = hits.indices.sorted { hits[$0].x < hits[$1].x }
        let maxWidth = hits.map(\.width).max()!
        let maxHeight = hits.map(\.height).max()!
        let reach = Int((eps * Double(maxWidth + maxHeight) * 0.5).rounded(.up)) + 1
        var parent = Array(0..<n)
        func root(_ i: Int) -> Int {
            var i = i
            while parent[i] != i {
                parent[i] = parent[parent[i]]
                i = parent[i]
            }
            return i
        }
        for a in 0..<n {
            let r1 = hits[order[a]]
            var b = a + 1
            while b < n, hits[order[b]].x - r1.x <= reach {
                let r2 = hits[order[b]]
                let delta = eps * Double(min(r1.width, r2.width) + min(r1.height, r2.height)) * 0.5
                if Double(abs(r1.x - r2.x)) <= delta, Double(abs(r1.y - r2.y)) <= delta,
                    Double(abs(r1.x + r1.width - r2.x - r2.width)) <= delta,
                    Double(abs(r1.y + r1.height - r2.y - r2.height)) <= delta
                {
                    let p = root(order[a])
                    let q = root(order[b])
                    if p != q { parent[max(p, q)] = min(p, q) }
                }
                b += 1
            }
        }
        // sum the members of each group
        var label = [Int](repeating: -1, count: n)
        var sums: [(x: Int, y: Int, w: Int, h: Int, count: Int, best: Double)] = []
        for i in 0..<n {
            let r = root(i)
            if label[r] < 0 {
                label[r] = sums.count
                sums.append((0, 0, 0, 0, 0, -Double.infinity))
            }
            let g = label[r]
            let h = hits[i]
            sums[g].x += h.x
            sums[g].y += h.y
            sums[g].w += h.width
            sums[g].h += h.height
            sums[g].count += 1
            sums[g].best = max(sums[g].best, h.lastStageSum)
        }
        let groups = sums.map { s in
            let k = 1 / Double(s.count)
            return Group(
                x: Int((Double(s.x) * k).rounded(.toNearestOrEven)),
                y: Int((Double(s.y) * k).rounded(.toNearestOrEven)),
                width: Int((Double(s.w) * k).rounded(.toNearestOrEven)),
                height: Int((Double(s.h) * k).rounded(.toNearestOrEven)),
                neighbors: s.count, bestStageSum: s.best)
        }
        // drop weak groups and small groups inside stronger ones
        var kept: [Group] = []
        for (i, g) in groups.enumerated() where g.neighbors > minNeighbors {
            let inside = groups.enumerated().contains { j, o in
                guard j != i, o.neighbors > minNeighbors else { return false }
                let dx = Int((Double(o.width) * eps).rounded(.toNearestOrEven))
                let dy = Int((Double(o.height) * eps).rounded(.toNearestOrEven))
                return g.x >= o.x - dx && g.y >= o.y - dy && g.x + g.width <= o.x + o.width + dx
                    && g.y + g.height <= o.y + o.height + dy && (o.neighbors > max(3, g.neighbors) || g.neighbors < 3)
            }
            if !inside { kept.append(g) }
        }
        return kept
    }
}
