import FaceDetection

/// Detection in photos read reduced (`DecodedImage(contentsOf:reducedFor:)`): faces always come back
/// in the full picture's coordinates. The policy the command-line tool uses.
extension FaceDetector {
    /// The largest reduction (1, 2, 4 or 8) at which an upright picture `fullWidth` pixels wide still
    /// shows the smallest face to look for (`options.minFaceSize`) at least twice this detector's
    /// window (`smallestFace`): at one or two windows the detectors find fewer faces (on
    /// detection-dev at the default 0.1, the cascade found 120 true faces with this margin, 98 at full
    /// size and 78 with a one-window margin). E.g. 8 for a 4000-pixel-wide photo at the default
    /// `.fraction(0.1)` with YuNet: a 400-pixel face over twice its 10-pixel window allows 20, and 8
    /// is the most libjpeg reduces.
    package func largestReduction(forFullWidth fullWidth: Int) -> Int {
        ImageCodec.dctScale(forMaxScale: options.minFaceSize.pixels(forImageWidth: fullWidth) / (2 * smallestFace))
    }

    /// The faces in `decoded`, in the coordinates of the full-size picture however reduced it was
    /// decoded (boxes, landmarks and contours multiplied by `decoded.scale`), looking for the smallest
    /// face of the full picture (`.pixels(N)` is N full-size pixels).
    public func detect(in decoded: DecodedImage) -> [Face] {
        detect(in: decoded.image, reducedBy: decoded.scale)
    }
}
