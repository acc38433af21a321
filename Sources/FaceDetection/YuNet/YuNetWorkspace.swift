/// The working memory of one YuNet pass: every feature map and the per-strip scratch, in one
/// block of floats that is reused from call to call (no allocation or first-touch page faults
/// per photo once a workspace of the size exists).
final class YuNetWorkspace: @unchecked Sendable {
    // Safety: one pass at a time owns a workspace: its pool (`ScratchPool`) hands each out to a single taker and
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
        #if os(Linux)
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
        #if os(Linux)
            free(floats)
        #else
            floats.deallocate()
        #endif
    }
}
