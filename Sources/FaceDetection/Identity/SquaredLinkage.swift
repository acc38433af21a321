/// Agglomerative clustering of unit vectors with average linkage over squared distances, cut at a
/// distance, by the nearest-neighbour chain: two clusters merge while the mean squared distance between
/// their members is at most `cut²`, the closest pair first. For unit vectors that mean is
/// `2 − 2 · (Σa · Σb) / (|A| · |B|)` (Σ the sum of a cluster's members), so each cluster is kept as its
/// sum and size: memory grows with the number of points, not its square. ``FaceGrouping`` uses it
/// for a part of faces linked by close pairs that is too large for ``AverageLinkage``'s distance
/// matrix. The mean squared distance is at least the square of the mean distance, so it merges no pair
/// that average linkage at the same cut would keep apart on its own. Some starting clusters may be
/// marked as fixed people, which never merge with each other. Ties go to the lowest index.
enum SquaredLinkage {
    /// Merges `clusters` (lists of rows of `values`, `dimension` numbers each, unit vectors) and
    /// returns, for each cluster, the index of the first cluster of its final group. Clusters below
    /// `fixedCount` never merge with each other.
    static func merge(clusters: [[Int]], values: [Float], dimension: Int, fixedCount: Int, cut: Float) -> [Int] {
        let k = clusters.count
        var size = clusters.map { Float($0.count) }
        // sums[a · dimension + c]: component c of the sum of cluster a's members
        var sums = [Float](repeating: 0, count: k * dimension)
        for (a, members) in clusters.enumerated() {
            for p in members {
                for c in 0..<dimension { sums[a * dimension + c] += values[p * dimension + c] }
            }
        }
        let limit = cut * cut
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
            let (nearest, best) = nearestCluster(
                to: a, previous: previous, sums: sums, size: size, active: active, dimension: dimension,
                fixedCount: fixedCount)
            if nearest < 0 || best > limit {
                // Nothing within the cut: under average linkage no later merge brings one closer.
                active[a] = false
                chain.removeLast()
                continue
            }
            if nearest == previous {
                chain.removeLast(2)
                let (keep, gone) = (min(a, nearest), max(a, nearest))
                for c in 0..<dimension { sums[keep * dimension + c] += sums[gone * dimension + c] }
                size[keep] += size[gone]
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

    /// The active cluster other than `a` with the least mean squared distance to `a` (`previous` on a
    /// tie, else the lowest index), and that distance; two fixed clusters are never each other's.
    static func nearestCluster(
        to a: Int, previous: Int, sums: [Float], size: [Float], active: [Bool], dimension: Int, fixedCount: Int
    ) -> (Int, Float) {
        var nearest = -1
        var best = Float.infinity
        sums.withUnsafeBufferPointer { s in
            let row = s.baseAddress! + a * dimension
            for c in 0..<active.count where c != a && active[c] && (a >= fixedCount || c >= fixedCount) {
                let other = s.baseAddress! + c * dimension
                // the dot product of the two sums, in 8 interleaved partial sums
                var lanes = SIMD8<Float>()
                var x = 0
                while x + 8 <= dimension {
                    lanes +=
                        UnsafeRawPointer(row + x).loadUnaligned(as: SIMD8<Float>.self)
                        * UnsafeRawPointer(other + x).loadUnaligned(as: SIMD8<Float>.self)
                    x += 8
                }
                var dot = lanes.sum()
                while x < dimension {
                    dot += row[x] * other[x]
                    x += 1
                }
                let e = max(0, 2 - 2 * dot / (size[a] * size[c]))
                if e < best || (e == best && c == previous) {
                    best = e
                    nearest = c
                }
            }
        }
        return (nearest, best)
    }

    /// `merge`'s scalar twin for the tests: the closest pair of clusters merged first, again and
    /// again, with every mean squared distance summed over the member pairs.
    static func mergeScalar(clusters: [[Int]], values: [Float], dimension: Int, fixedCount: Int, cut: Float) -> [Int] {
        var groups = clusters.indices.map { [$0] }
        var owner = Array(clusters.indices)
        func mean(_ x: [Int], _ y: [Int]) -> Float {
            var sum: Float = 0
            var pairs: Float = 0
            for a in x.flatMap({ clusters[$0] }) {
                for b in y.flatMap({ clusters[$0] }) {
                    sum += max(0, 2 - 2 * DescriptorPairs.dot(values, a, b, dimension: dimension))
                    pairs += 1
                }
            }
            return sum / pairs
        }
        while true {
            var best = (Float.infinity, -1, -1)
            for x in groups.indices {
                for y in groups.indices where x < y && (groups[x][0] >= fixedCount || groups[y][0] >= fixedCount) {
                    let e = mean(groups[x], groups[y])
                    if e < best.0 { best = (e, x, y) }
                }
            }
            guard best.1 >= 0, best.0 <= cut * cut else { break }
            let (x, y) = (best.1, best.2)
            groups[x] = (groups[x] + groups[y]).sorted()
            groups.remove(at: y)
        }
        for g in groups { for c in g { owner[c] = g[0] } }
        return owner
    }
}
