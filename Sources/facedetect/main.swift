#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// Before anything of the core runs: a build for a newer CPU than this one says so and stops.
if let problem = BuildCPU.problem() {
    TextOutput.standardError().writeLine("facedetect: \(problem)")
    exit(ExitStatus.unsupportedCPU.rawValue)
}
// Past a file-size limit (`ulimit -f`), a write fails with EFBIG, reported like a full disk,
// instead of SIGXFSZ killing the tool with a temporary file left behind.
signal(SIGXFSZ, SIG_IGN)
exit(FaceDetectTool.run(arguments: Array(CommandLine.arguments.dropFirst())).rawValue)
