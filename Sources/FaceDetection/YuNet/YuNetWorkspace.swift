import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The working memory of one YuNet pass: every feature map and the per-strip scratch, in one
/// block of floats that is reused from call to call (no allocation or first-touch page faults
/// per photo once a workspace of the size exists).
final class YuNetWorkspace: @unchecked Sendable {
    // Safety: one pass at a time owns a workspace: the pool hands each out to a single taker and
    // keeps it only once given back, so its floats are never touched by two passes at once.
    /// The floats.
    let floats: UnsafeMutablePointer<Float>
    /// How many.
    let capacity: Int

    /// A workspace of `capacity` floats, left as the system gives them: every layer writes its
    /// rows before any is read, so zeroing would only touch every page once more.
    /// On Linux the block is aligned to 2 MB, so that where the system gives every large block
    /// transparent huge pages it can. It is not marked for them (`madvise(MADV_HUGEPAGE)`): with
    /// Debian's default `defrag` setting such a fault compacts memory on the spot, and a 12 MP
    /// search that takes 0.53-0.59 s took up to 1.6 s (docs/defaults.md).
    init(capacity: Int) {
        self.capacity = capacity
        #if canImport(Glibc)
            var raw: UnsafeMutableRawPointer? = nil
            let bytes = capacity * MemoryLayout<Float>.stride
            guard posix_memalign(&raw, Self.hugePage, bytes) == 0, let raw else {
                fatalError("YuNetWorkspace: out of memory for \(bytes) bytes")
            }
            floats = raw.bindMemory(to: Float.self, capacity: capacity)
        #else
            floats = .allocate(capacity: capacity)
        #endif
    }

    /// Bytes in a huge page (x86-64 and most arm64 Linux).
    private static let hugePage = 2 << 20

    deinit {
        #if canImport(Glibc)
            free(floats)
        #else
            floats.deallocate()
        #endif
    }
}

/// Workspaces that passes take and give back, so that concurrent `detect` calls (batch threads)
/// each get their own and a sequence of photos reuses them.
final class YuNetWorkspacePool: Sendable {
    /// The free workspaces.
    private let free = Mutex<[YuNetWorkspace]>([])
    /// Workspaces kept for reuse at most (one per batch thread, typically).
    private let keep = 8
    /// Larger workspaces (floats) are not kept: one huge photo does not pin its memory. A 12 MP
    /// photo's (4032×3024: about 32 M floats, 130 MB, with the first layers streamed) is kept,
    /// so a batch of phone photos faults its maps in once, not once per photo.
    private let largest = 36 << 20

    /// A workspace of at least `count` floats: the smallest free one that fits, or a new one
    /// rounded up to a whole million floats so that photos of similar sizes share it.
    func take(count: Int) -> YuNetWorkspace {
        let reused = free.withLock { free -> YuNetWorkspace? in
            let fitting = free.indices.filter { free[$0].capacity >= count }
            return fitting.min { free[$0].capacity < free[$1].capacity }.map { free.remove(at: $0) }
        }
        return reused ?? YuNetWorkspace(capacity: (count + (1 << 20) - 1) / (1 << 20) * (1 << 20))
    }

    /// Returns `workspace` for reuse.
    func giveBack(_ workspace: YuNetWorkspace) {
        guard workspace.capacity <= largest else { return }
        free.withLock { free in
            free.append(workspace)
            if free.count > keep { free.remove(at: free.indices.min { free[$0].capacity < free[$1].capacity }!) }
        }
    }
}
