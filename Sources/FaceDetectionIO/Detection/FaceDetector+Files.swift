import FaceDetection

/// Reading photos for a detector: a large JPEG is decoded only as large as the smallest face to
/// look for needs (libjpeg's DCT scaling at 1/2, 1/4 or 1/8, far faster than a full decode), and
/// faces always come back in the full picture's coordinates. The policy the command-line tool uses.
extension FaceDetector {
    /// The largest reduction (1, 2, 4 or 8) at which an upright picture `fullWidth` pixels wide still
    /// shows the smallest face to look for (`options.minFaceSize`) at least twice this detector's
    /// window (`smallestFace`): at one or two windows the detectors find fewer faces (on
    /// detection-dev at the default 0.1, the cascade found 120 true faces with this margin, 98 at full
    /// size and 78 with a one-window margin). E.g. 8 for a 4000-pixel-wide photo at the default
    /// `.fraction(0.1)` with YuNet: a 400-pixel face over twice its 10-pixel window allows 20, and 8
    /// is the most libjpeg reduces.
    public func largestReduction(forFullWidth fullWidth: Int) -> Int {
        ImageCodec.dctScale(forMaxScale: options.minFaceSize.pixels(forImageWidth: fullWidth) / (2 * smallestFace))
    }

    /// Reads and decodes the image at `path` (as `ImageCodec.read(path:limits:maxScale:)` does) at
    /// the smallest size this detector needs: a JPEG at 1/`largestReduction(forFullWidth:)` of its
    /// upright width, a PNG at full size. `DecodedImage.scale` says which; `fullWidth` and
    /// `fullHeight` are the full size either way. Pass the result to `detect(in:)`.
    public func readImage(atPath path: String, limits: DecodeLimits = .init()) throws -> DecodedImage {
        try ImageCodec.read(path: path, limits: limits) { fullWidth, _ in largestReduction(forFullWidth: fullWidth) }
    }

    /// The faces in `decoded`, in the coordinates of the full-size picture however reduced it was
    /// decoded (boxes, landmarks and contours multiplied by `decoded.scale`), looking for the smallest
    /// face of the full picture (`.pixels(N)` is N full-size pixels).
    public func detect(in decoded: DecodedImage) -> [Face] {
        detect(in: decoded.image, reducedBy: decoded.scale)
    }

    /// The faces in the image file at `path` (JPEG, PNG, HEIF, AVIF or WebP, upright), in full-size coordinates,
    /// decoding a large JPEG only as large as `options.minFaceSize` needs: `readImage(atPath:limits:)`
    /// then `detect(in:)`. Throws `ImageCodecError` when the file cannot be read or decoded.
    public func detect(inFileAt path: String, limits: DecodeLimits = .init()) throws -> [Face] {
        try detect(in: readImage(atPath: path, limits: limits))
    }
}
