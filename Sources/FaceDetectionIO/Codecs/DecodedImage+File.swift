import FaceDetection

extension DecodedImage {
    /// Reads and decodes the JPEG, PNG, HEIF (HEIC), AVIF or WebP file at `path` (never modifying it):
    /// the library's one way to read an image file.
    ///
    /// The format is decided by the content, not the extension. The image is RGB8 and upright (the
    /// EXIF orientation of a JPEG, PNG or WebP is applied; a HEIF or AVIF file's primary image with its
    /// own rotation, mirroring and cropping). `limits` are checked on the header before pixel memory
    /// is allocated. Grey becomes R = G = B; alpha is composited over white; 16-bit PNG samples are
    /// rounded to 8 bits; CMYK/YCCK JPEGs become RGB; of an animated WebP, the first frame is read
    /// (with a warning). A truncated JPEG that libjpeg can partly decode succeeds, with the warning
    /// "Premature end of JPEG file" first in `warnings`; a truncated PNG fails.
    ///
    /// With `reducedFor: detector`, a large JPEG is decoded only as large as the smallest face the
    /// detector looks for needs: at 1/2, 1/4 or 1/8 size through libjpeg's DCT scaling (far faster than
    /// a full decode), while that face stays at least twice the detector's window. `scale` says how
    /// much; `fullWidth` and `fullHeight` are the full size either way, and
    /// `detector.detect(in: decoded)` returns the faces in the full picture's coordinates. The other
    /// formats always decode at full size.
    public init(
        contentsOf path: String, limits: DecodeLimits = .init(), reducedFor detector: FaceDetector? = nil
    ) throws(ImageCodecError) {
        self = try ImageCodec.read(path: path, limits: limits) { fullWidth, _ in
            detector?.largestReduction(forFullWidth: fullWidth) ?? 1
        }
    }
}
