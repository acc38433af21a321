import FaceDetection
import Foundation
import Testing

/// A missing ffmpeg, a file without video, a cut or damaged video, an interrupt: one error line
/// naming the file, exit 1 (130 for Ctrl-C), and no output file or temporary file left.
@Suite(.serialized) struct VideoErrorTests {
    /// A 1-second 10 fps clip of one face with audio, in `folder`.
    static func clip(in folder: URL, name: String = "clip.mp4", seconds: Double = 1) throws -> URL {
        let url = folder.appendingPathComponent(name)
        try TestClips.make([.astronaut(x: 40, y: 30, vx: 20)], seconds: seconds, to: url)
        return url
    }

    /// Runs the tool on `input` writing `out.mp4` in `folder`, and checks the promised failure:
    /// exit 1, exactly one error line that names the input and says `reason`, and no file
    /// left but the inputs.
    static func expectFailure(
        _ input: String, in folder: URL, saying reason: String, environment: [String: String] = [:]
    ) throws {
        let before = Set(try FileManager.default.contentsOfDirectory(atPath: folder.path))
        let result = try ToolProcess.run(
            [input, "-o", "out.mp4", "--blur", "--no-progress", "--min-face-size", "0.5", "--landmarks", "none"],
            in: folder,
            environment: environment)
        #expect(result.status == 1, "\(result.standardError)")
        let errors = result.errorLines.filter { $0.hasPrefix("error:") }
        #expect(errors.count == 1, "\(result.standardError)")
        #expect(errors.first?.hasPrefix("error: \(input): ") == true, "\(result.standardError)")
        #expect(errors.first?.contains(reason) == true, "\(result.standardError)")
        let after = Set(try FileManager.default.contentsOfDirectory(atPath: folder.path))
        #expect(after == before, "left behind: \(after.subtracting(before))")
    }

    @Test func aMissingFFmpegIsOneErrorLine() throws {
        try withTemporaryDirectory { folder in
            _ = try Self.clip(in: folder)
            try Self.expectFailure(
                "clip.mp4", in: folder, saying: "not found (install it, e.g. apt-get install ffmpeg)",
                environment: ["PATH": folder.path])
        }
    }

    @Test func aFileWithoutAVideoStreamIsOneErrorLine() throws {
        try withTemporaryDirectory { folder in
            try TestClips.ffmpeg(
                ["-v", "error", "-f", "lavfi", "-i", "sine=duration=1", "-c:a", "aac", folder.path + "/sound.mp4"])
            try Self.expectFailure("sound.mp4", in: folder, saying: "no video stream")
        }
    }

    @Test func aCutVideoIsOneErrorLine() throws {
        try withTemporaryDirectory { folder in
            let clip = try Self.clip(in: folder, name: "whole.mkv")
            let bytes = try Data(contentsOf: clip)
            try bytes.prefix(bytes.count / 2).write(to: folder.appendingPathComponent("cut.mkv"))
            try FileManager.default.removeItem(at: clip)
            try Self.expectFailure("cut.mkv", in: folder, saying: "damaged video")
            // An MP4 cut before its index cannot even be probed.
            let mp4 = try Self.clip(in: folder, name: "whole.mp4")
            let mp4Bytes = try Data(contentsOf: mp4)
            try mp4Bytes.prefix(mp4Bytes.count / 2).write(to: folder.appendingPathComponent("cut.mp4"))
            try FileManager.default.removeItem(at: mp4)
            try Self.expectFailure("cut.mp4", in: folder, saying: "not a readable video")
        }
    }

    @Test func aDamagedVideoIsOneErrorLine() throws {
        try withTemporaryDirectory { folder in
            let clip = try Self.clip(in: folder, name: "whole.mp4")
            var bytes = [UInt8](try Data(contentsOf: clip))
            // Scramble the compressed frames (the index at the end stays intact).
            var random = UInt64(7)
            for index in stride(from: 3000, to: bytes.count * 2 / 3, by: 41) {
                random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                bytes[index] = UInt8(truncatingIfNeeded: random >> 33)
            }
            try Data(bytes).write(to: folder.appendingPathComponent("damaged.mp4"))
            try FileManager.default.removeItem(at: clip)
            try Self.expectFailure("damaged.mp4", in: folder, saying: "damaged video")
        }
    }

    @Test func ctrlCFinishesTheFrameAndLeavesNoOutput() throws {
        try withTemporaryDirectory { folder in
            _ = try Self.clip(in: folder, seconds: 4)
            let process = Process()
            process.executableURL = ToolProcess.binary
            process.arguments =
                ["clip.mp4", "-o", "out.mp4", "--blur", "--json", "faces.jsonl", "--no-progress"]
                + ToolProcess.plumbingFlags
            process.currentDirectoryURL = folder
            process.standardError = FileHandle.nullDevice
            try process.run()
            // Interrupt once some frames have their records (the cascade is slow in a debug build: about
            // half a second a frame, so the run is still going).
            let log = folder.appendingPathComponent("faces.jsonl")
            let deadline = Date().addingTimeInterval(60)
            while process.isRunning && Date() < deadline {
                if let text = try? String(contentsOf: log, encoding: .utf8), text.split(separator: "\n").count >= 3 {
                    break
                }
                usleep(20_000)
            }
            kill(process.processIdentifier, SIGINT)
            process.waitUntilExit()
            #expect(process.terminationStatus == 130)
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            #expect(Set(names) == ["clip.mp4", "faces.jsonl"], "\(names)")
            // Every record written is whole.
            let records = try TestInputs.records(String(contentsOf: log, encoding: .utf8))
            // (The records wait 9 analysed frames for their tracks' confirmation, and those held are written at
            // the interrupt: the 40-frame clip stops well before its end.)
            #expect(records.count >= 3 && records.count < 40, "\(records.count)")
        }
    }
}
