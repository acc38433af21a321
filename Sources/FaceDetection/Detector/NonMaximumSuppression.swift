/// Greedy non-maximum suppression: take the highest score, drop every remaining box that overlaps
/// it by more than `threshold`, repeat. Works on indices, so that whatever belongs to a box (its
/// landmarks, its regression) stays with the caller.
enum NonMaximumSuppression {
    /// How overlap is measured.
    enum Overlap {
        /// Intersection over union.
        case union
        /// Intersection over the smaller area.
        case minimum
    }

    /// A box by its corners, as the suppression compares them.
    struct Corners: Sendable {
        /// Left, top, right and bottom edges.
        var x1: Float, y1: Float, x2: Float, y2: Float
    }

    /// The overlap above which two faces' boxes are taken for one face: YuNet's (and OpenCV's
    /// `FaceDetectorYN`'s) suppression threshold, so that no two reported faces overlap by an IoU
    /// of 0.5 or more.
    static let sameFace: Float = 0.45

    /// The indices of the kept boxes, highest score first (equal scores in the order the sort
    /// leaves them). `inclusive` counts pixels as MTCNN's reference does (`x2 − x1 + 1`); otherwise
    /// widths are `x2 − x1`, as OpenCV's `NMSBoxes` measures them.
    static func keptIndices(
        _ boxes: [Corners], scores: [Float], threshold: Float, overlap: Overlap,
        inclusive: Bool
    ) -> [Int] {
        precondition(boxes.count == scores.count)
        let order = boxes.indices.sorted { scores[$0] > scores[$1] }
        let one: Float = inclusive ? 1 : 0
        var suppressed = [Bool](repeating: false, count: order.count)
        var kept: [Int] = []
        for i in order.indices where !suppressed[i] {
            let a = boxes[order[i]]
            kept.append(order[i])
            let areaA = (a.x2 - a.x1 + one) * (a.y2 - a.y1 + one)
            // Overlap of box a with every later, not yet suppressed box.
            for j in (i + 1)..<order.count where !suppressed[j] {
                let b = boxes[order[j]]
                let w = max(0, min(a.x2, b.x2) - max(a.x1, b.x1) + one)
                let h = max(0, min(a.y2, b.y2) - max(a.y1, b.y1) + one)
                let inter = w * h
                let areaB = (b.x2 - b.x1 + one) * (b.y2 - b.y1 + one)
                let o = overlap == .union ? inter / (areaA + areaB - inter) : inter / min(areaA, areaB)
                if o > threshold { suppressed[j] = true }
            }
        }
        return kept
    }

    /// The kept MTCNN candidates, highest score first (pixels counted inclusively).
    static func apply(_ boxes: [MTCNNCandidate], threshold: Float, overlap: Overlap) -> [MTCNNCandidate] {
        keptIndices(
            boxes.map { Corners(x1: $0.x1, y1: $0.y1, x2: $0.x2, y2: $0.y2) }, scores: boxes.map(\.score),
            threshold: threshold, overlap: overlap, inclusive: true
        ).map { boxes[$0] }
    }
}

extension NonMaximumSuppression {
    /// The faces that no better face overlaps by an IoU above `threshold` (boxes as floats, widths
    /// `x2 − x1`), best first.
    static func kept(_ faces: [Face], threshold: Float = sameFace) -> [Face] {
        keptIndices(
            faces.map(Corners.init), scores: faces.map(\.score), threshold: threshold, overlap: .union, inclusive: false
        ).map { faces[$0] }
    }
}

extension NonMaximumSuppression.Corners {
    /// The corners of `face`'s box.
    init(_ face: Face) {
        self.init(x1: face.bounds.x, y1: face.bounds.y, x2: face.bounds.maxX, y2: face.bounds.maxY)
    }
}
