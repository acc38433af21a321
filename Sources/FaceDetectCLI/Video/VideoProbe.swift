/// Asks `ffprobe` (Debian's `ffmpeg` package) what a video file holds, through `VideoStreamInfo`.
enum VideoProbe {
    /// The `ffprobe` arguments for `path`: the first video stream's size, rotation, frame rate,
    /// frame count and duration, whether there is audio, and the file's duration, as
    /// `key=value` lines. (`file:` keeps a name with a colon or a leading dash a plain file name.)
    static func arguments(for path: String) -> [String] {
        [
            "ffprobe", "-v", "error", "-show_entries",
            "stream=codec_type,codec_name,width,height,r_frame_rate,avg_frame_rate,nb_frames,duration,pix_fmt,color_space,"
                + "color_range,color_primaries,color_transfer"
                + ":stream_side_data=rotation:format=duration",
            "-of", "default=noprint_wrappers=1", "-i", "file:" + path,
        ]
    }

    /// Describes the video at `path`; the error is one line naming no file (the caller adds it).
    static func probe(_ path: String) throws(VideoError) -> VideoStreamInfo {
        let child: ChildProcess
        do {
            child = try ChildProcess(arguments(for: path), pipeInput: false, pipeOutput: true)
        } catch {
            throw VideoError(reason: error.reason)
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { child.readOutput(into: $0, count: 4096) }
            if bytes.count < VideoStreamInfo.maximumBytes { bytes += chunk[0..<count] }
            if count < 4096 { break }
        }
        let status = child.wait()
        guard status == 0 else {
            throw VideoError(reason: "not a readable video (" + (child.lastErrorLine ?? "ffprobe failed") + ")")
        }
        do {
            return try VideoStreamInfo.parse(bytes)
        } catch {
            throw VideoError(reason: error.description)
        }
    }
}

/// Why a video could not be read or written: one line, without the file's name.
struct VideoError: Error, CustomStringConvertible {
    /// What went wrong.
    let reason: String
    /// The reason.
    var description: String { reason }
}
