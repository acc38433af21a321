import Synchronization

/// Ctrl-C (SIGINT) and `kill` (SIGTERM): the first one asks the run to stop feeding images; the
/// images in flight are finished and their records written whole, and the tool exits with
/// 128 + the signal number (130 for Ctrl-C). A second signal ends the process at once.
enum InterruptSignal {
    /// The signal received, 0 while none.
    private static let received = Atomic<Int32>(0)

    /// Installs the handler for SIGINT and SIGTERM (one-shot: the default action comes back).
    static func install() {
        _ = received.load(ordering: .relaxed)  // initialise the global before a handler can touch it
        var action = sigaction()
        setHandler(of: &action) { number in InterruptSignal.received.store(number, ordering: .relaxed) }
        action.sa_flags = Int32(truncatingIfNeeded: SA_RESETHAND)
        sigemptyset(&action.sa_mask)
        sigaction(SIGINT, &action, nil)
        sigaction(SIGTERM, &action, nil)
        // A parent may have left them blocked (the mask is inherited); they must get through.
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    }

    /// The signal that asked the run to stop, or `nil`.
    static var signal: Int32? {
        let number = received.load(ordering: .relaxed)
        return number == 0 ? nil : number
    }
}
