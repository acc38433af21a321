import Dispatch

extension CNNScratch {
    /// `body(scratch, k)` for k in 0..<count, spread over up to `threads` threads (Dispatch's
    /// `concurrentPerform`), each thread with its own scratch; the results in index order.
    static func parallelMap<T: Sendable>(count: Int, threads: Int,
                                         _ body: @Sendable (inout CNNScratch, Int) -> T) -> [T] {
        let workers = min(max(1, threads), count)
        guard workers > 1 else {
            var scratch = CNNScratch()
            return (0..<count).map { body(&scratch, $0) }
        }
        let slots = UnsafeMutableBufferPointer<T?>.allocate(capacity: count)
        slots.initialize(repeating: nil)
        defer { slots.deinitialize(); slots.deallocate() }
        let writer = SlotWriter(slots: slots)
        // Worker w fills indices w, w + workers, …: disjoint slots, so no locking.
        DispatchQueue.concurrentPerform(iterations: workers) { w in
            var scratch = CNNScratch()
            for k in stride(from: w, to: count, by: workers) { writer.slots[k] = body(&scratch, k) }
        }
        return slots.map { $0! }
    }
}

/// Result slots that worker threads write at disjoint indices.
private struct SlotWriter<T>: @unchecked Sendable {
    let slots: UnsafeMutableBufferPointer<T?>
}
