import Dispatch
import FaceDetectionIO
import Synchronization

/// A program run with pipes to its standard input and output (each only when asked for) and its
/// standard error collected (the last 4 KiB), in a process group of its own so that a Ctrl-C at
/// the terminal reaches only the tool, which then decides what the child does.
final class ChildProcess: @unchecked Sendable {
    /// A program that could not be started: `reason` says why ("ffmpeg not found", …).
    struct StartError: Error, CustomStringConvertible {
        /// Why.
        let reason: String
        /// The reason.
        var description: String { reason }
    }

    /// The child's process id.
    let pid: pid_t
    /// The write end of the child's standard input (−1 when it reads /dev/null); closed by `closeInput()`.
    private(set) var input: Int32
    /// The read end of the child's standard output (−1 when it writes to /dev/null).
    let output: Int32
    /// What the child wrote on standard error (its last 4 KiB), guarded for the reader thread.
    private let errorText = ErrorTail()
    /// Signalled when the reader thread has seen the end of standard error.
    private let errorDone = DispatchSemaphore(value: 0)
    /// The exit status once `wait()` has collected it (guarded by `waiting`).
    private var status: Int32?
    /// Serialises `wait()` and `terminate(with:)`: a reader thread and the main thread may both
    /// end the child.
    private let waiting = ThreadCondition()

