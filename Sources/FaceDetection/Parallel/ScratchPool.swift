import Synchronization

/// Working memory that passes take and give back, so that concurrent passes (batch threads) each
/// get their own and a sequence of photos or faces reuses it: no allocation, zero-filling or
/// first-touch page faults per pass once a thread has run one. The one pool of YuNet's workspaces
/// and the face mesh networks' scratch.
///
/// `size` measures a scratch (0 for all, the default, where scratch only grows as it is used):
/// `take(atLeast:)` hands out the smallest free one of at least the size asked for, or `make`'s
/// new one; `giveBack` keeps at most `keep` (the largest) and none larger than `largest`, so that
/// one huge photo does not pin its memory.
final class ScratchPool<Scratch: Sendable>: Sendable {
    /// The free scratches.
    private let free = Mutex<[Scratch]>([])
    /// Scratches kept for reuse at most (one per batch thread, typically).
    private let keep: Int
    /// Larger scratches are not kept.
    private let largest: Int
    /// The size of a scratch.
    private let size: @Sendable (Scratch) -> Int
    /// A new scratch of at least the size asked for.
    private let make: @Sendable (Int) -> Scratch

    /// An empty pool.
    init(
        keep: Int = 8, largest: Int = .max, size: @escaping @Sendable (Scratch) -> Int = { _ in 0 },
        make: @escaping @Sendable (_ minimumSize: Int) -> Scratch
    ) {
        (self.keep, self.largest, self.size, self.make) = (keep, largest, size, make)
    }

    /// The smallest free scratch of at least `minimum` size, or a new one.
    func take(atLeast minimum: Int = 0) -> Scratch {
        let reused = free.withLock { free -> Scratch? in
            let fitting = free.indices.filter { size(free[$0]) >= minimum }
            return fitting.min { size(free[$0]) < size(free[$1]) }.map { free.remove(at: $0) }
        }
        return reused ?? make(minimum)
    }

    /// Returns `scratch` for reuse.
    func giveBack(_ scratch: consuming Scratch) {
        let kept = consume scratch
        guard size(kept) <= largest else { return }
        free.withLock { free in
            free.append(kept)
            if free.count > keep { free.remove(at: free.indices.min { size(free[$0]) < size(free[$1]) }!) }
        }
    }

    /// `body` on a scratch of at least `minimum` size, taken for the call and given back after it.
    func withScratch<Result>(atLeast minimum: Int = 0, _ body: (inout Scratch) -> Result) -> Result {
        var scratch = take(atLeast: minimum)
        defer { giveBack(scratch) }
        return body(&scratch)
    }
}
