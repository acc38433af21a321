import Foundation

/// Debian's Chromium, run headless on a local page: the DOM after the page's scripts and image
/// loads have run (`--dump-dom` with a virtual-time budget), or a screenshot. A real browser, for
/// the people page's test; CI installs the `chromium` package (`.ci/run`).
enum HeadlessChromium {
    /// What went wrong running the browser.
    struct Failure: Error, CustomStringConvertible {
        /// What happened, with the browser's standard error.
        let description: String
    }

    /// The browser: `$FACEDETECT_CHROMIUM`, or `chromium` on the `PATH`.
    static var executable: String {
        if let path = ProcessInfo.processInfo.environment["FACEDETECT_CHROMIUM"] { return path }
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":")
        for folder in folders where FileManager.default.isExecutableFile(atPath: "\(folder)/chromium") {
            return "\(folder)/chromium"
        }
        return "/usr/bin/chromium"
    }

    /// The serialised DOM of the page `file` once loaded, its scripts run and its images loaded
    /// (virtual time lets the browser finish every fetch first), in a `width` × `height` window.
    static func dom(of file: URL, width: Int = 1280, height: Int = 2400) throws -> String {
        try run(["--dump-dom", file.absoluteString], width: width, height: height)
    }

    /// Writes a PNG screenshot of the page `file` in a `width` × `height` window to `png`.
    static func screenshot(of file: URL, to png: URL, width: Int = 1024, height: Int = 640) throws {
        _ = try run(
            ["--screenshot=\(png.path)", "--hide-scrollbars", file.absoluteString], width: width, height: height)
        guard FileManager.default.fileExists(atPath: png.path) else {
            throw Failure(description: "chromium wrote no screenshot to \(png.path)")
        }
    }

    /// Runs the browser headless with `arguments` after the common flags, in a profile of its own
    /// (removed afterwards); its standard output, or a failure with its standard error.
    private static func run(_ arguments: [String], width: Int, height: Int, timeout: Double = 60) throws -> String {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("chromium-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let flags = [
            "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
            "--user-data-dir=\(scratch.appendingPathComponent("profile").path)",
            "--window-size=\(width),\(height)", "--virtual-time-budget=10000",
        ]
        let result: ToolProcess.Result
        do {
            result = try ToolProcess.run(
                executable: URL(fileURLWithPath: executable), flags + arguments, timeout: timeout)
        } catch {
            throw Failure(description: "cannot run \(executable) (Debian's chromium package): \(error)")
        }
        guard result.status == 0 else {
            let what = result.status == -1 ? "hung for \(timeout) s" : "exited with status \(result.status)"
            throw Failure(description: "\(executable) \(what): \(result.standardError.suffix(2000))")
        }
        return result.standardOutput
    }
}
