import FaceDetection

/// How a video's YCbCr samples map to colours: the matrix and range its stream declares, which
/// the frames are converted to RGB with (for the detector, and for the pixels hiding and drawing
/// change) and converted back with; the output is tagged with these and with the stream's
/// primaries and transfer (an HDR video's HLG or PQ), so that players show it as they showed the
/// source.
///
/// Only what ffmpeg hands over matters: a `yuv420p` stream tagged full range (`color_range=pc`)
/// reaches the tool as it is, but any other pixel format is converted, to video range (`yuvj420p`,
/// full-range 4:4:4, RGB, which it also turns into BT.601 YCbCr).
/// A stream without a tag, or with one other than BT.709 or BT.2020 (non-constant luminance), is
/// read as BT.601 (what players assume for standard definition).
struct VideoColors: Sendable, Equatable {
    /// The range of the samples as decoded.
    var range: PixelFormat.YUVRange
    /// The matrix.
    var matrix: PixelFormat.YUVMatrix
    /// ffmpeg's name of the stream's matrix (`color_space`), to tag the output with, when known.
    var spaceTag: String?
    /// ffmpeg's name of the stream's range (`color_range`: `tv` or `pc`), when known.
    var rangeTag: String?
    /// ffmpeg's name of the stream's primaries (`color_primaries`, e.g. `bt2020`), when known.
    var primariesTag: String? = nil
    /// ffmpeg's name of the stream's transfer (`color_transfer`, e.g. `arib-std-b67`), when known.
    var transferTag: String? = nil

    /// BT.601 at video range, untagged: frame sequences, and streams that say nothing.
    static let standard = VideoColors(range: .video, matrix: .bt601, spaceTag: nil, rangeTag: nil)

    /// The colours of a stream whose `ffprobe` description gives `colorSpace`, `colorRange`,
    /// `pixelFormat`, `primaries` and `transfer` (any of them missing or `unknown`).
    init(
        colorSpace: String?, colorRange: String?, pixelFormat: String?, primaries: String? = nil,
        transfer: String? = nil
    ) {
        primariesTag = primaries.flatMap(Self.tag)
        transferTag = transfer.flatMap(Self.tag)
        // The YCbCr matrices only: an RGB stream's `gbr` reaches the tool converted by ffmpeg (BT.601).
        let knownSpaces: Set = ["bt709", "smpte170m", "bt470bg", "fcc", "smpte240m", "bt2020nc", "bt2020c"]
        spaceTag = colorSpace.flatMap { knownSpaces.contains($0) ? $0 : nil }
        switch colorSpace {
        case "bt709": matrix = .bt709
        case "bt2020nc": matrix = .bt2020
        default: matrix = .bt601
        }
        range = colorRange == "pc" && pixelFormat == "yuv420p" ? .full : .video
        rangeTag = colorRange == "tv" || colorRange == "pc" ? (range == .full ? "pc" : "tv") : nil
    }

    /// The colours as given.
    init(range: PixelFormat.YUVRange, matrix: PixelFormat.YUVMatrix, spaceTag: String?, rangeTag: String?) {
        self.range = range
        self.matrix = matrix
        self.spaceTag = spaceTag
        self.rangeTag = rangeTag
    }

    /// The frames' format as the library reads it.
    var format: PixelFormat { .i420(range, matrix: matrix) }

    /// ffmpeg's output options that tag the written stream as the source was tagged.
    var outputTags: [String] {
        (spaceTag.map { ["-colorspace", $0] } ?? []) + (rangeTag.map { ["-color_range", $0] } ?? [])
            + (primariesTag.map { ["-color_primaries", $0] } ?? []) + (transferTag.map { ["-color_trc", $0] } ?? [])
    }

    /// `name` when it is one of ffmpeg's names (`VideoStreamInfo.ffmpegName(_:)`) and says
    /// something (`unknown`, `reserved` and `unspecified` do not), else `nil`.
    static func tag(_ name: String) -> String? {
        guard !["unknown", "reserved", "unspecified"].contains(name) else { return nil }
        return VideoStreamInfo.ffmpegName(name)
    }

    /// The luma weights Kr and Kb of the matrix.
    private var weights: (kr: Float, kb: Float) {
        let (red, blue) = matrix.lumaWeights
        return (Float(red), Float(blue))
    }

    /// The luma sample of a colour (the inverse of the library's conversion).
    func luma(_ r: Float, _ g: Float, _ b: Float) -> UInt8 {
        let (kr, kb) = weights
        let y = kr * r + (1 - kr - kb) * g + kb * b
        return Self.byte(range == .video ? 16 + y * 219 / 255 : y)
    }

    /// The Cb and Cr samples of a colour.
    func chroma(_ r: Float, _ g: Float, _ b: Float) -> (cb: UInt8, cr: UInt8) {
        let (kr, kb) = weights
        let y = kr * r + (1 - kr - kb) * g + kb * b
        let scale: Float = range == .video ? 224 / 255 : 1
        return (
            Self.byte(128 + scale * (b - y) / (2 * (1 - kb))),
            Self.byte(128 + scale * (r - y) / (2 * (1 - kr)))
        )
    }

    /// `value` rounded and clamped to a byte.
    private static func byte(_ value: Float) -> UInt8 { UInt8(min(max(value.rounded(), 0), 255)) }
}
