/// Agglomerative clustering with average linkage (UPGMA) cut at a distance, by the nearest-neighbour
/// chain: two clusters merge while the mean distance between their members is at most `cut`, the
/// closest pair first. Some starting clusters may be marked as fixed people, which never merge with
/// each other (the incremental case). Works on one connected part of the graph of pairs within
/// `cut` at a time: a merge needs a member pair within `cut`, so no cluster spans two parts.
enum AverageLinkage {
    /// Merges `clusters` (lists of rows of `distances`, a `points × points` matrix, row-major) and
    /// returns, for each cluster, the index of the first cluster of its final group. Clusters below
    /// `fixedCount` never merge with each other. Ties go to the lowest index.
    static func merge(clusters: [[Int]], distances: [Float], points: Int, fixedCount: Int, cut: Float) -> [Int] {
        let k = clusters.count
        var size = clusters.map { Float($0.count) }
        // d[a · k + b]: the mean distance between the members of clusters a and b (∞ for two fixed ones)
        var d = [Float](repeating: 0, count: k * k)
        for a in 0..<k {
            for b in (a + 1)..<max(k, a + 1) {
                var mean = Float.infinity
                if a >= fixedCount || b >= fixedCount {
                    var sum: Float = 0
                    for p in clusters[a] { for q in clusters[b] { sum += distances[p * points + q] } }
                    mean = sum / (size[a] * size[b])
                }
                d[a * k + b] = mean
                d[b * k + a] = mean
            }
        }
        var owner = Array(0..<k)  // owner[a]: the cluster a was merged into (itself while active)
        var active = [Bool](repeating: true, count: k)
        var chain: [Int] = []
        var next = 0  // the lowest cluster that may still be active and unchained
        while true {
            if chain.isEmpty {
                while next < k && !active[next] { next += 1 }
                guard next < k else { break }
                chain.append(next)
            }
            let a = chain[chain.count - 1]
            let previous = chain.count >= 2 ? chain[chain.count - 2] : -1
            var nearest = -1
            var best = Float.infinity
            for c in 0..<k where c != a && active[c] {
                let e = d[a * k + c]
                if e < best || (e == best && c == previous) {
                    best = e
                    nearest = c
                }
            }
            if nearest < 0 || best > cut {
                // Nothing within the cut: under average linkage no later merge brings one closer.
                active[a] = false
                chain.removeLast()
                continue
            }
            if nearest == previous {
                chain.removeLast(2)
                let (keep, gone) = (min(a, nearest), max(a, nearest))
                let total = size[keep] + size[gone]
                for c in 0..<k where active[c] && c != keep && c != gone {
                    let merged = (size[keep] * d[keep * k + c] + size[gone] * d[gone * k + c]) / total
                    d[keep * k + c] = merged
                    d[c * k + keep] = merged
                }
                size[keep] = total
                active[gone] = false
                owner[gone] = keep
            } else {
                chain.append(nearest)
            }
        }
        // Follow each cluster to the one it ended in (owners only point to lower indices).
        for a in 0..<k where owner[a] != a { owner[a] = owner[owner[a]] }
        return owner
    }
}
