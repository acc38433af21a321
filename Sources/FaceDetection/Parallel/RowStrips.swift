/// A pointer handed to worker threads that write disjoint parts of what it points to.
///
/// Safety: whoever makes one guarantees that the memory outlives the parallel call and that no two
/// workers write the same element (row strips: each worker writes only its own rows).
struct SharedPointer<T>: @unchecked Sendable {
    /// The address.
    let pointer: UnsafeMutablePointer<T>
    /// Wraps `pointer`.
    init(_ pointer: UnsafeMutablePointer<T>) { self.pointer = pointer }
}

/// How many strips `forEachRowStrip` cuts `rows` into: one per thread, but none shorter than
/// `minimumRows` (a strip re-computes the rows around its edges, so thin strips waste work).
func rowStripCount(rows: Int, threads: Int, minimumRows: Int) -> Int {
    max(1, min(threads, rows / max(1, minimumRows)))
}

/// Calls `body(strip, firstRow, endRow)` for consecutive strips of `0..<rows` (as even as whole rows
/// allow), strip `s` of `rowStripCount(…)` on its own thread through ``parallelMap(count:threads:_:)``.
func forEachRowStrip(
    rows: Int, threads: Int, minimumRows: Int = 4, _ body: @Sendable (_ strip: Int, _ start: Int, _ end: Int) -> Void
) {
    let strips = rowStripCount(rows: rows, threads: threads, minimumRows: minimumRows)
    if strips == 1 {
        body(0, 0, rows)
        return
    }
    _ = parallelMap(count: strips, threads: strips) { s in body(s, s * rows / strips, (s + 1) * rows / strips) }
}
