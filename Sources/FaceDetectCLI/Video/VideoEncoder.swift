import FaceDetection
import FaceDetectionIO

/// Writes frames to a video file through an `ffmpeg` child process fed raw 4:2:0 YCbCr frames
/// (`VideoFrame`) on its standard input, with the audio of the source file copied unchanged (`-map 1:a? -c:a copy`).
///
/// The file is written to a hidden temporary name beside `path` (`.NAME.tmp-PID-RANDOM`, the
/// name the tool's other atomic writes use, so a later run sweeps it if this one is killed) and
/// renamed to `path` only by `finish()` once ffmpeg has succeeded; `abandon()` removes it.
/// Frames are rendered (boxes drawn, faces blurred) and written on a thread of the encoder's own,
/// so that rendering and encoding overlap with decoding and detection; at most `capacity` frames
/// wait for it.
final class VideoEncoder: @unchecked Sendable {
    /// The destination.
    let path: String
    /// The temporary file ffmpeg writes.
    private let temporary: String
    /// The ffmpeg process.
    private let child: ChildProcess
    /// Guards the queue and the state below.
    private let condition = ThreadCondition()
    /// Frames waiting for the writer thread.
    private var queue: [HidingBuffer<VideoFrame>.Entry] = []
    /// Whether no more frames will come.
    private var inputEnded = false
    /// Whether the writer thread has returned.
    private var writerDone = false
    /// The first write failure.
    private var failure: String?
    /// The most frames waiting.
    private let capacity = 4

    /// Starts ffmpeg writing `path` (in `container`) from frames of `info`'s size and rate, with
    /// the audio of `source`; each frame is rendered with `hiding` (`HidingBuffer.Entry.render(_:)`).
    init(
        path: String, container: VideoContainer, info: VideoStreamInfo, source: String, hiding: HidingStyle?
    ) throws(VideoError) {
        self.path = path
        temporary = AtomicFileWriter.temporaryPath(for: path)
        let arguments =
            [
                "ffmpeg", "-nostdin", "-hide_banner", "-v", "error", "-f", "rawvideo", "-pix_fmt", "yuv420p", "-s",
                "\(info.width)x\(info.height)", "-r", info.frameRate.text, "-i", "pipe:0", "-i", "file:" + source,
                "-map", "0:v:0", "-map", "1:a?",
            ] + container.codecArguments(width: info.width, height: info.height, audio: info.audioCodecs)
            + info.colors.outputTags + [
                "-f", container.muxer, "file:" + temporary,
            ]
        do {
            child = try ChildProcess(arguments, pipeInput: true, pipeOutput: false)
        } catch {
            throw VideoError(reason: error.reason)
        }
        startDetachedThread { [self] in writeFrames(hiding: hiding) }
    }

    /// Queues `frame` (waits while `capacity` frames are queued); false once writing has failed.
    @discardableResult
    func submit(_ frame: HidingBuffer<VideoFrame>.Entry) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while queue.count >= capacity && failure == nil { condition.wait() }
        guard failure == nil else { return false }
        queue.append(frame)
        condition.broadcast()
        return true
    }

    /// The writer thread: renders and writes queued frames until the input ends.
    private func writeFrames(hiding: HidingStyle?) {
        while true {
            condition.lock()
            while queue.isEmpty && !inputEnded { condition.wait() }
            if queue.isEmpty {
                writerDone = true
                condition.broadcast()
                condition.unlock()
                return
            }
            var frame = queue.removeFirst()
            condition.broadcast()
            let failed = failure != nil
            condition.unlock()
            if failed { continue }
            frame.render(hiding)
            let error = frame.image.bytes.withUnsafeBytes { child.writeInput($0) }
            if let error {
                condition.lock()
                failure = child.firstErrorLine ?? error
                queue.removeAll()
                condition.broadcast()
                condition.unlock()
            }
        }
    }

    /// Waits for the writer thread to drain the queue.
    private func endInput() {
        condition.lock()
        inputEnded = true
        condition.broadcast()
        while !writerDone { condition.wait() }
        condition.unlock()
    }

    /// Writes the queued frames, lets ffmpeg finish the file and renames it to `path`; on any
    /// failure removes it and returns the reason.
    func finish() -> String? {
        endInput()
        child.closeInput()
        let status = child.wait()
        if let failure { return remove(because: failure) }
        guard status == 0 else {
            return remove(because: child.firstErrorLine ?? "ffmpeg exited with status \(status)")
        }
        if rename(temporary, path) != 0 { return remove(because: "cannot write: " + describeSystemError(errno)) }
        return nil
    }

    /// Stops ffmpeg and removes the temporary file: nothing is left of the output.
    func abandon() {
        condition.lock()
        failure = failure ?? "abandoned"
        queue.removeAll()
        condition.broadcast()
        condition.unlock()
        endInput()
        child.terminate()
        child.closeInput()
        child.wait()
        unlink(temporary)
    }

    /// Removes the temporary file and returns `reason`.
    private func remove(because reason: String) -> String {
        unlink(temporary)
        return reason
    }
}
