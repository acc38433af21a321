/// Each face once: the rule every face the detector reports has passed, in every mode and orientation,
/// applied once to the faces as measured (after the mesh has moved their boxes).
///
/// A face is dropped when its box is narrower than the smallest face looked for, allowing only the
/// box regression's slack (``leastWidthRatio`` of it: the boxes of true faces at the minimum size come
/// out up to a fifth narrower than the faces; docs/what-is-reported.md measures it), or when a better
/// face overlaps it mostly: by an IoU above ``NonMaximumSuppression/sameFace``, or by an intersection
/// over the smaller box of at least ``smallerOverlap`` when the two are about one face's size (the
/// narrower at least ``similarWidth`` of the wider one's width), so that a face and a box on part of
/// it (its half at the frame's edge, its lower part) are one face, while a small face at the edge of a
/// large face's box (a child in front of a parent, a face in the crowd behind) stays.
enum DistinctFaces {
    /// The least box width of a face, as a fraction of the smallest face looked for.
    static let leastWidthRatio: Float = 0.8
    /// The intersection over the smaller box from which two faces of a size are one.
    static let smallerOverlap: Float = 0.7
    /// The least ratio of the narrower box's width to the wider one's for `smallerOverlap` to apply.
    static let similarWidth: Float = 0.5

    /// Whether `b` is the face `a` is (or a part of it), by the rule's overlaps.
    static func sameFace(_ a: NonMaximumSuppression.Corners, _ b: NonMaximumSuppression.Corners) -> Bool {
        let w = max(0, min(a.x2, b.x2) - max(a.x1, b.x1))
        let h = max(0, min(a.y2, b.y2) - max(a.y1, b.y1))
        let inter = w * h
        let areaA = (a.x2 - a.x1) * (a.y2 - a.y1)
        let areaB = (b.x2 - b.x1) * (b.y2 - b.y1)
        if inter / (areaA + areaB - inter) > NonMaximumSuppression.sameFace { return true }
        let (widthA, widthB) = (a.x2 - a.x1, b.x2 - b.x1)
        return min(widthA, widthB) >= similarWidth * max(widthA, widthB)
            && inter >= smallerOverlap * min(areaA, areaB)
    }

    /// The indices of the faces of `boxes` and `scores` that the rule keeps, looking for faces of at
    /// least `minFace` pixels: highest score first (equal scores in their given order), each at least
    /// `leastWidthRatio` × `minFace` wide and none the same face as a better one.
    static func keptIndices(_ boxes: [NonMaximumSuppression.Corners], scores: [Float], minFace: Int) -> [Int] {
        precondition(boxes.count == scores.count)
        let leastWidth = leastWidthRatio * Float(minFace)
        let order = boxes.indices.filter { boxes[$0].x2 - boxes[$0].x1 >= leastWidth }.sorted {
            scores[$0] > scores[$1]
        }
        var kept: [Int] = []
        for i in order where !kept.contains(where: { sameFace(boxes[$0], boxes[i]) }) {
            kept.append(i)
        }
        return kept
    }

    /// The faces of `faces` that the rule keeps (see `keptIndices`), best first.
    static func kept(_ faces: [FaceMeasurement], minFace: Int) -> [FaceMeasurement] {
        let kept = keptIndices(
            faces.map { NonMaximumSuppression.Corners($0.face) }, scores: faces.map(\.face.score), minFace: minFace)
        return kept.map { faces[$0] }
    }
}
