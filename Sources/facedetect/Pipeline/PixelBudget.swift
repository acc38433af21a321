import Foundation

/// The pixels that the worker threads may hold decoded at once: a worker reserves an image's
/// full width × height between its header and the end of its processing, and waits while other
/// images hold too much. With the budget at `--max-pixels` (100 megapixels, 300 MB of RGB, by
/// default), two huge images are never decoded side by side, whatever `--threads` is, while
/// ordinary photos (a few megapixels each) never wait.
final class PixelBudget: @unchecked Sendable {
    // @unchecked: `available` is only read and written with `condition` locked.

    /// Guards `available` and wakes the waiting workers.
    private let condition = NSCondition()
    /// The pixels not reserved.
    private var available: Int
    /// The whole budget.
    let total: Int

    /// A budget of `total` pixels.
    init(total: Int) {
        self.total = total
        available = total
    }

    /// Waits until `pixels` (at most the whole budget) are free and takes them; returns the
    /// number taken, to give back with `release`.
    func reserve(_ pixels: Int) -> Int {
        let wanted = min(max(pixels, 0), total)
        condition.lock()
        while available < wanted { condition.wait() }
        available -= wanted
        condition.unlock()
        return wanted
    }

    /// Gives back `pixels` taken by `reserve`.
    func release(_ pixels: Int) {
        guard pixels > 0 else { return }
        condition.lock()
        available += pixels
        condition.broadcast()
        condition.unlock()
    }
}
