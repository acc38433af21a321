import FaceDetection

/// `--best`: one face out of several, the best shot (``ShotValue``: the capture quality and the
/// eyes' openness) among the faces measured in full; where none was, as Debian's older `facedetect`
/// chose: the highest 0.7 × score + 0.2 × size + 0.1 × closeness to the centre, size being
/// (width + height) / 2 relative to the largest face's. Not the library's policy: `--biggest`/`--prominent-face-only` is
/// `FaceDetector.Options.prominentFaceOnly`, the greatest box area (width × height) alone, chosen
/// before landmarks are computed; `--best` ranks the faces found with everything computed. Kept
/// apart on purpose: `--best` keeps the older tool's rule where no quality was measured, `prominentFaceOnly` ML Kit's.
enum FaceSelection {
    /// `faces` as `choice` asks, in an image `width` × `height`.
    static func select(_ faces: [Face], _ choice: CommandLineOptions.FaceChoice, width: Int, height: Int) -> [Face] {
        guard faces.count > 1 else { return faces }
        switch choice {
        case .all:
            return faces
        case .best:
            let measured = faces.compactMap { face in ShotValue.of(face).map { (face, $0) } }
            if let best = measured.max(by: { $0.1 < $1.1 }) { return [best.0] }
            // The older tool's weights: 0.7 quality (here the detector's score), 0.2 size, 0.1 centrality.
            let largest = faces.map { ($0.bounds.width + $0.bounds.height) / 2 }.max()!
            let halfDiagonal = Float(max(width, height)) / 2
            func rank(_ face: Face) -> Float {
                let box = face.bounds
                let dx = Float(width) / 2 - (box.x + box.width / 2)
                let dy = Float(height) / 2 - (box.y + box.height / 2)
                let distance = (dx * dx + dy * dy).squareRoot() / halfDiagonal
                return 0.7 * face.score + 0.2 * (box.width + box.height) / 2 / largest + 0.1 * (1 - distance)
            }
            return [faces.max { rank($0) < rank($1) }!]
        }
    }
}
