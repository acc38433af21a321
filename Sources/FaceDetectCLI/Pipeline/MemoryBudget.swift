/// An amount of memory (pixels decoded, or bytes of files read) that the worker threads may hold
/// at once: a worker reserves what one image needs before allocating it and gives it back when
/// the image is done, waiting while others hold too much. One image needing more than the whole
/// budget takes all of it, so it runs alone. Ordinary photos (a few megabytes and megapixels
/// each) never wait; two huge ones are processed one after the other, whatever `--threads` is.
/// A worker takes the file budget before the pixel budget and releases both at the end of the
/// image, so waits always end.
final class MemoryBudget: @unchecked Sendable {
    // @unchecked: `available` is only read and written with `condition` locked.

    /// Guards `available` and wakes the waiting workers.
    private let condition = ThreadCondition()
    /// The amount not reserved.
    private var available: Int
    /// The whole budget.
    let total: Int

    /// A budget of `total` units.
    init(total: Int) {
        self.total = total
        available = total
    }

    /// Waits until `amount` (at most the whole budget) is free and takes it; returns the amount
    /// taken, to give back with `release`.
    func reserve(_ amount: Int) -> Int {
        let wanted = min(max(amount, 0), total)
        condition.lock()
        while available < wanted { condition.wait() }
        available -= wanted
        condition.unlock()
        return wanted
    }

    /// Gives back `amount` taken by `reserve`.
    func release(_ amount: Int) {
        guard amount > 0 else { return }
        condition.lock()
        available += amount
        condition.broadcast()
        condition.unlock()
    }
}
