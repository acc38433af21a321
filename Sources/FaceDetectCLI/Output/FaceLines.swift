import FaceDetectRecords

/// The text Debian's older `facedetect` printed, kept so that its scripts run unchanged: one line
/// per face, `x y w h` in whole pixels (origin at the top-left corner), or `x y` of the centre
/// with `--center`. With several inputs each line starts with the path and `: `, as `grep` does.
enum FaceLines {
    /// The lines for `record`.
    static func lines(for record: PredictionRecord, center: Bool, withPath: Bool) -> [String] {
        record.faces.map { face in
            let box = face.bounds
            let numbers =
                center
                ? [box.x + box.width / 2, box.y + box.height / 2]
                : [box.x, box.y, box.width, box.height]
            let text = numbers.map { String(Int($0.rounded())) }.joined(separator: " ")
            return withPath ? "\(record.file): \(text)" : text
        }
    }
}
