import FaceDetectionIO

/// The video containers the tool reads and writes, recognised by a file's first bytes or by
/// its extension, each with the ffmpeg muxer and codecs its outputs get.
enum VideoContainer: String, Sendable, CaseIterable {
    /// MPEG-4 Part 14 (`.mp4`, `.m4v`).
    case mp4
    /// QuickTime (`.mov`).
    case mov
    /// Matroska (`.mkv`).
    case mkv
    /// WebM, a Matroska subset (`.webm`).
    case webm
    /// AVI (`.avi`).
    case avi

    /// The container an extension names (any case), or `nil`.
    init?(path: String) {
        let name = FileSystem.lastComponent(of: path)
        guard let dot = name.lastIndex(of: ".") else { return nil }
        switch name[name.index(after: dot)...].lowercased() {
        case "mp4", "m4v": self = .mp4
        case "mov", "qt": self = .mov
        case "mkv": self = .mkv
        case "webm": self = .webm
        case "avi": self = .avi
        default: return nil
        }
    }

    /// The container the first bytes of a file say it is (at least 12 are needed), or `nil`:
    /// an ISO base-media `ftyp` box (MP4; QuickTime's `qt  ` brand: MOV) unless its brands say it
    /// is a HEIF or AVIF image (`ImageFormat.sniff`), Matroska's EBML header (told apart from WebM
    /// by its DocType in the first bytes), `RIFF….AVI `.
    static func sniff(_ bytes: [UInt8]) -> VideoContainer? {
        guard bytes.count >= 12, ImageFormat.sniff(bytes) == nil else { return nil }
        if bytes[4..<8].elementsEqual("ftyp".utf8) {
            return bytes[8..<12].elementsEqual("qt  ".utf8) ? .mov : .mp4
        }
        if bytes[4..<8].elementsEqual("moov".utf8) || bytes[4..<8].elementsEqual("mdat".utf8)
            || bytes[4..<8].elementsEqual("wide".utf8)
        {
            return .mov
        }
        if bytes[0..<4].elementsEqual([0x1A, 0x45, 0xDF, 0xA3]) {
            let webm = Array("webm".utf8)
            let header = bytes.prefix(64)
            let isWebM = header.indices.contains { index in
                index + 4 <= header.endIndex && header[index..<(index + 4)].elementsEqual(webm)
            }
            return isWebM ? .webm : .mkv
        }
        if bytes[0..<4].elementsEqual("RIFF".utf8) && bytes[8..<12].elementsEqual("AVI ".utf8) { return .avi }
        return nil
    }

    /// The container of the file at `path`: by its content when it has a known one, else by its name.
    static func of(path: String) -> VideoContainer? {
        if let bytes = try? FileReading.firstBytes(atPath: path, count: 64), let container = sniff(bytes) {
            return container
        }
        return VideoContainer(path: path)
    }

    /// ffmpeg's name for the muxer (`-f`), so that a temporary name need not end in the extension.
    var muxer: String {
        switch self {
        case .mp4: "mp4"
        case .mov: "mov"
        case .mkv: "matroska"
        case .webm: "webm"
        case .avi: "avi"
        }
    }

    /// The encoding arguments for the output's video and audio streams (`audio`: each one's codec).
    /// Video: H.264, except in WebM, which only takes VP8/VP9 (VP9 in real-time mode there). x264
    /// runs its `superfast` preset with the macroblock tree kept (`mbtree=1:rc-lookahead=10`, as
    /// `veryfast` has it) at CRF 17.5: the PSNR and SSIM of `veryfast` at CRF 18 (visually close to
    /// the input) for about 40 % less encoding time, files up to a fifth larger (docs/video.md).
    /// H.264 in 4:2:0 only takes even sizes, so a frame `width` × `height` with an odd side gains one
    /// column or row on the right or bottom, a copy of the last one (VP9 takes odd sizes as they
    /// are). Audio: each stream copied where the container takes its codec (`copies(audio:)`), else
    /// encoded: AAC at 192 kb/s (PCM from a camera's MOV into MP4, say), Opus in WebM.
    func codecArguments(width: Int, height: Int, audio: [String]) -> [String] {
        let video: [String]
        switch self {
        case .mp4, .mov, .mkv, .avi:
            video =
                Self.evenSize(width: width, height: height) + [
                    "-c:v", "libx264", "-preset", "superfast", "-x264-params", "mbtree=1:rc-lookahead=10", "-crf",
                    "17.5", "-pix_fmt", "yuv420p",
                ]
        case .webm:
            video = [
                "-c:v", "libvpx-vp9", "-deadline", "realtime", "-cpu-used", "8", "-b:v", "0", "-crf", "30",
                "-pix_fmt", "yuv420p",
            ]
        }
        let encoded: (Int) -> [String] = self == .webm ? { _ in ["libopus"] } : { ["aac", "-b:a:\($0)", "192k"] }
        return video
            + audio.enumerated().flatMap { stream, codec in
                ["-c:a:\(stream)"] + (copies(audio: codec) ? ["copy"] : encoded(stream))
            }
    }

    /// Whether this container takes audio in `codec` as it is: every codec in Matroska; in the
    /// others, the codecs Debian's ffmpeg 5.1 was seen to copy into them (docs/video.md).
    func copies(audio codec: String) -> Bool {
        let common: Set = ["aac", "mp3", "mp2", "ac3", "eac3", "vorbis"]
        let pcm: Set = ["pcm_s16le", "pcm_s24le", "pcm_f32le", "pcm_u8", "pcm_mulaw", "pcm_alaw", "adpcm_ima_wav"]
        switch self {
        case .mkv: return true
        case .mp4: return common.contains(codec) || codec == "opus" || codec == "alac"
        case .mov: return common.contains(codec) || codec == "alac" || pcm.contains(codec) || codec == "pcm_s16be"
        case .avi: return common.contains(codec) || codec == "flac" || pcm.contains(codec)
        case .webm: return codec == "opus" || codec == "vorbis"
        }
    }

    /// The filter that pads a `width` × `height` frame to even sides by repeating its last column
    /// and row (`pad` adds them, `fillborders` copies the pixels next to them in); none when both
    /// sides are even.
    static func evenSize(width: Int, height: Int) -> [String] {
        let right = width % 2
        let bottom = height % 2
        guard right + bottom > 0 else { return [] }
        return [
            "-vf",
            "pad=\(width + right):\(height + bottom),fillborders=right=\(right):bottom=\(bottom):mode=smear",
        ]
    }
}
