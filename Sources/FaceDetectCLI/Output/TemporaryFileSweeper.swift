import FaceDetectionIO
import Synchronization

/// Removes, once per run and folder, the temporary files that a killed run left in a folder
/// this run writes into (`AtomicFileWriter.removeStaleTemporaryFiles`: a dead PID, untouched for
/// 10 minutes). Shared by the worker threads.
final class TemporaryFileSweeper: Sendable {
    /// The folders already swept in this run.
    private let swept = Mutex<Set<String>>([])

    /// Sweeps the folder that `path` will be written into, the first time it is asked.
    func sweepFolder(of path: String) {
        let folder = path.lastIndex(of: "/").map { String(path[...$0]) } ?? "."
        guard swept.withLock({ $0.insert(folder).inserted }) else { return }
        _ = AtomicFileWriter.removeStaleTemporaryFiles(inDirectory: folder)
    }
}
