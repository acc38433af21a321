extension CNNScratch {
    /// `body(scratch, k)` for k in 0..<count, spread over up to `threads` threads by
    /// ``parallelMap(count:threads:makeState:_:)``, each thread with its own scratch; the results
    /// in index order.
    static func parallelMap<T: Sendable>(
        count: Int, threads: Int,
        _ body: @Sendable (inout CNNScratch, Int) -> T
    ) -> [T] {
        FaceDetection.parallelMap(count: count, threads: threads, makeState: { CNNScratch() }, body)
    }
}
