import FaceDetection

/// A picture that `HidingBuffer` holds back and the output gets: an `RGBImage` (image sequences)
/// or a `VideoFrame` (videos, kept in the decoder's YCbCr).
protocol HeldFrame: Sendable {
    /// Hides each box of `hidden` as `anonymization` says (`--blur`, `--pixelate`), or with none
    /// draws `faces`.
    mutating func render(hidden: [Rect], faces: [Face], anonymization: CommandLineOptions.Anonymization?)
}

extension RGBImage: HeldFrame {
    /// Hides `hidden`, or draws `faces` (`HeldFrame`).
    mutating func render(hidden: [Rect], faces: [Face], anonymization: CommandLineOptions.Anonymization?) {
        switch anonymization {
        case .blur?: for box in hidden { blur(box) }
        case .pixelate?: for box in hidden { pixelate(box) }
        case nil: draw(faces)
        }
    }
}

extension VideoFrame: HeldFrame {
    /// Hides `hidden`, or draws `faces` (`HeldFrame`).
    mutating func render(hidden: [Rect], faces: [Face], anonymization: CommandLineOptions.Anonymization?) {
        switch anonymization {
        case .blur?: for box in hidden { blur(box) }
        case .pixelate?: for box in hidden { pixelate(box) }
        case nil: draw(faces)
        }
    }
}