    /// Starts `arguments[0]` (looked up in `PATH`) with `arguments`; `pipeInput` and `pipeOutput`
    /// say which of standard input and output are pipes to this process.
    init(_ arguments: [String], pipeInput: Bool, pipeOutput: Bool) throws(StartError) {
        var inputPipe: [Int32] = [-1, -1]
        var outputPipe: [Int32] = [-1, -1]
        var errorPipe: [Int32] = [-1, -1]
        func closeAll() {
            for fd in inputPipe + outputPipe + errorPipe where fd >= 0 { close(fd) }
        }
        if (pipeInput && pipe(&inputPipe) != 0) || (pipeOutput && pipe(&outputPipe) != 0) || pipe(&errorPipe) != 0 {
            closeAll()
            throw StartError(reason: "cannot start \(arguments[0]): " + describeSystemError(errno))
        }
        // The parent's ends must not leak into this or any other child.
        for fd in [inputPipe[1], outputPipe[0], errorPipe[0]] where fd >= 0 { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        #if os(Linux)
            // Frames are megabytes: a pipe of 1 MiB (Linux's default limit; 64 KiB otherwise) wakes
            // the reader and the writer a few times per frame instead of dozens (on the 720p clip of
            // docs/video.md, 12–14 thousand context switches instead of 37–39). Refused: the default.
            let setPipeSize: Int32 = 1031  // F_SETPIPE_SZ, which Glibc's Swift module leaves out
            for fd in [inputPipe[1], outputPipe[0]] where fd >= 0 { _ = fcntl(fd, setPipeSize, 1 << 20) }
        #endif

        var (actions, attributes) = emptySpawnSettings()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if pipeInput {
            posix_spawn_file_actions_adddup2(&actions, inputPipe[0], 0)
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        if pipeOutput {
            posix_spawn_file_actions_adddup2(&actions, outputPipe[1], 1)
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
        posix_spawn_file_actions_adddup2(&actions, errorPipe[1], 2)

        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Its own process group (Ctrl-C stays with the tool), default signal actions, nothing blocked.
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for number in [SIGINT, SIGTERM, SIGPIPE, SIGXFSZ] { sigaddset(&defaults, number) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(
            &attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        var cArguments: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for argument in cArguments { free(argument) } }
        var child: pid_t = 0
        let result = posix_spawnp(&child, arguments[0], &actions, &attributes, &cArguments, processEnvironment())
        // The child's ends belong to the child now.
        for fd in [inputPipe[0], outputPipe[1], errorPipe[1]] where fd >= 0 { close(fd) }
        guard result == 0 else {
            for fd in [inputPipe[1], outputPipe[0], errorPipe[0]] where fd >= 0 { close(fd) }
            let reason =
                result == ENOENT
                ? "\(arguments[0]) not found (install it, e.g. apt-get install ffmpeg)"
                : "cannot start \(arguments[0]): " + describeSystemError(result)
            throw StartError(reason: reason)
        }
        pid = child
        input = inputPipe[1]
        output = outputPipe[0]
        let errorFD = errorPipe[0]
        let text = errorText
        let done = errorDone
        startDetachedThread {
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(errorFD, $0.baseAddress, 4096) }
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { break }
                text.append(buffer[0..<count])
            }
            close(errorFD)
            done.signal()
        }
    }

    deinit {
        if input >= 0 { close(input) }
        if output >= 0 { close(output) }
    }

    /// Closes the child's standard input (end of data for a filter such as an encoder).
    func closeInput() {
        if input >= 0 { close(input) }
        input = -1
    }

    /// Sends `signal` to the child (e.g. SIGKILL to abandon its work).
    func terminate(with signal: Int32 = SIGKILL) {
        waiting.lock()
        defer { waiting.unlock() }
        if status == nil { _ = kill(pid, signal) }
    }

    /// Waits for the child to end and its standard error to close; returns its exit status
    /// (128 + the signal number when a signal ended it).
    @discardableResult
    func wait() -> Int32 {
        waiting.lock()
        defer { waiting.unlock() }
        if let status { return status }
        var raw: Int32 = 0
        while waitpid(pid, &raw, 0) < 0 && errno == EINTR {}
        errorDone.wait()
        let code: Int32 = (raw & 0x7F) == 0 ? (raw >> 8) & 0xFF : 128 + (raw & 0x7F)
        status = code
        return code
    }

    /// The last non-empty line the child wrote on standard error, if any.
    var lastErrorLine: String? { errorLines.last }

    /// The first non-empty line the child wrote on standard error, if any, without the address in
    /// ffmpeg's `[mp4 @ 0x55d0c8a1e2c0] ` prefix (`mp4: …`): where ffmpeg says what went wrong
    /// before its closing lines say that something did.
    var firstErrorLine: String? {
        guard var line = errorLines.first else { return nil }
        if line.hasPrefix("["), let at = line.firstIndex(of: "@"), let end = line.firstIndex(of: "]"), at < end {
            line = Self.trimmed(line[line.index(after: line.startIndex)..<at]) + ":" + line[line.index(after: end)...]
        }
        return line
    }

    /// `text` without leading and trailing white space.
    private static func trimmed(_ text: Substring) -> String {
        String(text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }

    /// The non-empty lines the child wrote on standard error, each trimmed.
    private var errorLines: [String] {
        let text = String(decoding: errorText.bytes, as: UTF8.self)
        return text.split(whereSeparator: { $0 == "\n" || $0 == "\r" }).map(Self.trimmed).filter { !$0.isEmpty }
    }

    /// Whether the child wrote anything on standard error.
    var wroteErrors: Bool { !errorText.bytes.isEmpty }

    /// Reads exactly `count` bytes of the child's standard output into `buffer` (from its start);
    /// returns how many were read before the end (less than `count` only at the end of the output).
    func readOutput(into buffer: UnsafeMutableRawBufferPointer, count: Int) -> Int {
        var done = 0
        while done < count {
            let got = read(output, buffer.baseAddress! + done, count - done)
            if got < 0 && errno == EINTR { continue }
            if got <= 0 { break }
            done += got
        }
        return done
    }

    /// Writes all of `bytes` to the child's standard input; `nil` on success, else the system
    /// error text (e.g. the child ended: "broken pipe").
    func writeInput(_ bytes: UnsafeRawBufferPointer) -> String? {
        var done = 0
        while done < bytes.count {
            let wrote = write(input, bytes.baseAddress! + done, bytes.count - done)
            if wrote < 0 && errno == EINTR { continue }
            if wrote <= 0 { return describeSystemError(errno) }
            done += wrote
        }
        return nil
    }
}

/// The last 4 KiB of a child's standard error, appended by its reader thread.
private final class ErrorTail: Sendable {
    /// The bytes kept.
    private let kept = Mutex<[UInt8]>([])
    /// Appends `bytes`, dropping the oldest beyond 4 KiB.
    func append(_ bytes: ArraySlice<UInt8>) {
        kept.withLock { collected in
            collected += bytes
            if collected.count > 4096 { collected.removeFirst(collected.count - 4096) }
        }
    }
    /// The bytes kept so far.
    var bytes: [UInt8] { kept.withLock { $0 } }
}
