import FaceDetection
import FaceDetectionIO

/// The tool with video inputs: each video through `VideoRun`, one after the other, then the
/// `--tracks` file (written atomically), the failures and the exit status.
enum VideoCommand {
    /// Runs the videos or the sequence of `plan`, looking for `people` on each track, and returns
    /// the exit status.
    static func run(
        _ options: CommandLineOptions, plan: RunPlan, threads: Int, people: PeopleToFind = PeopleToFind(),
        standardOutput: TextOutput, standardError: TextOutput
    ) -> ExitStatus {
        // A write into an ffmpeg that has ended must fail with EPIPE, not kill the tool.
        signal(SIGPIPE, SIG_IGN)
        let json: TextOutput?
        do {
            if plan.media == .videos, case .directory(let directory) = plan.output {
                try FileSystem.createDirectories(directory)
            }
            json = try RecordOutputs.open(
                options, plan: plan, standardOutput: standardOutput, sweeper: TemporaryFileSweeper()
            ).json
        } catch {
            standardError.writeLine("error: \(error.description)")
            return .inputFailed
        }
        InterruptSignal.install()
        let run = VideoRun(
            options: options, threads: threads, json: json, standardError: standardError,
            showsProgress: options.progress ?? (isatty(2) == 1), people: people)
        var failures: [String] = []
        var tracks: [TrackSummary] = []
        var bestFrameNames: Set<String> = []
        // What became of one stream: its failure, its tracks, its best faces written.
        func account(for outcome: VideoRun.Outcome, of stream: String) {
            var problems = outcome.failure.map { [$0] } ?? []
            tracks += outcome.tracks
            if let failure = writeBestFaces(outcome.bestFaces, of: stream, options: options, names: &bestFrameNames) {
                problems.append(failure)
            }
            for problem in problems { standardError.writeLine("error: \(problem)") }
            failures += problems
        }
        if let sequence = options.sequence {
            var output: String?
            if case .directory(let directory) = plan.output { output = directory }
            let outcome = SequenceRun(
                options: options, threads: threads, json: json, standardError: standardError, people: people
            ).process(sequence, output: output)
            account(for: outcome, of: sequence)
        }
        for input in plan.inputs {
            guard InterruptSignal.signal == nil else { break }
            let outcome: VideoRun.Outcome
            switch input.kind {
            case .unavailable(let reason)?: outcome = .init(failure: "\(input.path): \(reason)")
            case .other?, .directory?, nil: outcome = .init(failure: "\(input.path): not a regular file")
            case .regularFile?: outcome = run.process(input.path, output: plan.output.path(forVideo: input.path))
            }
            account(for: outcome, of: input.path)
        }
        if let json, let reason = json.failure {
            failures.append("\(json.name): cannot write: \(reason)")
            standardError.writeLine("error: \(json.name): cannot write: \(reason)")
        }
        json?.close()
        if let path = options.tracks, InterruptSignal.signal == nil {
            let text = tracks.map { $0.jsonLine + "\n" }.joined()
            do {
                try AtomicFileWriter.write(Array(text.utf8), to: path)
            } catch {
                failures.append(error.description)
                standardError.writeLine("error: \(error.description)")
            }
        }
        if let signal = InterruptSignal.signal {
            standardError.writeLine(
                "facedetect: interrupted; no partial video was left, complete records only were written")
            return signal == SIGTERM ? .terminated : .interrupted
        }
        return failures.isEmpty ? .success : .inputFailed
    }

    /// Writes each track's face on its best frame (`--best-frames DIR`) as DIR/NAME_trackN.jpg, NAME the stream's
    /// file name without its extension, or NAME-2, NAME-3… when an earlier stream of this run had that name
    /// (`names`, the names used so far); the first error, or nil.
    static func writeBestFaces(
        _ faces: [Int: RGBImage], of stream: String, options: CommandLineOptions, names: inout Set<String>
    ) -> String? {
        guard let directory = options.bestFrames, !faces.isEmpty else { return nil }
        var base = stream.split(separator: "/").last.map(String.init) ?? stream
        if let dot = base.lastIndex(of: "."), dot != base.startIndex { base = String(base[..<dot]) }
        var name = base
        var number = 1
        while names.contains(name) {
            number += 1
            name = "\(base)-\(number)"
        }
        names.insert(name)
        do {
            try FileSystem.createDirectories(directory)
            for id in faces.keys.sorted() {
                let path = FileSystem.join(directory, "\(name)_track\(id).jpg")
                try faces[id]!.write(to: path, quality: options.jpegQuality)
            }
        } catch {
            return "\(directory): \(error)"
        }
        return nil
    }
}
