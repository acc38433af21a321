/// What `ffprobe` says about a video's first video stream, parsed from its `-of default` output
/// (`key=value` lines; `VideoProbe` asks for exactly the keys below).
///
/// This parses bytes from outside (a child process describing an untrusted file): it reads at
/// most `maximumBytes`, accepts only the keys it knows, ignores the rest, and refuses sizes and
/// rates outside sane bounds rather than trusting them.
struct VideoStreamInfo: Sendable, Equatable {
    /// Frame width in pixels as decoded (after the stream's rotation, when it has one).
    var width: Int
    /// Frame height in pixels as decoded.
    var height: Int
    /// Frames per second as a fraction (e.g. 30000/1001): the rate frames are read at, numbered and
    /// timed by, and encoded at. The stream's nominal rate (`r_frame_rate`), or its average
    /// (`avg_frame_rate`) where the nominal one is above 120 and more than twice that (a time base,
    /// as in WebM recordings, rather than a frame rate; a phone's 60 fps clip that dropped to 25 in
    /// the dark keeps 60, so that no frame is dropped). A stream of variable rate is read at this
    /// rate: a frame held longer than one period is repeated, so that the output keeps the source's
    /// timing and its sound stays in sync.
    var frameRate: FrameRate
    /// The number of frames the container declares, when it does.
    var frameCount: Int?
    /// The stream's (or else the file's) duration in seconds, when known.
    var duration: Double?
    /// The codec of each audio stream, in the file's order (ffmpeg's names, `aac`, `pcm_s16le`, …;
    /// `unknown` where the name was missing or odd): what the output copies or re-encodes.
    var audioCodecs: [String]
    /// Whether the file has an audio stream.
    var hasAudio: Bool { !audioCodecs.isEmpty }
    /// How its samples map to colours.
    var colors: VideoColors = .standard

    /// A frame rate `numerator / denominator` frames per second, both positive.
    struct FrameRate: Sendable, Equatable {
        /// Frames…
        var numerator: Int
        /// …per this many seconds.
        var denominator: Int
        /// As a number.
        var value: Double { Double(numerator) / Double(denominator) }
        /// As ffmpeg takes it on a command line (`30000/1001`).
        var text: String { "\(numerator)/\(denominator)" }
    }

    /// Why the output could not be taken for a video stream.
    enum ParseError: Error, Equatable, CustomStringConvertible {
        /// No `codec_type=video` stream was described.
        case noVideoStream
        /// A key needed was missing, or its value was unusable: `key`.
        case badValue(String)
        /// The frame size is out of bounds.
        case badSize(width: Int, height: Int)

        /// One line for the error message.
        var description: String {
            switch self {
            case .noVideoStream: "no video stream"
            case .badValue(let key): "unusable stream description (\(key))"
            case .badSize(let width, let height): "unsupported frame size \(width)×\(height)"
            }
        }
    }

    /// The most bytes of probe output looked at (a real description is a few hundred bytes).
    static let maximumBytes = 1 << 16
    /// The largest frame side accepted (as `DecodeLimits.maxDimension` for photos).
    static let maximumSide = 32768

