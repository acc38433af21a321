import Synchronization

/// The pairs of descriptors close enough to be one person, found among all pairs without a distance
/// matrix: the descriptors (rows of `values`, `dimension` numbers each) are multiplied by blocks of
/// `columns` of them at a time with the 1×1 convolution's matrix kernel (`PointwiseConvolution.row`,
/// rows × columns dot products), and each block's products are scanned for those at or above
/// `minimumDot` (the cosine of the distance: `distance² = 2 − 2 · dot`). Memory: one block of
/// products per thread, not n². ``links(_:count:dimension:minimumDot:fixed:threads:progress:)`` keeps
/// only a spanning forest of each block's pairs, so its memory stays bounded when most pairs are close
/// (one person's thousands of faces).
enum DescriptorPairs {
    /// Descriptors per column block: a multiple of 64, as the AVX-512 kernel needs.
    static let columns = 256
    /// Descriptors per row chunk of a column block (a chunk's products: `rows × columns` floats).
    static let rows = 1024

    /// The smallest dot product of two unit vectors at most `distance` apart.
    static func minimumDot(within distance: Float) -> Float { 1 - distance * distance / 2 }

    /// Every pair `(i, j)`, `i < j < count`, with `j ≥ fixed` (pairs of two rows below `fixed` are
    /// left out), whose dot product is at least `minimumDot`; ordered by `j`'s block, then `i`, then `j`.
    /// `values` holds `count × dimension` numbers. `progress(done, total)` counts column blocks.
    static func find(
        _ values: [Float], count: Int, dimension: Int, minimumDot: Float, fixed: Int = 0, threads: Int = 1,
        progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil
    ) -> [(Int, Int)] {
        guard count > 1, dimension > 0 else { return [] }
        let blocks = (count + columns - 1) / columns
        let done = Mutex(0)
        let found = parallelMap(
            count: blocks, threads: threads,
            makeState: { BlockScratch(dimension: dimension) }
        ) { scratch, block -> [(Int, Int)] in
            var list = PairList()
            blockPairs(
                values, count: count, dimension: dimension, minimumDot: minimumDot, fixed: fixed,
                block: block, scratch: &scratch, into: &list)
            let pairs = list.pairs
            if let progress {
                let finished = done.withLock { n in
                    n += 1
                    return n
                }
                progress(finished, blocks)
            }
            return pairs
        }
        return found.flatMap { $0 }
    }

    /// Pairs `(i, j)` with `i` and `j` linked the same way as by `find`'s pairs (the same connected
    /// parts), but at most `count − 1` per column block: each block's pairs reduced to a spanning
    /// forest as they are found. Memory: `count` numbers per thread and the forests' edges.
    static func links(
        _ values: [Float], count: Int, dimension: Int, minimumDot: Float, fixed: Int = 0, threads: Int = 1,
        progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil
    ) -> [(Int, Int)] {
        guard count > 1, dimension > 0 else { return [] }
        let blocks = (count + columns - 1) / columns
        let done = Mutex(0)
        let found = parallelMap(
            count: blocks, threads: threads,
            makeState: { (BlockScratch(dimension: dimension), Forest(count: count)) }
        ) { state, block -> [(Int, Int)] in
            blockPairs(
                values, count: count, dimension: dimension, minimumDot: minimumDot, fixed: fixed,
                block: block, scratch: &state.0, into: &state.1)
            let edges = state.1.takeEdges()
            if let progress {
                let finished = done.withLock { n in
                    n += 1
                    return n
                }
                progress(finished, blocks)
            }
            return edges
        }
        return found.flatMap { $0 }
    }

    /// Where a block's pairs go.
    protocol PairSink {
        /// Takes the pair `(i, j)`, `i < j`.
        mutating func add(_ i: Int, _ j: Int)
    }

    /// Every pair, in the order found.
    struct PairList: PairSink {
        var pairs: [(Int, Int)] = []
        mutating func add(_ i: Int, _ j: Int) { pairs.append((i, j)) }
    }

