/// How the pixels of a ``PixelBuffer`` are laid out in memory: what camera APIs and video decoders
/// hand out (Android's `ImageFormat`, Core Video's pixel format types), named for the byte order.
public enum PixelFormat: Sendable, Equatable, Hashable {
    /// Three bytes per pixel, `R, G, B`; one plane.
    case rgb8
    /// Four bytes per pixel, `R, G, B, A`; one plane.
    case rgba8(Alpha)
    /// Four bytes per pixel, `B, G, R, A` (Core Video's `32BGRA`, Android's `RGBA_8888` read as
    /// little-endian words); one plane.
    case bgra8(Alpha)
    /// One byte per pixel, grey; one plane. The detector sees it as an RGB picture with R = G = B.
    case gray8
    /// 4:2:0 YCbCr in two planes: Y (one byte per pixel), then Cb, Cr interleaved at half
    /// resolution in both directions (Core Video's `420YpCbCr8BiPlanar…`, Android's `YUV_420_888`
    /// with a pixel stride of 2); colours through `matrix` (BT.601 unless said).
    case nv12(YUVRange, matrix: YUVMatrix = .bt601)
    /// As ``nv12(_:matrix:)`` with Cr before Cb in the second plane (Android's camera `NV21`).
    case nv21(YUVRange, matrix: YUVMatrix = .bt601)
    /// 4:2:0 YCbCr in three planes: Y, Cb, Cr, the last two at half resolution in both directions
    /// (`YV12` is the same with the last two planes swapped: pass them in this order).
    case i420(YUVRange, matrix: YUVMatrix = .bt601)

    /// What the fourth byte of an RGBA or BGRA pixel means for the colour.
    public enum Alpha: Sendable, Equatable, Hashable {
        /// The colour bytes are the colour itself (alpha is ignored: faces are found in the colour,
        /// whatever is behind a transparent pixel).
        case straight
        /// The colour bytes were multiplied by alpha (Core Graphics' and Core Video's usual
        /// layout); the conversion divides them back (`c × 255 / a`, rounded, at most 255; 0 where
        /// alpha is 0).
        case premultiplied
    }

    /// The value range of a YCbCr format's samples.
    public enum YUVRange: Sendable, Equatable, Hashable {
        /// Luma 16…235 and chroma 16…240, the usual range of video (Core Video's `…VideoRange`).
        case video
        /// Luma and chroma 0…255, as JPEG and Android's camera frames use (Core Video's `…FullRange`).
        case full
    }

    /// The matrix that turns a YCbCr format's samples into RGB: what the source says it used
    /// (Core Video's `kCVImageBufferYCbCrMatrixKey`, a video stream's `color_space`).
    public enum YUVMatrix: Sendable, Equatable, Hashable {
        /// ITU-R BT.601: JPEG, standard-definition video, most Android camera frames.
        case bt601
        /// ITU-R BT.709: high-definition video (720p and up), and the HD camera frames of Core Video.
        case bt709
        /// ITU-R BT.2020 (non-constant luminance): HDR and wide-gamut video, as phones record HDR
        /// (the samples are converted with its matrix; the transfer, HLG or PQ, is not undone).
        case bt2020

        /// The weights of red (Kr) and blue (Kb) in luma, which define the matrix (green's is
        /// 1 − Kr − Kb): Y = Kr R + (1 − Kr − Kb) G + Kb B.
        public var lumaWeights: (red: Double, blue: Double) {
            switch self {
            case .bt601: (0.299, 0.114)
            case .bt709: (0.2126, 0.0722)
            case .bt2020: (0.2627, 0.0593)
            }
        }
    }

    /// How many planes a buffer of this format has (1 for the packed formats, 2 for NV12/NV21, 3
    /// for I420).
    public var planeCount: Int {
        switch self {
        case .rgb8, .rgba8, .bgra8, .gray8: return 1
        case .nv12, .nv21: return 2
        case .i420: return 3
        }
    }

    /// The bytes that one row of plane `plane` needs at least, for a picture `width` pixels wide
    /// (half-resolution chroma planes round up: a 5-pixel row has 3 chroma samples).
    public func bytesPerRow(ofPlane plane: Int, width: Int) -> Int {
        let chromaWidth = (width + 1) / 2
        switch self {
        case .rgb8: return width * 3
        case .rgba8, .bgra8: return width * 4
        case .gray8: return width
        case .nv12, .nv21: return plane == 0 ? width : chromaWidth * 2
        case .i420: return plane == 0 ? width : chromaWidth
        }
    }

    /// The rows of plane `plane` for a picture `height` pixels high (chroma planes of the 4:2:0
    /// formats have half as many, rounded up).
    public func rows(ofPlane plane: Int, height: Int) -> Int {
        switch self {
        case .rgb8, .rgba8, .bgra8, .gray8: return height
        case .nv12, .nv21, .i420: return plane == 0 ? height : (height + 1) / 2
        }
    }
}
