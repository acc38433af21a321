import FaceDetection

/// A picture that `HidingBuffer` holds back and the output gets: an `RGBImage` (image sequences)
/// or a `VideoFrame` (videos, kept in the decoder's YCbCr).
protocol HeldFrame: Sendable {
    /// Hides each box of `hidden` as `hiding` says (`--blur`, `--pixelate`, `--fill`, `--hide-shape`),
    /// or with none draws `faces`.
    mutating func render(hidden: [Rect], faces: [Face], hiding: HidingStyle?)
}

extension RGBImage: HeldFrame {
    /// Hides `hidden`, or draws `faces` (`HeldFrame`).
    mutating func render(hidden: [Rect], faces: [Face], hiding: HidingStyle?) {
        guard let hiding else { return draw(faces) }
        for box in hidden { hide(box, style: hiding) }
    }
}

extension VideoFrame: HeldFrame {
    /// Hides `hidden`, or draws `faces` (`HeldFrame`).
    mutating func render(hidden: [Rect], faces: [Face], hiding: HidingStyle?) {
        guard let hiding else { return draw(faces) }
        for box in hidden { hide(box, style: hiding) }
    }
}
