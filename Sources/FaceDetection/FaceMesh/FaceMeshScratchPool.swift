import Synchronization

/// Scratch memory that mesh passes take and give back, kept by the network so that a sequence of
/// faces, photos or `FaceDetector` calls reuses it: no allocation (and no zero-filling of a few
/// megabytes) per face once a thread has run one. Concurrent passes each get their own.
final class FaceMeshScratchPool: Sendable {
    /// The free scratches.
    private let free = Mutex<[FaceMeshScratch]>([])
    /// Scratches kept for reuse at most (one per batch thread, typically; about 2.5 MB each).
    private let keep = 8

    /// An empty pool.
    init() {}

    /// A free scratch, or a new (empty) one.
    func take() -> FaceMeshScratch {
        free.withLock { $0.popLast() } ?? FaceMeshScratch()
    }

    /// Returns `scratch` for reuse.
    func giveBack(_ scratch: consuming FaceMeshScratch) {
        let kept = consume scratch
        free.withLock { free in
            if free.count < keep { free.append(kept) }
        }
    }
}