    /// Parses `ffprobe -show_entries stream=codec_type,codec_name,width,height,r_frame_rate,avg_frame_rate,nb_frames,duration,
    /// pix_fmt,color_space,color_range,color_primaries,color_transfer:
    /// stream_side_data=rotation:format=duration -of default=noprint_wrappers=1` output. Sections
    /// are not marked in that form, so the first stream whose `codec_type` is video is taken: its
    /// keys are the ones that follow its `codec_type` line, up to the next `codec_type` line.
    static func parse(_ bytes: some Collection<UInt8>) throws(ParseError) -> VideoStreamInfo {
        var streamType: String?
        var video: [String: String] = [:]
        var seenVideo = false
        var audioCodecs: [String] = []
        var codecName: String?
        var formatDuration: String?
        for line in bytes.prefix(maximumBytes).split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true) {
            guard let equals = line.firstIndex(of: UInt8(ascii: "=")) else { continue }
            let key = String(decoding: line[..<equals], as: UTF8.self)
            var value = String(decoding: line[line.index(after: equals)...], as: UTF8.self)
            if value.hasSuffix("\r") { value.removeLast() }
            switch key {
            case "codec_name":
                // A stream's codec_name comes before its codec_type.
                codecName = value
            case "codec_type":
                streamType = value
                if value == "audio" { audioCodecs.append(codecName.flatMap(Self.ffmpegName) ?? "unknown") }
                codecName = nil
                if value == "video" && seenVideo { streamType = "second video" }
                if value == "video" { seenVideo = true }
            case "width", "height", "r_frame_rate", "avg_frame_rate", "nb_frames", "rotation", "pix_fmt", "color_space",
                "color_primaries", "color_transfer",
                "color_range":
                if streamType == "video", video[key] == nil { video[key] = value }
            case "duration":
                // A stream's duration follows its codec_type; the format's comes last, outside any.
                if streamType == "video", video[key] == nil { video[key] = value } else { formatDuration = value }
            default:
                continue
            }
        }
        guard seenVideo else { throw .noVideoStream }
        guard var width = video["width"].flatMap(Self.integer), var height = video["height"].flatMap(Self.integer)
        else { throw .badValue("width, height") }
        guard width >= 1, height >= 1, width <= maximumSide, height <= maximumSide else {
            throw .badSize(width: width, height: height)
        }
        if let rotation = video["rotation"].flatMap(Self.integer), abs(rotation) % 180 == 90 {
            swap(&width, &height)
        }
        guard var rate = video["r_frame_rate"].flatMap(Self.frameRate) else { throw .badValue("r_frame_rate") }
        if let average = video["avg_frame_rate"].flatMap(Self.frameRate), rate.value > 120,
            rate.value > 2 * average.value
        {
            rate = average
        }
        let frameCount = video["nb_frames"].flatMap(Self.integer).flatMap { $0 > 0 ? $0 : nil }
        let duration = (video["duration"].flatMap(Self.seconds)) ?? formatDuration.flatMap(Self.seconds)
        return VideoStreamInfo(
            width: width, height: height, frameRate: rate, frameCount: frameCount, duration: duration,
            audioCodecs: audioCodecs,
            colors: VideoColors(
                colorSpace: video["color_space"], colorRange: video["color_range"], pixelFormat: video["pix_fmt"],
                primaries: video["color_primaries"], transfer: video["color_transfer"]))
    }

    /// `text` when it can be one of ffmpeg's names of a codec or a colour property (1–32 of `a`–`z`,
    /// `0`–`9`, `_`, `-`: `pcm_s16le`, `arib-std-b67`), so that it can go on ffmpeg's command line;
    /// else `nil`.
    static func ffmpegName(_ text: String) -> String? {
        guard (1...32).contains(text.utf8.count),
            text.utf8.allSatisfy({
                (97...122).contains($0) || (48...57).contains($0) || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-")
            })
        else { return nil }
        return text
    }

    /// A decimal integer of at most 9 digits with an optional sign, or `nil` (`N/A`, overflow, junk).
    static func integer(_ text: String) -> Int? {
        let digits = text.hasPrefix("-") || text.hasPrefix("+") ? text.dropFirst() : Substring(text)
        guard !digits.isEmpty, digits.count <= 9, digits.utf8.allSatisfy({ (48...57).contains($0) }) else {
            return nil
        }
        return text.hasPrefix("-") ? -Int(digits)! : Int(digits)!
    }

    /// `N/D` with both parts whole and positive and a rate from 1/1000 to 1000 frames per second.
    static func frameRate(_ text: String) -> FrameRate? {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let numerator = integer(String(parts[0])), let denominator = integer(String(parts[1])),
            numerator > 0, denominator > 0
        else { return nil }
        let rate = FrameRate(numerator: numerator, denominator: denominator)
        guard rate.value >= 0.001, rate.value <= 1000 else { return nil }
        return rate
    }

    /// A finite, non-negative number of seconds below 10^7 (about 116 days).
    static func seconds(_ text: String) -> Double? {
        guard text.utf8.count <= 32, text.utf8.allSatisfy({ (48...57).contains($0) || $0 == UInt8(ascii: ".") }),
            let value = Double(text), value.isFinite, value >= 0, value < 1e7
        else { return nil }
        return value
    }
}
