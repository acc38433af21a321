/// The grey level of an RGB pixel: one rule per use, each the rule of the reference that its
/// model was trained or checked against, so that the model sees the values it expects.
enum GreyLevel {
    /// The cascade detector's rule: OpenCV's fixed-point BT.601 weights,
    /// `(9798 R + 19235 G + 3735 B + 16384) >> 15`, as `cv::cvtColor(COLOR_RGB2GRAY)` computes 8-bit
    /// images in OpenCV 4.x, so that cascade windows see exactly the values OpenCV's detector sees.
    @inline(__always)
    static func cascade(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> UInt8 {
        UInt8(truncatingIfNeeded: (UInt32(r) &* 9798 &+ UInt32(g) &* 19235 &+ UInt32(b) &* 3735 &+ 16384) >> 15)
    }

    /// The shape predictor's rule: dlib's for RGB pixels, `(R + G + B) / 3` rounded down (dlib's
    /// `pixel.h`), what dlib's predictor sees when given an RGB image.
    @inline(__always)
    static func landmarks(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> UInt8 {
        UInt8((UInt16(r) + UInt16(g) + UInt16(b)) / 3)
    }
}
