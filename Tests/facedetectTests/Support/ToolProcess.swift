import Foundation

/// Runs the built `facedetect` binary as a child process, as a user would (the way
/// swift-argument-parser tests its example tools).
enum ToolProcess {
    /// What one run printed and returned.
    struct Result {
        /// The exit status.
        var status: Int32
        /// Everything written to standard output.
        var standardOutput: String
        /// Everything written to standard error.
        var standardError: String
        /// Standard error split into lines, without the empty last one.
        var errorLines: [String] { standardError.split(separator: "\n").map(String.init) }
        /// Standard output split into lines.
        var outputLines: [String] { standardOutput.split(separator: "\n").map(String.init) }
    }

    /// The flags plumbing tests (paths, outputs, batches, errors) add so that they run the cheapest
    /// detector and skip landmarks and attributes; tests of those, and a few end-to-end runs, leave them out.
    /// The one place to change when the cheapest detector changes.
    static let plumbingFlags = ["--detector", "cascade", "--landmarks", "none", "--classification", "none"]

    /// The package root: the nearest folder above this file that holds `Package.swift`.
    static let packageRoot: URL = {
        var url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while url.path != "/"
            && !FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path)
        {
            url.deleteLastPathComponent()
        }
        return url
    }()

    /// The binary: `$FACEDETECT_BINARY`, or `facedetect` beside the test bundle, or in
    /// `.build/debug` of this package.
    static let binary: URL = {
        if let path = ProcessInfo.processInfo.environment["FACEDETECT_BINARY"] {
            return URL(fileURLWithPath: path)
        }
        var folders: [URL] = []
        #if os(macOS)
            for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
                folders.append(bundle.bundleURL.deletingLastPathComponent())
            }
        #endif
        folders.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
        folders.append(Bundle.main.bundleURL)
        folders.append(packageRoot.appendingPathComponent(".build/debug"))
        for folder in folders {
            let candidate = folder.appendingPathComponent("facedetect")
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory),
                !isDirectory.boolValue,
                FileManager.default.isExecutableFile(atPath: candidate.path)
            {
                return candidate
            }
        }
        return folders.last!.appendingPathComponent("facedetect")
    }()

    /// A `script` for `run` that runs the tool under RLIMIT_FSIZE `bytes` (a multiple of 512:
    /// POSIX sh counts `ulimit -f` in 512-byte blocks), which also bounds its standard output and
    /// error files. Children of the test runner start with SIGXFSZ ignored (seen: an unfixed tool
    /// survived); GNU env restores the default action, a kill, so that only the tool's own
    /// handling can save it.
    static func fileSizeLimited(_ bytes: Int) -> String {
        "ulimit -f \(bytes / 512) && exec env --default-signal=XFSZ \"$0\" \"$@\""
    }

    /// Runs the tool with `arguments` in `directory`, `input` on its standard input and
    /// `environment` added to its environment; kills it after `timeout` seconds (a hang is a
    /// failure, reported as status -1). With `script`, `/bin/sh` runs that script instead, in
    /// which `"$0" "$@"` is the tool with `arguments` (e.g. `fileSizeLimited(_:)`).
    static func run(
        _ arguments: [String], in directory: URL? = nil, input: String? = nil,
        environment: [String: String] = [:], timeout: Double = 120, script: String? = nil
    ) throws -> Result {
        if let script {
            return try run(
                executable: URL(fileURLWithPath: "/bin/sh"), ["-c", script, binary.path] + arguments, in: directory,
                input: input, environment: environment, timeout: timeout)
        }
        return try run(
            executable: binary, arguments, in: directory, input: input, environment: environment, timeout: timeout)
    }

    /// Runs `executable` with `arguments` in `directory`, `input` on its standard input and
    /// `environment` added to its environment; kills it after `timeout` seconds (a hang is a
    /// failure, reported as status -1). The tool's runs and a test's other child processes (the
    /// browser) go through it.
    static func run(
        executable: URL, _ arguments: [String], in directory: URL? = nil, input: String? = nil,
        environment: [String: String] = [:], timeout: Double = 120
    ) throws -> Result {
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("facedetect-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outURL = scratch.appendingPathComponent("stdout")
        let errURL = scratch.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)

        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        process.standardOutput = out
        process.standardError = err
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        if let input {
            let inputURL = scratch.appendingPathComponent("stdin")
            try Data(input.utf8).write(to: inputURL)
            process.standardInput = try FileHandle(forReadingFrom: inputURL)
        } else {
            process.standardInput = FileHandle.nullDevice
        }
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(5_000) }
        let hung = process.isRunning
        if hung { process.terminate() }
        process.waitUntilExit()
        try out.close()
        try err.close()
        return Result(
            status: hung ? -1 : process.terminationStatus,
            standardOutput: try String(contentsOf: outURL, encoding: .utf8),
            standardError: try String(contentsOf: errURL, encoding: .utf8))
    }
}

extension ToolProcess {
    /// The exit status of `executable` run with `arguments` (standard error silenced): for a
    /// test's setup, not the tool.
    static func exitStatus(of executable: String, _ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}

/// Calls `body` with a fresh temporary directory and removes it afterwards.
func withTemporaryDirectory<T>(_ body: (URL) throws -> T) throws -> T {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("facedetect-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: url) }
    return try body(url)
}

extension URL {
    /// The folder `path` below this one, created with its parents if it is not there yet.
    func folder(_ path: String) throws -> URL {
        let url = appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
