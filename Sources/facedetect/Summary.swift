/// The human-readable report of one image: `photo.jpg: 2 faces`, then one line per face with its
/// box `[x, y, width, height]` in pixels and its score.
enum Summary {
    /// The lines for `record` (a successful one: failures go to standard error instead).
    static func lines(for record: PredictionRecord) -> [String] {
        let count = record.faces.count
        var lines = ["\(record.file): \(count) face\(count == 1 ? "" : "s")"]
        for face in record.faces {
            let box = face.bounds
            let numbers = [box.x, box.y, box.width, box.height]
                .map { JSONText.fixedPoint(Double($0), decimals: 1, trimmed: true) }
            let score = JSONText.fixedPoint(Double(face.score), decimals: 3, trimmed: false)
            lines.append("  [\(numbers.joined(separator: ", "))] score \(score)")
        }
        return lines
    }
}
