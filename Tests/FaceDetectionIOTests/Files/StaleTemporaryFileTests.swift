import Foundation
import Testing

@testable import FaceDetectionIO

/// A PID above Linux's largest possible `pid_max` (2^22): never a running process.
private let deadPID = 4_194_305

/// Temporary files of killed writers are recognised by name and removed only when stale; write
/// errors such as a full disk are reported.
struct StaleTemporaryFileTests {
    @Test func temporaryNamesCarryTheWritersPID() {
        let name = String(AtomicFileWriter.temporaryPath(for: "out/a.png").split(separator: "/").last!)
        #expect(name.hasPrefix(".a.png.tmp-"))
        #expect(AtomicFileWriter.writerProcess(ofTemporaryName: name) == getpid())
        for other in ["a.png.tmp-12-ab", ".a.png", ".a.png.tmp-", ".a.png.tmp-12", ".a.png.tmp-x1-ab", ".a.tmp-12-AB"] {
            #expect(AtomicFileWriter.writerProcess(ofTemporaryName: other) == nil, "\(other)")
        }
    }

    @Test func onlyOldFilesOfDeadWritersAreRemoved() throws {
        let directory = try FixturePaths.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let manager = FileManager.default
        let hourAgo = Date(timeIntervalSinceNow: -3600)
        func make(_ name: String, modified: Date?) throws {
            try Data("partial".utf8).write(to: URL(fileURLWithPath: directory + "/" + name))
            if let modified {
                try manager.setAttributes([.modificationDate: modified], ofItemAtPath: directory + "/" + name)
            }
        }
        try make(".a.png.tmp-\(deadPID)-k3x9", modified: hourAgo)  // stale: removed
        try make(".b.png.tmp-\(deadPID)-k3x9", modified: nil)  // dead writer, but fresh: kept
        try make(".c.png.tmp-\(getpid())-k3x9", modified: hourAgo)  // a live writer: kept
        try make(".notes.tmp", modified: hourAgo)  // not a temporary file's name: kept
        try manager.createDirectory(
            atPath: directory + "/.d.png.tmp-\(deadPID)-k3x9", withIntermediateDirectories: true)
        try manager.setAttributes([.modificationDate: hourAgo], ofItemAtPath: directory + "/.d.png.tmp-\(deadPID)-k3x9")
        let removed = AtomicFileWriter.removeStaleTemporaryFiles(inDirectory: directory)
        #expect(removed == [".a.png.tmp-\(deadPID)-k3x9"])
        #expect(
            try manager.contentsOfDirectory(atPath: directory).sorted() == [
                ".b.png.tmp-\(deadPID)-k3x9", ".c.png.tmp-\(getpid())-k3x9", ".d.png.tmp-\(deadPID)-k3x9", ".notes.tmp",
            ])
    }

    @Test(
        .enabled(
            if: FileManager.default.fileExists(atPath: "/dev/full"),
            "needs /dev/full (Linux), a device every write to fails"))
    func aFullDiskIsReportedByTheWriteLoop() {
        // The write loop every output goes through (images, CSV, JSON Lines) sees ENOSPC.
        let fd = open("/dev/full", O_WRONLY)
        defer { close(fd) }
        #expect(writeAll([UInt8](repeating: 7, count: 100_000), to: fd) == ENOSPC)
        #expect(describeSystemError(ENOSPC) == "no space left on device")
    }
}
