import FaceDetectionIO

/// The tool with video inputs: each video through `VideoRun`, one after the other, then the
/// `--tracks` file (written atomically), the failures and the exit status.
enum VideoCommand {
    /// Whether `path` is to be read as a video: its name ends in a video extension, or it is a
    /// regular file whose content is a known video container and whose name is not an image's
    /// (`photo.heic` that does not decode is a broken photo, not a video).
    static func isVideo(_ path: String) -> Bool {
        if path == "-" { return false }
        if VideoContainer(path: path) != nil { return true }
        if ImageFormat(path: path) != nil { return false }
        guard FileSystem.kind(of: path) == .regularFile else { return false }
        return VideoContainer.of(path: path) != nil
    }

    /// The output file for `input`: `-o` itself for one video (unless it is a directory), else
    /// the directory joined with the input's file name.
    static func output(for input: String, options: CommandLineOptions) -> String? {
        guard let output = options.output else { return nil }
        var isDirectory = output.hasSuffix("/") || options.inputs.count > 1
        if case .directory = FileSystem.kind(of: output) { isDirectory = true }
        return isDirectory ? FileSystem.join(output, FileSystem.lastComponent(of: input)) : output
    }

    /// Runs the videos and returns the exit status.
    static func run(
        _ options: CommandLineOptions, threads: Int, standardOutput: TextOutput, standardError: TextOutput
    ) -> ExitStatus {
        // A write into an ffmpeg that has ended must fail with EPIPE, not kill the tool.
        signal(SIGPIPE, SIG_IGN)
        if options.inputs.count > 1 && options.sequence == nil, let output = options.output {
            do {
                try FileSystem.createDirectories(output)
            } catch {
                standardError.writeLine("error: \(error.description)")
                return .inputFailed
            }
        }
        var json: TextOutput?
        switch options.json {
        case nil: json = nil
        case .standardOutput?: json = standardOutput
        case .file(let path)?:
            if options.inputs.contains(where: { FileSystem.isSameFile($0, path) }) {
                standardError.writeLine("error: \(path): refusing to overwrite an input of this run")
                return .inputFailed
            }
            do {
                json = try TextOutput.create(path)
            } catch {
                standardError.writeLine("error: \(error.description)")
                return .inputFailed
            }
        }
        InterruptSignal.install()
        let run = VideoRun(
            options: options, threads: threads, json: json, standardError: standardError,
            showsProgress: options.progress ?? (isatty(2) == 1))
        var failures: [String] = []
        var tracks: [TrackSummary] = []
        if let sequence = options.sequence {
            let outcome = SequenceRun(options: options, threads: threads, json: json, standardError: standardError)
                .process(sequence, output: options.output)
            if let failure = outcome.failure {
                failures.append(failure)
                standardError.writeLine("error: \(failure)")
            }
            tracks += outcome.tracks
        }
        for input in options.inputs {
            guard InterruptSignal.signal == nil else { break }
            let outcome: VideoRun.Outcome
            switch FileSystem.kind(of: input) {
            case .unavailable(let reason): outcome = .init(failure: "\(input): \(reason)")
            case .other, .directory: outcome = .init(failure: "\(input): not a regular file")
            case .regularFile: outcome = run.process(input, output: output(for: input, options: options))
            }
            if let failure = outcome.failure {
                failures.append(failure)
                standardError.writeLine("error: \(failure)")
            }
            tracks += outcome.tracks
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
}
