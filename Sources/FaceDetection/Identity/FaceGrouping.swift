/// Sorts faces into people by their descriptors: agglomerative clustering with average linkage, cut
/// at ``distance``.
///
/// Every face starts as a person of its own; the two people whose faces are closest on average (the
/// mean ``FaceDescriptor/distance(to:)`` over all pairs of their faces) merge, again and again, while
/// that mean is at most ``distance``. A face with no other face within ``distance`` stays alone. Unlike
/// single-edge methods (Chinese whispers, single linkage), one close pair does not join two people:
/// a merge needs the faces to be close as a whole, so groups do not chain.
///
/// Cost: all pairs of descriptors are compared in blocks; the blocks spread over `threads`. Faces
/// linked by pairs within ``distance`` form parts, each clustered on its own with its distance matrix;
/// a part of more than ``largestMatrixPart`` faces (one person's thousands of photos, or people chained
/// into one part) is clustered with average linkage over squared distances instead, from each
/// group's sum of descriptors (`SquaredLinkage`). Memory grows with the number of faces, plus the
/// square of ``largestMatrixPart`` per thread, never with the square of the number of faces.
///
/// The result does not depend on the order of the input apart from the numbering of the groups
/// (by first appearance) and exact ties between mean distances (the lowest index wins).
/// All descriptors must have the same number of components (one model's).
public struct FaceGrouping: Sendable {
    /// The cut of the SFace descriptors of the descriptor stage, chosen on a development set
    /// (docs/identity.md, "Grouping").
    public static let defaultDistance: Float = 1.05

    /// The largest mean distance between two people's faces at which they are merged into one.
    public var distance: Float

    /// The most faces in one part (faces linked by pairs within ``distance``) clustered with a
    /// distance matrix (`4 · n²` bytes for each of two matrices); larger parts are clustered from
    /// their groups' sums of descriptors.
    public static let largestMatrixPart = 4096

    /// ``largestMatrixPart``, lowered by the tests.
    var matrixPartLimit = FaceGrouping.largestMatrixPart

    /// Grouping that merges people whose faces lie on average within `distance` of each other.
    public init(distance: Float = FaceGrouping.defaultDistance) {
        self.distance = distance
    }

    /// For each descriptor, its person: group numbers `0..<count`, numbered in order of first appearance.
    /// `progress(done, total)` is called (from any thread) as the comparison of all pairs advances.
    public func groups(
        _ descriptors: [FaceDescriptor], threads: Int = 1,
        progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil
    ) -> [Int] {
        assign(descriptors, to: [], threads: threads, progress: progress)
    }

    /// Incremental grouping: `known[k]` holds person k's descriptors; each of `new` gets a known
    /// person's index, or `known.count + j` for the j-th new person found among the new faces (numbered
    /// in order of first appearance). The same clustering as ``groups(_:threads:progress:)`` over all
    /// the faces, except that known people start as groups and never merge with each other: a new
    /// face joins the known person whose faces are closest on average, if within ``distance`` (or joins
    /// them through other new faces).
    public func assign(
        _ new: [FaceDescriptor], to known: [[FaceDescriptor]], threads: Int = 1,
        progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil
    ) -> [Int] {
        guard !new.isEmpty else { return [] }
        let dimension = new[0].count
        let people = known.count
        // Points: the known people's faces person by person, then the new faces; each starts in its
        // cluster: known person k is cluster k, new face j cluster people + j.
        var flat: [Float] = []
        var clusterOf: [Int] = []
        var lists = [[Int]](repeating: [], count: people + new.count)
        for (k, faces) in known.enumerated() {
            for face in faces {
                precondition(face.count == dimension, "descriptors of different lengths")
                lists[k].append(clusterOf.count)
                clusterOf.append(k)
                flat += face.values
            }
        }
        let fixed = clusterOf.count
        for (j, face) in new.enumerated() {
            precondition(face.count == dimension, "descriptors of different lengths")
            lists[people + j].append(clusterOf.count)
            clusterOf.append(people + j)
            flat += face.values
        }
        let (values, members) = (flat, lists)
        let pairs = DescriptorPairs.links(
            values, count: clusterOf.count, dimension: dimension,
            minimumDot: DescriptorPairs.minimumDot(within: distance), fixed: fixed, threads: threads,
            progress: progress)
        // Parts: the clusters linked by pairs within the distance (union-find, roots the lowest index).
        var root = Array(0..<members.count)
        func find(_ a: Int) -> Int {
            var a = a
            while root[a] != a {
                root[a] = root[root[a]]
                a = root[a]
            }
            return a
        }
        for (p, q) in pairs {
            let (a, b) = (find(clusterOf[p]), find(clusterOf[q]))
            if a != b { root[max(a, b)] = min(a, b) }
        }
        var parts: [Int: [Int]] = [:]
        for c in members.indices where !members[c].isEmpty { parts[find(c), default: []].append(c) }
        let linked = parts.values.filter { $0.count > 1 }.sorted { $0[0] < $1[0] }
        // Each linked part clustered on its own: for each of its clusters, the cluster it ends in.
        let cut = distance
        let limit = matrixPartLimit
        let endings = parallelMap(count: linked.count, threads: threads) { n -> [Int] in
            let part = linked[n]
            let points = part.flatMap { members[$0] }
            let m = points.count
            let fixedCount = part.prefix { $0 < people }.count
            if m > limit {
                return SquaredLinkage.merge(
                    clusters: part.map { members[$0] }, values: values, dimension: dimension,
                    fixedCount: fixedCount, cut: cut
                ).map { part[$0] }
            }
            var local = [[Int]]()
            var start = 0
            for c in part {
                local.append(Array(start..<(start + members[c].count)))
                start += members[c].count
            }
            var distances = [Float](repeating: 0, count: m * m)
            for a in 0..<m {
                for b in (a + 1)..<max(m, a + 1) {
                    let dot = DescriptorPairs.dot(values, points[a], points[b], dimension: dimension)
                    let e = max(0, 2 - 2 * dot).squareRoot()
                    distances[a * m + b] = e
                    distances[b * m + a] = e
                }
            }
            return AverageLinkage.merge(
                clusters: local, distances: distances, points: m, fixedCount: fixedCount, cut: cut
            ).map { part[$0] }
        }
        var ending = Array(0..<members.count)
        for (n, part) in linked.enumerated() {
            for (i, c) in part.enumerated() { ending[c] = endings[n][i] }
        }
        var numbers: [Int: Int] = [:]
        return (0..<new.count).map { j in
            let end = ending[people + j]
            if end < people { return end }
            if let number = numbers[end] { return number }
            let number = people + numbers.count
            numbers[end] = number
            return number
        }
    }
}
