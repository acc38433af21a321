/// The tool's exit statuses (`--help` lists them).
enum ExitStatus: Int32, Sendable {
    /// Everything worked (with `-q`: a face was found).
    case success = 0
    /// At least one input failed; the others were still processed.
    case inputFailed = 1
    /// With `-q`: no face was found.
    case noFace = 2
    /// Stopped by Ctrl-C (SIGINT) after finishing the images in flight (128 + 2).
    case interrupted = 130
    /// Stopped by SIGTERM after finishing the images in flight (128 + 15).
    case terminated = 143
    /// The command line is wrong (as BSD's `EX_USAGE`).
    case usage = 64
    /// The build needs CPU features that this machine lacks (as BSD's `EX_UNAVAILABLE`).
    case unsupportedCPU = 69
}
