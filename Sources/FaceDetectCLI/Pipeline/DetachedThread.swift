/// Runs `body` on a new thread of its own that nobody joins (a POSIX detached thread): the
/// pipeline's reader and workers, the encoder's writer, a child process's standard-error reader.
/// They signal their end through the state they share (`ThreadCondition`, semaphores).
func startDetachedThread(_ body: @escaping @Sendable () -> Void) {
    let context = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
    defer { pthread_attr_destroy(&attributes) }
    var thread = emptyThreadHandle()
    let result = pthread_create(
        &thread, &attributes,
        { raw in
            let body = Unmanaged<ThreadBody>.fromOpaque(threadArgument(raw)).takeRetainedValue()
            body.run()
            return nil
        }, context)
    // Without a thread the pipeline cannot go on; the system is out of threads or memory.
    precondition(result == 0, "cannot start a thread (error \(result))")
}

/// The closure a new thread runs, boxed to cross `pthread_create`'s untyped argument.
private final class ThreadBody {
    /// What the thread runs.
    let run: @Sendable () -> Void
    /// Boxes `run`.
    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
}
