import FaceDetection
import Synchronization

/// Frames of a video file, decoded by an `ffmpeg` child process and read from its standard
/// output as raw planar 4:2:0 YCbCr (`-f rawvideo -pix_fmt yuv420p`: `VideoFrame`) at the
/// constant rate `info.frameRate` (`-fps_mode cfr`): a stream of that rate gives each frame once; a
/// variable-rate one repeats a frame shown longer than a period (and would drop one shown for less
/// than half a period), so that frame n is at time n / rate, as the encoder writes it.
///
/// Strict about damage: `-xerror` makes ffmpeg stop at the first decoding error, and anything it
/// writes on standard error (it runs at `-v error`) or a frame cut short makes the video fail.
final class VideoDecoder: @unchecked Sendable {
    /// The ffmpeg process.
    private let child: ChildProcess
    /// The frame size.
    let width: Int
    /// The frame size.
    let height: Int
    /// How the samples map to colours (`info.colors`).
    let colors: VideoColors
    /// Whether the end was reached, the decoder failed or was cancelled (set from either thread).
    private let ended = Atomic<Bool>(false)

    /// Starts decoding `path`, whose frames are `info.width` × `info.height`.
    init(path: String, info: VideoStreamInfo) throws(VideoError) {
        width = info.width
        height = info.height
        colors = info.colors
        let arguments = [
            "ffmpeg", "-nostdin", "-hide_banner", "-v", "error", "-xerror", "-i", "file:" + path, "-map", "0:v:0",
            "-fps_mode", "cfr", "-r", info.frameRate.text, "-f", "rawvideo", "-pix_fmt", "yuv420p", "pipe:1",
        ]
        do {
            child = try ChildProcess(arguments, pipeInput: false, pipeOutput: true)
        } catch {
            throw VideoError(reason: error.reason)
        }
    }

    /// The next frame, or `nil` at the end of the video; throws when the video is damaged.
    func nextFrame() throws(VideoError) -> VideoFrame? {
        guard !ended.load(ordering: .acquiring) else { return nil }
        let count = VideoFrame.byteCount(width: width, height: height)
        var got = 0
        let pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            got = child.readOutput(into: UnsafeMutableRawBufferPointer(buffer), count: count)
            // Bytes past `got` stay unread: zero them so that the array is never uninitialised.
            if got < count { (buffer.baseAddress! + got).initialize(repeating: 0, count: count - got) }
            initialized = count
        }
        if got == count { return VideoFrame(width: width, height: height, bytes: pixels, colors: colors) }
        ended.store(true, ordering: .releasing)
        if got > 0 {
            child.terminate()
            child.wait()
            throw VideoError(reason: "truncated video: the last frame is incomplete")
        }
        let status = child.wait()
        if status != 0 || child.wroteErrors {
            throw VideoError(reason: "damaged video (" + (child.lastErrorLine ?? "ffmpeg exited with \(status)") + ")")
        }
        return nil
    }

    /// Stops the decoder (after an interrupt or a failure elsewhere).
    func cancel() {
        guard !ended.exchange(true, ordering: .acquiringAndReleasing) else { return }
        child.terminate()
        child.wait()
    }
}
