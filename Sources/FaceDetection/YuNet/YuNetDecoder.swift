/// Turns YuNet's raw outputs into faces (boxes, scores, five points) in network-input pixels, as
/// OpenCV's `cv2.FaceDetectorYN` does (`../shared/MODELS.md`, "YuNet"): for the cell in column c,
/// row r of stride s, score = √(clip(cls) · clip(obj)); centre ((c + b₀)·s, (r + b₁)·s); size
/// (exp(b₂)·s, exp(b₃)·s); point k at ((p₂ₖ + c)·s, (p₂ₖ₊₁ + r)·s); then greedy NMS by IoU
/// on the boxes truncated to whole pixels, as OpenCV's `NMSBoxes` sees them (with float boxes 5 of 50
/// faces at score ≥ 0.02 differ from OpenCV's on the test collage; truncated, none).
struct YuNetDecoder: Sendable {
    /// Cells scoring below this are not decoded (the authors' WIDER evaluation uses 0.02).
    var scoreThreshold: Float = 0.02
    /// Boxes overlapping a better one by more than this IoU are dropped.
    var nmsThreshold: Float = 0.45
    /// At most this many candidates, the best, enter the suppression (OpenCV's `top_k`).
    var topK = 5000

    /// YuNet's points in output order — image-left eye, image-right eye, nose tip, image-left and
    /// image-right mouth corners — named for the subject (the image-left eye is the right eye).
    static let landmarkTypes: [LandmarkType] = [.rightEye, .leftEye, .noseTip, .mouthRight, .mouthLeft]

    /// The faces in `outputs`, best first, in the coordinates of the network's input.
    func decode(_ outputs: YuNetOutputs) -> [Face] {
        var faces: [Face] = []
        for level in outputs.levels { decode(level, into: &faces) }
        let scores = faces.map(\.score)
        var order = Array(faces.indices)
        if order.count > topK { order = Array(order.sorted { scores[$0] > scores[$1] }.prefix(topK)) }
        // OpenCV compares the boxes as `Rect2i`: x, y, width and height truncated toward zero.
        let corners = order.map { i in
            let b = faces[i].bounds
            let x = b.x.rounded(.towardZero)
            let y = b.y.rounded(.towardZero)
            return NonMaximumSuppression.Corners(
                x1: x, y1: y, x2: x + b.width.rounded(.towardZero),
                y2: y + b.height.rounded(.towardZero))
        }
        return NonMaximumSuppression.keptIndices(
            corners, scores: order.map { scores[$0] }, threshold: nmsThreshold,
            overlap: .union, inclusive: false
        ).map { faces[order[$0]] }
    }

    /// Appends the cells of `level` that reach `scoreThreshold`, decoded.
    func decode(_ level: YuNetOutputs.Level, into faces: inout [Face]) {
        precondition(
            level.cls.count == level.columns * level.rows && level.obj.count == level.cls.count
                && level.bbox.count == 4 * level.cls.count && level.kps.count == 10 * level.cls.count)
        let s = Float(level.stride)
        // Each cell: its score, and its box and points when the score is high enough.
        for i in 0..<level.cls.count {
            let score = (min(max(level.cls[i], 0), 1) * min(max(level.obj[i], 0), 1)).squareRoot()
            guard score >= scoreThreshold else { continue }
            let c = Float(i % level.columns)
            let r = Float(i / level.columns)
            let cx = (c + level.bbox[4 * i]) * s
            let cy = (r + level.bbox[4 * i + 1]) * s
            let w = expf(level.bbox[4 * i + 2]) * s
            let h = expf(level.bbox[4 * i + 3]) * s
            let landmarks = Self.landmarkTypes.indices.map { k in
                Landmark(
                    type: Self.landmarkTypes[k],
                    position: Point(x: (level.kps[10 * i + 2 * k] + c) * s, y: (level.kps[10 * i + 2 * k + 1] + r) * s))
            }
            faces.append(
                Face(
                    bounds: Rect(x: cx - w / 2, y: cy - h / 2, width: w, height: h), score: score, landmarks: landmarks)
            )
        }
    }
}
