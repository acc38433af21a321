/// Greedy non-maximum suppression as in MTCNN's reference: take the highest score, drop every
/// remaining box that overlaps it by more than `threshold`, repeat. Areas count pixels inclusively
/// (`x2 − x1 + 1`).
enum NonMaximumSuppression {
    /// How overlap is measured.
    enum Overlap {
        /// Intersection over union.
        case union
        /// Intersection over the smaller area.
        case minimum
    }

    /// The indices (into `boxes`) of the kept candidates, highest score first.
    static func keep(_ boxes: [MTCNNCandidate], threshold: Float, overlap: Overlap) -> [Int] {
        let sorted = boxes.indices.sorted { boxes[$0].score > boxes[$1].score }
        var suppressed = [Bool](repeating: false, count: sorted.count)
        var kept: [Int] = []
        for i in sorted.indices where !suppressed[i] {
            let a = boxes[sorted[i]]
            kept.append(sorted[i])
            let areaA = (a.x2 - a.x1 + 1) * (a.y2 - a.y1 + 1)
            for j in (i + 1)..<sorted.count where !suppressed[j] {
                let b = boxes[sorted[j]]
                let w = max(0, min(a.x2, b.x2) - max(a.x1, b.x1) + 1)
                let h = max(0, min(a.y2, b.y2) - max(a.y1, b.y1) + 1)
                let inter = w * h, areaB = (b.x2 - b.x1 + 1) * (b.y2 - b.y1 + 1)
                let o = overlap == .union ? inter / (areaA + areaB - inter) : inter / min(areaA, areaB)
                if o > threshold { suppressed[j] = true }
            }
        }
        return kept
    }

    /// The kept candidates, highest score first.
    static func apply(_ boxes: [MTCNNCandidate], threshold: Float, overlap: Overlap) -> [MTCNNCandidate] {
        keep(boxes, threshold: threshold, overlap: overlap).map { boxes[$0] }
    }
}
