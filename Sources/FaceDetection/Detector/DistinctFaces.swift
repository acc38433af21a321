/// Each face once: the rule every face the detector reports has passed, in every mode and orientation
/// (fast, accurate, thorough, turned pictures, video frames), applied once to the faces as measured,
/// after the mesh has moved their boxes.
///
/// A face is dropped when a better face overlaps it by an IoU above ``NonMaximumSuppression/sameFace``;
/// when its box is narrower than the smallest face looked for, allowing only the box regression's slack
/// (``leastWidthRatio`` of it: the boxes of true faces at the minimum size come out up to about a fifth
/// narrower than the faces, docs/what-is-reported.md); or when a better face kept overlaps it mostly: by
/// an intersection over the smaller box of at least ``smallerOverlap``, the two being about one face's
/// size (the narrower at least ``similarWidth`` of the wider one's width), or of at least
/// ``alignedOverlap`` when the two boxes also share their top and bottom edges (each within
/// ``alignedEdges`` of the taller box's height): two boxes on one face that disagree only sideways. So a
/// face and a box on a part of it (its half at the frame's edge, its lower part) are one face, while a
/// small face at the edge of a large face's box (a child in front of a parent, a face in the crowd
/// behind) stays.
enum DistinctFaces {
    /// The least box width of a face, as a fraction of the smallest face looked for.
    static let leastWidthRatio: Float = 0.8
    /// The intersection over the smaller box from which two faces of a size are one.
    static let smallerOverlap: Float = 0.7
    /// The least ratio of the narrower box's width to the wider one's for `smallerOverlap` to apply.
    static let similarWidth: Float = 0.5
    /// The intersection over the smaller box from which two faces of a size whose top and bottom
    /// edges agree are one.
    static let alignedOverlap: Float = 0.6
    /// How far apart, as a fraction of the taller box's height, two boxes' top edges and their bottom
    /// edges may be for `alignedOverlap` to apply.
    static let alignedEdges: Float = 0.1

    /// The overlap of two boxes: IoU, and the intersection over the smaller box.
    static func overlaps(
        _ a: NonMaximumSuppression.Corners, _ b: NonMaximumSuppression.Corners
    ) -> (union: Float, smaller: Float) {
        let w = max(0, min(a.x2, b.x2) - max(a.x1, b.x1))
        let h = max(0, min(a.y2, b.y2) - max(a.y1, b.y1))
        let inter = w * h
        let areaA = (a.x2 - a.x1) * (a.y2 - a.y1)
        let areaB = (b.x2 - b.x1) * (b.y2 - b.y1)
        return (inter / (areaA + areaB - inter), inter / min(areaA, areaB))
    }

    /// Whether `b` is a part of the face `a` is: two boxes about one face's size, one mostly inside the
    /// other, or much inside it and level with it.
    static func isPart(_ a: NonMaximumSuppression.Corners, _ b: NonMaximumSuppression.Corners) -> Bool {
        let (widthA, widthB) = (a.x2 - a.x1, b.x2 - b.x1)
        guard min(widthA, widthB) >= similarWidth * max(widthA, widthB) else { return false }
        let smaller = overlaps(a, b).smaller
        if smaller >= smallerOverlap { return true }
        let edges = alignedEdges * max(a.y2 - a.y1, b.y2 - b.y1)
        return smaller >= alignedOverlap && abs(a.y1 - b.y1) < edges && abs(a.y2 - b.y2) < edges
    }

    /// The indices of the faces of `boxes` and `scores` that the rule keeps, looking for faces of at
    /// least `minFace` pixels, highest score first (equal scores in their given order). In three steps,
    /// each only taking faces away: the faces that no better face overlaps by an IoU above
    /// ``NonMaximumSuppression/sameFace``; of those, the ones at least `leastWidthRatio` × `minFace`
    /// wide; of those, the ones that are no part of a better one kept (`isPart`).
    static func keptIndices(_ boxes: [NonMaximumSuppression.Corners], scores: [Float], minFace: Int) -> [Int] {
        precondition(boxes.count == scores.count)
        let order = boxes.indices.sorted { scores[$0] > scores[$1] }
        var distinct: [Int] = []
        for i in order
        where !distinct.contains(where: { overlaps(boxes[$0], boxes[i]).union > NonMaximumSuppression.sameFace }) {
            distinct.append(i)
        }
        let leastWidth = leastWidthRatio * Float(minFace)
        var kept: [Int] = []
        for i in distinct where boxes[i].x2 - boxes[i].x1 >= leastWidth {
            if !kept.contains(where: { isPart(boxes[$0], boxes[i]) }) { kept.append(i) }
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
