/// The capture quality of faces that overlap one another: a face whose box another reported face
/// covers in part is partly hidden by it, or shows part of it in its crop (two people in one
/// picture), so its ``Face/captureQuality`` is scaled by `1 − weight × covered`, where `covered` is
/// the largest share of its box that one other face's box covers. A face that no other face
/// overlaps keeps its score; a small face at the edge of a large one's box barely lowers the large
/// one's (it covers little of it) and lowers its own. docs/quality.md measures what it does.
enum OverlappedFaces {
    /// How much a face's score falls per share of its box covered (½: a face half covered loses a
    /// quarter).
    static let weight: Float = 0.5

    /// The largest share, 0…1, of `boxes[index]` that one of the other boxes covers.
    static func coveredShare(of index: Int, in boxes: [Rect]) -> Float {
        let face = boxes[index]
        guard face.area > 0 else { return 0 }
        var covered: Float = 0
        for (j, other) in boxes.enumerated() where j != index {
            covered = max(covered, min(face.intersection(other).area / face.area, 1))
        }
        return covered
    }

    /// `faces`, each face's capture quality (where it has one) scaled by the share of its box the
    /// others cover.
    static func scaled(_ faces: [Face]) -> [Face] {
        guard faces.count > 1 else { return faces }
        let boxes = faces.map(\.bounds)
        return faces.indices.map { i in
            var face = faces[i]
            if let quality = face.captureQuality {
                face.captureQuality = quality * (1 - weight * coveredShare(of: i, in: boxes))
            }
            return face
        }
    }
}
