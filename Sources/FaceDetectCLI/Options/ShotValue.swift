import FaceDetection

/// How good a shot a face or a photo is, for `--best` and `--rank`: the face's capture quality
/// (``Face/captureQuality``: sharp, well exposed, frontal, not hidden, big enough) times how open
/// its eyes are, ½ + ½ × the less open eye's probability, so that a blink halves a face's value
/// and a face whose eyes were not measured keeps its quality (docs/quality.md).
enum ShotValue {
    /// The value of `face`, 0…1; nil when its quality was not measured (a face narrower than the
    /// faces measured in full, or options without landmarks and classification).
    static func of(_ face: Face) -> Float? {
        guard let quality = face.captureQuality else { return nil }
        let eyes = [face.leftEyeOpenProbability, face.rightEyeOpenProbability].compactMap { $0 }
        guard let lessOpen = eyes.min() else { return quality }
        return quality * (0.5 + 0.5 * lessOpen)
    }

    /// The value of a photo with `faces`, for choosing among shots of the same scene: its worst
    /// measured face's (everyone must be sharp, with open eyes), nil when no face was measured.
    static func of(photo faces: [Face]) -> Float? {
        faces.compactMap(of).min()
    }
}