    /// The pairs that join two trees of a union-find over `count` points (a spanning forest of the
    /// pairs added); `takeEdges` returns them and resets the points touched.
    struct Forest: PairSink {
        var parent: [Int32]
        var touched: [Int32] = []
        var edges: [(Int, Int)] = []

        init(count: Int) { parent = [Int32](repeating: -1, count: count) }

        mutating func root(_ a: Int) -> Int {
            var a = a
            while parent[a] >= 0 {
                let up = Int(parent[a])
                if parent[up] >= 0 { parent[a] = parent[up] }
                a = up
            }
            return a
        }

        mutating func add(_ i: Int, _ j: Int) {
            let (a, b) = (root(i), root(j))
            guard a != b else { return }
            parent[max(a, b)] = Int32(min(a, b))
            touched.append(Int32(max(a, b)))
            edges.append((i, j))
        }

        mutating func takeEdges() -> [(Int, Int)] {
            for t in touched { parent[Int(t)] = -1 }
            touched.removeAll(keepingCapacity: true)
            defer { edges = [] }
            return edges
        }
    }

    /// Scratch memory of one worker: a packed column block, a zero bias and a chunk of products.
    struct BlockScratch {
        var packed: [Float]
        var zeros: [Float]
        var products: [Float]

        init(dimension: Int) {
            packed = [Float](repeating: 0, count: dimension * columns)
            zeros = [Float](repeating: 0, count: columns)
            products = [Float](repeating: 0, count: rows * columns)
        }
    }

    /// `find`'s pairs whose larger index lies in column block `block`, into `sink`.
    static func blockPairs<Sink: PairSink>(
        _ values: [Float], count: Int, dimension: Int, minimumDot: Float, fixed: Int, block: Int,
        scratch: inout BlockScratch, into sink: inout Sink
    ) {
        let first = block * columns
        let end = min(first + columns, count)
        guard end > fixed, end > 1 else { return }
        values.withUnsafeBufferPointer { v in
            // packed[c · columns + o] = values[(first + o) · dimension + c], zero past the last descriptor
            for o in 0..<columns {
                let j = first + o
                for c in 0..<dimension { scratch.packed[c * columns + o] = j < end ? v[j * dimension + c] : 0 }
            }
            let rowEnd = end - 1
            var r0 = 0
            while r0 < rowEnd {
                let r1 = min(r0 + rows, rowEnd)
                scratch.packed.withUnsafeBufferPointer { packed in
                    scratch.zeros.withUnsafeBufferPointer { zeros in
                        scratch.products.withUnsafeMutableBufferPointer { products in
                            PointwiseConvolution.row(
                                v.baseAddress! + r0 * dimension, pixels: r1 - r0, inputs: dimension,
                                weights: packed.baseAddress!, bias: zeros.baseAddress!, outputs: columns,
                                into: products.baseAddress!)
                        }
                    }
                }
                scratch.products.withUnsafeBufferPointer { products in
                    for i in r0..<r1 {
                        let low = max(i + 1, fixed, first)
                        guard low < end else { continue }
                        let row = (i - r0) * columns - first
                        // pairs (i, j) of this row whose dot product reaches minimumDot
                        for j in low..<end where products[row + j] >= minimumDot { sink.add(i, j) }
                    }
                }
                r0 = r1
            }
        }
    }

    /// `find`'s scalar twin: every pair's dot product summed in turn, for the tests.
    static func findScalar(
        _ values: [Float], count: Int, dimension: Int, minimumDot: Float, fixed: Int = 0
    ) -> [(Int, Int)] {
        var pairs: [(Int, Int)] = []
        for j in max(fixed, 1)..<max(count, 1) {
            for i in 0..<j where dot(values, i, j, dimension: dimension) >= minimumDot { pairs.append((i, j)) }
        }
        return pairs
    }

    /// The dot product of rows `i` and `j` of `values`.
    static func dot(_ values: [Float], _ i: Int, _ j: Int, dimension: Int) -> Float {
        var sum: Float = 0
        for c in 0..<dimension { sum += values[i * dimension + c] * values[j * dimension + c] }
        return sum
    }
}
