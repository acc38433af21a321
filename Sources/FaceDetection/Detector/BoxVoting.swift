/// Merges the faces that several passes over one photo found (`FaceDetector.Mode.thorough`) by
/// score-weighted box voting: the best remaining face and every face overlapping it by an IoU above
/// the threshold form one face, whose box is the score-weighted mean of theirs and whose score is
/// the root mean square, over the passes that looked for a face of that size, of each pass's best
/// score in the group (a pass that missed it counts 0). A face seen by every pass keeps its score;
/// one that a single pass of two saw keeps 1/√2 of it, of four half, which ranks the chance false
/// faces of one pass below the faces every pass agrees on. On detection-dev voting ranks the faces
/// better than one suppression of the same candidates, and the root mean square better than the
/// plain mean (docs/thorough.md, `tools/benchmarks/thorough_passes.py`).
enum BoxVoting {
    /// A face as one pass found it, in the photo's coordinates.
    struct Candidate: Sendable, Equatable {
        /// The face.
        var face: Face
        /// The pass that found it (an index of `merged`'s `passLimits`).
        var pass: Int
        /// The orientation of the picture in which the face is upright (unmirrored).
        var orientation: ImageOrientation
    }

    /// The merged faces, best first: groups formed around the best remaining candidate by an IoU
    /// above `threshold`, each scored by the root mean square of each pass's best score over the
    /// passes that look for a face of the merged box's size: pass `p` looks for faces whose longer
    /// side is under `passLimits[p]` (infinity for a whole pyramid; the enlarged passes look for
    /// small faces only, and their candidates count only for those). The orientation and
    /// landmarks are the best candidate's.
    static func merged(_ candidates: [Candidate], threshold: Float, passLimits: [Float]) -> [Candidate] {
        let order = candidates.indices.sorted { candidates[$0].face.score > candidates[$1].face.score }
        let boxes = candidates.map(\.face.bounds)
        var taken = [Bool](repeating: false, count: candidates.count)
        var merged: [Candidate] = []
        for (rank, i) in order.enumerated() where !taken[i] {
            var group = [i]
            taken[i] = true
            for j in order[(rank + 1)...] where !taken[j] && boxes[i].iou(boxes[j]) > threshold {
                group.append(j)
                taken[j] = true
            }
            var sum = (x1: Float(0), y1: Float(0), x2: Float(0), y2: Float(0), weight: Float(0))
            for j in group {
                let (s, b) = (candidates[j].face.score, boxes[j])
                sum = (sum.x1 + s * b.x, sum.y1 + s * b.y, sum.x2 + s * b.maxX, sum.y2 + s * b.maxY, sum.weight + s)
            }
            let w = max(sum.weight, .leastNormalMagnitude)
            let box = Rect(
                x: sum.x1 / w, y: sum.y1 / w, width: (sum.x2 - sum.x1) / w, height: (sum.y2 - sum.y1) / w)
            let side = max(box.width, box.height)
            var best = [Float](repeating: 0, count: passLimits.count)
            for j in group where passLimits.indices.contains(candidates[j].pass) {
                let pass = candidates[j].pass
                if side < passLimits[pass] { best[pass] = max(best[pass], candidates[j].face.score) }
            }
            let looking = passLimits.reduce(0) { side < $1 ? $0 + 1 : $0 }
            var result = candidates[i]
            result.face.bounds = box
            let squares = best.reduce(Float(0)) { $0 + $1 * $1 }
            result.face.score = (squares / Float(max(1, looking))).squareRoot()
            merged.append(result)
        }
        return merged.sorted { $0.face.score > $1.face.score }
    }
}
