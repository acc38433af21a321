import FaceDetectionIO
import Foundation
import Testing

/// Every file and folder below `directory`, as paths relative to it, sorted (hidden ones included).
/// (Written out: corelibs Foundation's directory enumerator garbles some deep relative paths.)
private func allFiles(in directory: URL, prefix: String = "") -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    var files: [String] = []
    for name in names {
        let url = directory.appendingPathComponent(name)
        files.append(prefix + name)
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue {
            files += allFiles(in: url, prefix: prefix + name + "/")
        }
    }
    return files.sorted()
}

/// The lines of a JSON Lines file, checking that it ends with a newline (no cut line).
private func wholeLines(_ url: URL) throws -> [[String: Any]] {
    let text = try String(contentsOf: url, encoding: .utf8)
    #expect(text.isEmpty || text.hasSuffix("\n"), "a cut last line: \(text)")
    return try TestInputs.records(text)
}

@Suite("output faults: one line naming the file, nothing partial left, whole JSON lines, the others go on")
struct OutputFaultTests {
    @Test func fileSizeLimitFailsOneOutputNotTheRun() throws {
        try withTemporaryDirectory { directory in
            // The astronaut's annotated PNG is far above 24 KiB, the small grey one below.
            try TestInputs.copyFixture("astronaut.png", to: directory.appendingPathComponent("big.png"))
            try TestInputs.writePlainPNG(to: directory.appendingPathComponent("small.png"), width: 40, height: 30)
            let result = try ToolProcess.run(
                ["big.png", "small.png", "-o", "out", "--json", "log.jsonl", "--min-face-size", "0.9"]
                    + ToolProcess.plumbingFlags,
                in: directory, script: ToolProcess.fileSizeLimited(24 * 1024))
            #expect(result.status == 1, "\(result.standardError)")
            #expect(
                result.errorLines.first == "error: out/big.png: cannot write: file too large", "\(result.errorLines)")
            #expect(result.errorLines.last == "  out/big.png: cannot write: file too large")
            #expect(allFiles(in: directory.appendingPathComponent("out")) == ["small.png"])
            let records = try wholeLines(directory.appendingPathComponent("log.jsonl"))
            #expect(records.map { $0["file"] as? String } == ["big.png", "small.png"])
            #expect(records.map { $0["error"] as? String } == ["out/big.png: cannot write: file too large", nil])
        }
    }

    @Test func aJPEGOutputAtTheFileSizeLimitLeavesNothing() throws {
        try withTemporaryDirectory { directory in
            // Grace Hopper's annotated JPEG is far above 24 KiB.
            try TestInputs.copyFixture("grace_hopper.jpg", to: directory.appendingPathComponent("in.jpg"))
            let result = try ToolProcess.run(
                ["in.jpg", "-o", "out.jpg", "--min-face-size", "0.9"] + ToolProcess.plumbingFlags, in: directory,
                script: ToolProcess.fileSizeLimited(24 * 1024))
            #expect(result.status == 1, "\(result.standardError)")
            #expect(result.errorLines.first == "error: out.jpg: cannot write: file too large", "\(result.errorLines)")
            #expect(allFiles(in: directory) == ["in.jpg"])
        }
    }

    /// Whether a tmpfs can be mounted for the tool: root, util-linux's `unshare`, and a mount
    /// namespace allowed (a container may refuse it), tried once.
    static let canMountTmpfs: Bool = {
        guard geteuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare") else { return false }
        return
            (try? withTemporaryDirectory { directory in
                try ToolProcess.exitStatus(
                    of: "/usr/bin/unshare",
                    ["--mount", "/bin/mount", "-t", "tmpfs", "-o", "size=4k", "tmpfs", directory.path])
            }) == 0
    }()

    /// Runs the tool in `directory` with a `size` tmpfs on its folder `full`, in a mount namespace of
    /// its own; what the tool left there is copied to `seen` before the namespace, and the tmpfs,
    /// go away; the test fails when the tmpfs could not be mounted.
    private func runWithFullDisk(_ arguments: [String], size: String, in directory: URL) throws -> ToolProcess.Result {
        for name in ["full", "seen"] {
            _ = try directory.folder(name)
        }
        let inside =
            "mount -t tmpfs -o size=\(size) tmpfs full || exit 99; \"$0\" \"$@\"; s=$?; cp -a full/. seen/; exit $s"
        let result = try ToolProcess.run(
            arguments + ToolProcess.plumbingFlags, in: directory, environment: ["INSIDE": inside],
            script: "exec unshare --mount /bin/sh -c \"$INSIDE\" \"$0\" \"$@\"")
        try #require(result.status != 99, "the tmpfs could not be mounted")
        return result
    }

    @Test(.enabled(if: canMountTmpfs, "needs root and a mount namespace for a small tmpfs"))
    func aFullDiskFailsOneOutputNotTheRun() throws {
        try withTemporaryDirectory { directory in
            try TestInputs.copyFixture("astronaut.png", to: directory.appendingPathComponent("big.png"))
            try TestInputs.writePlainPNG(to: directory.appendingPathComponent("small.png"), width: 40, height: 30)
            // 96 KiB: room for the small image and the log, not for the astronaut's.
            let result = try runWithFullDisk(
                ["big.png", "small.png", "-o", "full", "--json", "full/log.jsonl", "--min-face-size", "0.9"],
                size: "96k", in: directory)
            #expect(result.status == 1, "\(result.standardError)")
            #expect(result.errorLines.first == "error: full/big.png: cannot write: no space left on device")
            let seen = directory.appendingPathComponent("seen")
            #expect(allFiles(in: seen) == ["log.jsonl", "small.png"])
            let records = try wholeLines(seen.appendingPathComponent("log.jsonl"))
            #expect(
                records.map { $0["error"] as? String } == ["full/big.png: cannot write: no space left on device", nil])
        }
    }

    @Test(.enabled(if: canMountTmpfs, "needs root and a mount namespace for a small tmpfs"))
    func jsonLogOnAFullDiskKeepsWholeLines() throws {
        try withTemporaryDirectory { directory in
            // 40 records of about 130 bytes do not fit in one 4 KiB page.
            let inputs = (0..<40).map { "p\($0).png" }
            try TestInputs.writePlainPNG(to: directory.appendingPathComponent(inputs[0]), width: 40, height: 30)
            for name in inputs.dropFirst() {
                try FileManager.default.copyItem(
                    at: directory.appendingPathComponent(inputs[0]), to: directory.appendingPathComponent(name))
            }
            let result = try runWithFullDisk(inputs + ["--json", "full/log.jsonl"], size: "4k", in: directory)
            #expect(result.status == 1)
            #expect(result.errorLines.first == "error: full/log.jsonl: cannot write: no space left on device")
            let records = try wholeLines(directory.appendingPathComponent("seen/log.jsonl"))
            #expect(!records.isEmpty && records.count < 40, "\(records.count) records")
            #expect(records.map { $0["file"] as? String } == Array(inputs.prefix(records.count)))
        }
    }

    @Test func jsonLogAtTheFileSizeLimitKeepsWholeLines() throws {
        try withTemporaryDirectory { directory in
            for index in 0..<6 {
                try TestInputs.writePlainPNG(
                    to: directory.appendingPathComponent("p\(index).png"), width: 40, height: 30)
            }
            let inputs = (0..<6).map { "p\($0).png" }
            let result = try ToolProcess.run(
                inputs + ["--json", "log.jsonl"] + ToolProcess.plumbingFlags, in: directory,
                script: ToolProcess.fileSizeLimited(512))
            #expect(result.status == 1)
            #expect(result.errorLines.first == "error: log.jsonl: cannot write: file too large", "\(result.errorLines)")
            let records = try wholeLines(directory.appendingPathComponent("log.jsonl"))
            #expect(!records.isEmpty && records.count < 6, "\(records.count) records")
            #expect(records.map { $0["file"] as? String } == Array(inputs.prefix(records.count)))
        }
    }

    @Test func aSymbolicLinkWhereAnOutputGoesIsReplacedNotWrittenThrough() throws {
        try withTemporaryDirectory { directory in
            let manager = FileManager.default
            try TestInputs.writePlainPNG(to: directory.appendingPathComponent("a.png"))
            let victim = directory.appendingPathComponent("victim.txt")
            try Data("must not change\n".utf8).write(to: victim)
            _ = try directory.folder("out")
            try manager.createSymbolicLink(
                atPath: directory.appendingPathComponent("out/a.png").path, withDestinationPath: "../victim.txt")
            try manager.createSymbolicLink(
                atPath: directory.appendingPathComponent("single.png").path, withDestinationPath: "victim.txt")
            for output in ["out/", "single.png"] {
                let result = try ToolProcess.run(["a.png", "-o", output] + ToolProcess.plumbingFlags, in: directory)
                #expect(result.status == 0, "\(result.standardError)")
                let path = directory.appendingPathComponent(output.hasSuffix("/") ? output + "a.png" : output).path
                #expect(try manager.attributesOfItem(atPath: path)[.type] as? FileAttributeType == .typeRegular)
                #expect(try ImageCodec.read(path: path).image.width == 96)
            }
            #expect(try String(contentsOf: victim, encoding: .utf8) == "must not change\n")
        }
    }

    @Test func csvToAPipeIsStreamedNeverRenamedOver() throws {
        try withTemporaryDirectory { directory in
            let fifo = directory.appendingPathComponent("rows.csv").path
            #expect(mkfifo(fifo, 0o644) == 0)
            // Held open for reading and writing: the tool's open does not wait, nothing blocks.
            let pipe = open(fifo, O_RDWR | O_NONBLOCK)
            defer { close(pipe) }
            try TestInputs.copyFixture("astronaut.png", to: directory.appendingPathComponent("a.png"))
            let result = try ToolProcess.run(
                ["a.png", "--csv", "rows.csv", "--min-face-size", "0.15"] + ToolProcess.plumbingFlags, in: directory)
            #expect(result.status == 0, "\(result.standardError)")
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = read(pipe, &buffer, buffer.count)
            let text = String(decoding: buffer.prefix(max(count, 0)), as: UTF8.self)
            #expect(text.hasPrefix("file,face,x,y,width,height,score\na.png,1,"), "\(text)")
            var status = stat()
            #expect(stat(fifo, &status) == 0 && (status.st_mode & S_IFMT) == S_IFIFO, "no longer a pipe")
            #expect(allFiles(in: directory) == ["a.png", "rows.csv"])
        }
    }

    @Test func pathsFromStandardInputNeverEscapeTheOutputFolders() throws {
        try withTemporaryDirectory { directory in
            let work = try directory.folder("a/b")
            try TestInputs.copyFixture("astronaut.png", to: directory.appendingPathComponent("x.png"))
            let absolute = try directory.folder("abs")
            try TestInputs.copyFixture("astronaut.png", to: absolute.appendingPathComponent("y.png"))
            let before = allFiles(in: directory)
            let result = try ToolProcess.run(
                ["-", "-o", "out", "--crop", "crops", "--min-face-size", "0.15"] + ToolProcess.plumbingFlags,
                in: work, input: "../../x.png\n\(absolute.path)/y.png\n")
            #expect(result.status == 0, "\(result.standardError)")
            let mirrored = String(absolute.path.dropFirst())  // without the leading "/"
            let created = Set(allFiles(in: directory)).subtracting(before).filter { path in
                (try? FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent(path).path)[.type]
                    as? FileAttributeType) == .typeRegular
            }
            #expect(
                created == [
                    "a/b/out/x.png", "a/b/crops/x_face1.png", "a/b/out/" + mirrored + "/y.png",
                    "a/b/crops/" + mirrored + "/y_face1.png",
                ], "\(created.sorted())")
        }
    }

    @Test func noOutputReplacesAnInput() throws {
        try withTemporaryDirectory { directory in
            _ = try directory.folder("x")
            try TestInputs.writePlainPNG(to: directory.appendingPathComponent("x/a.png"), width: 50)
            try TestInputs.writePlainPNG(to: directory.appendingPathComponent("a.png"), width: 60)
            let before = try Data(contentsOf: directory.appendingPathComponent("a.png"))
            // x/a.png's image would go to ./a.png, the second input.
            let crossed = try ToolProcess.run(
                ["x/a.png", "a.png", "-o", ".", "--threads", "1"] + ToolProcess.plumbingFlags, in: directory)
            #expect(crossed.status == 1)
            #expect(crossed.errorLines.first == "error: ./a.png: refusing to overwrite an input of this run")
            #expect(try Data(contentsOf: directory.appendingPathComponent("a.png")) == before)
            for (flag, value) in [("--csv", "a.png"), ("--json", "--json=a.png")] {
                let result = try ToolProcess.run(
                    [flag == "--csv" ? "--csv" : value] + (flag == "--csv" ? [value] : []) + ["a.png"]
                        + ToolProcess.plumbingFlags, in: directory)
                #expect(result.status == 1)
                #expect(result.errorLines == ["error: a.png: refusing to overwrite an input of this run"])
                #expect(try Data(contentsOf: directory.appendingPathComponent("a.png")) == before)
            }
            // An output directory that is the input directory would walk nothing: a usage error.
            let same = try ToolProcess.run(["x", "-o", "./x/"] + ToolProcess.plumbingFlags, in: directory)
            #expect(same.status == 64)
            #expect(same.errorLines.first?.hasPrefix("facedetect: -o: './x/' is the input directory 'x'") == true)
        }
    }

    @Test(.enabled(if: ReadOnlyFolder.isPossible, "root on a file system without chattr +i writes into any folder"))
    func aReadOnlyOutputFolderFailsEachImageAndLeavesNothing() throws {
        try withTemporaryDirectory { directory in
            let folder = try directory.folder("ro")
            for name in ["a.png", "b.png"] { try TestInputs.writePlainPNG(to: directory.appendingPathComponent(name)) }
            // Root writes through any mode bits: there the folder is made immutable (chattr +i, ext4 and
            // others) instead.
            try #require(ReadOnlyFolder.make(folder.path))
            defer { ReadOnlyFolder.undo(folder.path) }
            let result = try ToolProcess.run(
                ["a.png", "b.png", "-o", "ro", "--json", "log.jsonl"] + ToolProcess.plumbingFlags, in: directory)
            #expect(result.status == 1)
            #expect(
                Array(result.errorLines.prefix(2)) == [
                    "error: ro/a.png: cannot write: permission denied",
                    "error: ro/b.png: cannot write: permission denied",
                ])
            #expect(allFiles(in: folder).isEmpty)
            let records = try wholeLines(directory.appendingPathComponent("log.jsonl"))
            #expect(
                records.map { $0["error"] as? String }
                    == ["ro/a.png", "ro/b.png"].map { $0 + ": cannot write: permission denied" })
        }
    }

    @Test func aFileInTheWayOfAMirroredFolderFailsOnlyTheImagesBelowIt() throws {
        try withTemporaryDirectory { directory in
            _ = try directory.folder("in/sub")
            _ = try directory.folder("out")
            try TestInputs.writePlainPNG(to: directory.appendingPathComponent("in/a.png"))
            try TestInputs.writePlainPNG(to: directory.appendingPathComponent("in/sub/b.png"))
            try Data("a file\n".utf8).write(to: directory.appendingPathComponent("out/sub"))
            let result = try ToolProcess.run(["in", "-o", "out"] + ToolProcess.plumbingFlags, in: directory)
            #expect(result.status == 1)
            #expect(
                result.errorLines.first
                    == "error: out/sub/b.png: cannot write: out/sub: cannot create directory: a file is in the way")
            #expect(allFiles(in: directory.appendingPathComponent("out")) == ["a.png", "sub"])
        }
    }

    @Test func staleTemporaryFilesOfAKilledRunAreRemovedByTheNextRun() throws {
        try withTemporaryDirectory { directory in
            let out = try directory.folder("out")
            try TestInputs.writePlainPNG(to: directory.appendingPathComponent("a.png"))
            // PID 4194305 is above Linux's largest pid_max: a writer that is gone.
            for (name, age) in [(".a.png.tmp-4194305-k3x9", 3600.0), (".b.png.tmp-4194305-k3x9", 0)] {
                let url = out.appendingPathComponent(name)
                try Data("partial".utf8).write(to: url)
                try FileManager.default.setAttributes(
                    [.modificationDate: Date(timeIntervalSinceNow: -age)], ofItemAtPath: url.path)
            }
            let result = try ToolProcess.run(["a.png", "-o", "out/"] + ToolProcess.plumbingFlags, in: directory)
            #expect(result.status == 0, "\(result.standardError)")
            // The old one is gone; the fresh one may belong to a writer on another machine.
            #expect(allFiles(in: out) == [".b.png.tmp-4194305-k3x9", "a.png"])
        }
    }
}

/// A folder that nobody, not even root, can create files in, for the duration of a test.
enum ReadOnlyFolder {
    /// Makes `path` read-only (mode 555, or `chattr +i` as root); false when that is not possible here.
    static func make(_ path: String) -> Bool {
        if geteuid() != 0 { return chmod(path, 0o555) == 0 }
        guard (try? ToolProcess.exitStatus(of: "/usr/bin/chattr", ["+i", path])) == 0 else { return false }
        return !FileManager.default.createFile(atPath: path + "/probe", contents: nil)
    }

    /// Makes `path` writable again.
    static func undo(_ path: String) {
        if geteuid() != 0 {
            chmod(path, 0o755)
        } else {
            _ = try? ToolProcess.exitStatus(of: "/usr/bin/chattr", ["-i", path])
        }
    }

    /// Whether a folder can be made read-only here (tried once on a temporary one): not as root
    /// on a file system without `chattr +i` (tmpfs, overlayfs).
    static let isPossible: Bool =
        (try? withTemporaryDirectory { directory in
            defer { undo(directory.path) }
            return make(directory.path)
        }) ?? false
}
