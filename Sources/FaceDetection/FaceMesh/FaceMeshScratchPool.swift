import Foundation

/// Scratch memory that mesh passes take and give back, kept by the network so that a sequence of
/// faces, photos or `FaceDetector` calls reuses it: no allocation (and no zero-filling of a few
/// megabytes) per face once a thread has run one. Concurrent passes each get their own.
final class FaceMeshScratchPool: @unchecked Sendable {
    // Safety: `free` is only read or written with `lock` held.
    private let lock = NSLock()
    private var free: [FaceMeshScratch] = []
    /// Scratches kept for reuse at most (one per batch thread, typically; about 2.5 MB each).
    private let keep = 8

    /// An empty pool.
    init() {}

    /// A free scratch, or a new (empty) one.
    func take() -> FaceMeshScratch {
        lock.lock()
        defer { lock.unlock() }
        return free.popLast() ?? FaceMeshScratch()
    }

    /// Returns `scratch` for reuse.
    func giveBack(_ scratch: consuming FaceMeshScratch) {
        lock.lock()
        defer { lock.unlock() }
        if free.count < keep { free.append(scratch) }
    }
}
