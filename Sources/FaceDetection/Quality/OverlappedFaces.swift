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

    /// The largest share, 0…1, of `face`'s box that one of `others`' boxes covers.
    static func coveredShare(of face: Rect, by others: [Rect]) -> Float {
        guard face.area > 0 else { return 0 }
        var covered: Float = 0
        for other in others {
            let w = max(0, min(face.x + face.width, other.x + other.width) - max(face.x, other.x))
            let h = max(0, min(face.y + face.height, other.y + other.height) - max(face.y, other.y))
            covered = max(covered, min(w * h / face.area, 1))
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
            guard let quality = face.captureQuality else { return face }
            var others = boxes
            others.remove(at: i)
            face.captureQuality = quality * (1 - weight * coveredShare(of: boxes[i], by: others))
            return face
        }
    }
}
