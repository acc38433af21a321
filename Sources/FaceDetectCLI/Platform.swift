// The C library, for the whole tool: this is the one file of FaceDetectCLI that imports it (glibc
// or musl on Linux, libSystem on macOS), and it re-exports it, so that the other files of the module
// call POSIX (threads, signals, processes, files) directly. The tool's library is not an API (its
// only public symbol is `FaceDetectTool.main()`; its clients are the `facedetect` executable, its
// tests and the fuzz targets), so the re-export reaches no embedder; the libraries, FaceDetection
// and FaceDetectionIO, import the C library internally and declare what they use. The tool would
// have to declare 92 names so, in each branch, and rename its `stat` and `sigaction` calls (a C
// type and a C function of one name cannot both be declared in Swift): docs/platforms.md. What differs
// between the C libraries is below, in one place: every other file of the tool calls these. Built
// and tested on glibc only (docs/platforms.md).

#if canImport(Glibc)
    @_exported import Glibc
#elseif canImport(Musl)
    @_exported import Musl
#elseif canImport(Darwin)
    @_exported import Darwin
#endif

#if canImport(Glibc)
    /// A thread's handle as `pthread_create` fills it in (a number on glibc, a pointer elsewhere).
    typealias ThreadHandle = pthread_t
    /// `posix_spawn`'s file actions (a struct on Linux, a pointer that `posix_spawn_file_actions_init` sets on Darwin).
    typealias SpawnFileActions = posix_spawn_file_actions_t
    /// `posix_spawn`'s attributes (a struct on Linux, a pointer that `posix_spawnattr_init` sets on Darwin).
    typealias SpawnAttributes = posix_spawnattr_t
#elseif canImport(Musl)
    typealias ThreadHandle = pthread_t?
    typealias SpawnFileActions = posix_spawn_file_actions_t
    typealias SpawnAttributes = posix_spawnattr_t
#else
    typealias ThreadHandle = pthread_t?
    typealias SpawnFileActions = posix_spawn_file_actions_t?
    typealias SpawnAttributes = posix_spawnattr_t?
#endif

/// A handle for `pthread_create` to fill in.
func emptyThreadHandle() -> ThreadHandle {
    #if canImport(Glibc)
        return pthread_t()
    #else
        return nil
    #endif
}

/// File actions and attributes for `posix_spawn_file_actions_init` and `posix_spawnattr_init` to set up.
func emptySpawnSettings() -> (SpawnFileActions, SpawnAttributes) {
    #if canImport(Darwin)
        return (nil, nil)
    #else
        return (posix_spawn_file_actions_t(), posix_spawnattr_t())
    #endif
}

/// The argument of a thread's start routine, which Linux passes as an optional pointer and Darwin
/// as a pointer (`pthread_create` was given one, so it is never nil).
func threadArgument(_ raw: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer { raw! }

/// This process's environment, for a child (`environ`; Darwin reaches it through `_NSGetEnviron`).
func processEnvironment() -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
    #if canImport(Darwin)
        return _NSGetEnviron().pointee
    #else
        return environ
    #endif
}

/// Sets the plain signal handler (`sa_handler`) of `action`, a field each C library nests differently.
func setHandler(of action: inout sigaction, to handler: @escaping @convention(c) (Int32) -> Void) {
    #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = handler
    #elseif canImport(Musl)
        action.__sa_handler.sa_handler = handler
    #else
        action.__sigaction_u.__sa_handler = handler
    #endif
}

/// Makes condition variables made with `attributes` time their waits on the monotonic clock, where
/// the system lets them choose (not on Darwin, whose relative timed wait needs no clock).
func useMonotonicClock(_ attributes: inout pthread_condattr_t) {
    #if !canImport(Darwin)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
    #endif
}

/// `pthread_cond_timedwait` for at most `seconds` from now (on the monotonic clock, which
/// `useMonotonicClock` chose for `condition`); false when the time ran out.
func timedWait(
    _ condition: UnsafeMutablePointer<pthread_cond_t>, _ mutex: UnsafeMutablePointer<pthread_mutex_t>,
    seconds: Double
) -> Bool {
    var deadline = timespec()
    #if canImport(Darwin)
        // Darwin's timed wait takes a relative time.
        deadline.tv_sec = Int(seconds)
        deadline.tv_nsec = Int((seconds - Double(Int(seconds))) * 1e9)
        return pthread_cond_timedwait_relative_np(condition, mutex, &deadline) == 0
    #else
        clock_gettime(CLOCK_MONOTONIC, &deadline)
        let nanoseconds = Int(deadline.tv_nsec) + Int(seconds * 1e9)
        deadline.tv_sec += nanoseconds / 1_000_000_000
        deadline.tv_nsec = nanoseconds % 1_000_000_000
        return pthread_cond_timedwait(condition, mutex, &deadline) == 0
    #endif
}
