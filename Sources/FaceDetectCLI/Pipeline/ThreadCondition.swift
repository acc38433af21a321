/// A lock with a condition variable (POSIX `pthread_mutex_t` and `pthread_cond_t`), for the
/// pipeline's threads that wait for each other: the caller locks, waits until its predicate holds,
/// changes state, broadcasts and unlocks. Timed waits use the monotonic clock where the system
/// allows it, so that a change of the wall clock neither shortens nor stretches them.
final class ThreadCondition: @unchecked Sendable {
    // Safety: the mutex and the condition live in their own allocations, never move, and are
    // used only through the pthread calls below, which are thread-safe by contract.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    /// A new, unlocked condition.
    init() {
        pthread_mutex_init(mutex, nil)
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        useMonotonicClock(&attributes)
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    /// Takes the lock (waiting for it).
    func lock() { pthread_mutex_lock(mutex) }

    /// Gives the lock back.
    func unlock() { pthread_mutex_unlock(mutex) }

    /// Gives the lock back until another thread signals or broadcasts, then takes it again. May
    /// return without a signal: callers wait in a loop on their predicate.
    func wait() { pthread_cond_wait(condition, mutex) }

    /// `wait()` for at most `seconds`; false when the time ran out.
    func wait(seconds: Double) -> Bool { timedWait(condition, mutex, seconds: seconds) }

    /// Wakes one waiting thread.
    func signal() { pthread_cond_signal(condition) }

    /// Wakes every waiting thread.
    func broadcast() { pthread_cond_broadcast(condition) }
}
