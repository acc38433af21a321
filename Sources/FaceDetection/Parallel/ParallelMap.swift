import Dispatch

/// The one way this library spreads work over threads.
///
/// `parallelMap(count:threads:makeState:_:)` runs `body(&state, k)` for every `k` in `0..<count`
/// on up to `threads` threads (Dispatch's `concurrentPerform`); each worker thread makes its own
/// `state` (scratch memory, say) once and reuses it for all of its indices. Results come back in
/// index order, whatever the number of threads, so output never depends on scheduling.
func parallelMap<State, T: Sendable>(
    count: Int, threads: Int, makeState: @Sendable () -> State,
    _ body: @Sendable (inout State, Int) -> T
) -> [T] {
    let workers = min(max(1, threads), count)
    guard workers > 1 else {
        var state = makeState()
        return (0..<count).map { body(&state, $0) }
    }
    let slots = ResultSlots<T>(count: count)
    // Worker w fills indices w, w + workers, …: disjoint slots, so no locking.
    DispatchQueue.concurrentPerform(iterations: workers) { w in
        var state = makeState()
        for k in stride(from: w, to: count, by: workers) { slots.store(body(&state, k), at: k) }
    }
    return slots.results()
}

/// `parallelMap` without per-worker state.
func parallelMap<T: Sendable>(count: Int, threads: Int, _ body: @Sendable (Int) -> T) -> [T] {
    parallelMap(count: count, threads: threads, makeState: { () }) { _, k in body(k) }
}

/// Result slots that worker threads write at disjoint indices, then read once all have finished.
private final class ResultSlots<T>: @unchecked Sendable {
    // Safety: each index is written by exactly one worker, and read only after
    // `concurrentPerform` has returned (which orders every write before the reads).
    private let slots: UnsafeMutableBufferPointer<T?>

    init(count: Int) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: nil)
    }

    deinit {
        slots.deinitialize()
        slots.deallocate()
    }

    func store(_ value: T, at index: Int) { slots[index] = value }

    func results() -> [T] { slots.map { $0! } }
}
