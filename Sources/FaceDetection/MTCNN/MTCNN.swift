import Dispatch

/// The MTCNN face detector (Zhang, Zhang, Li, Qiao 2016: "Joint Face Detection and Alignment using
/// Multi-task Cascaded Convolutional Networks"): P-Net proposes faces on an image pyramid, R-Net
/// and O-Net refine them; O-Net also places five landmarks.
///
/// The pipeline follows the reference implementation (ipazc/mtcnn, as run by the `mtcnn` peer):
/// pyramid factor 0.709 from scale 12 / minimum face down to 12 px, thresholds 0.6 / 0.7 / 0.7,
/// NMS 0.5 within a pyramid level, 0.7 across, 0.7 after R-Net, 0.7 by the smaller area after O-Net.
/// A value of this type holds only immutable weights: share it between threads.
struct MTCNN: Sendable {
    let pnet: PNet
    let rnet: RNet
    let onet: ONet

    /// Pyramid step between levels.
    var scaleFactor: Double = 0.709
    /// Minimum face probability after P-Net, R-Net and O-Net.
    var thresholds: (pnet: Float, rnet: Float, onet: Float) = (0.6, 0.7, 0.7)
    /// Run O-Net once more on a 48×48 crop of each final box (squared) and take the landmarks from
    /// that pass, whose crop is centred on the face: on landmarks5-dev this lowers the mean error
    /// from 5.03 % to 4.84 % of the eye distance, for one O-Net pass per face.
    var refinesLandmarks = true

    /// Reads the three networks from an MTCNN model (kind `MTCN`, tensors named as in
    /// facenet-pytorch's state dicts with a `pnet.`/`rnet.`/`onet.` prefix).
    init(model: ModelFile) throws {
        try model.expectKind("MTCN")
        pnet = try PNet(model: model)
        rnet = try RNet(model: model)
        onet = try ONet(model: model)
    }

    /// Finds faces at least `minFaceSize` pixels wide, highest score first. Each face has O-Net's
    /// face probability as its score and five landmarks: both eyes, the nose tip and the mouth
    /// corners, named for the subject (the image-left eye is the subject's right eye).
    /// `threads` > 1 spreads pyramid levels and candidate crops over that many threads.
    func detect(in image: RGBImage, minFaceSize: Int = 20, threads: Int = 1) -> [Face] {
        guard image.width >= 12, image.height >= 12 else { return [] }
        var candidates = proposals(image, minFaceSize: max(1, minFaceSize), threads: threads)
        candidates = refine(image, candidates, threads: threads)
        return output(image, candidates, threads: threads)
    }

    /// The pyramid scales: 12 / minFaceSize, then × `scaleFactor` while the short side stays ≥ 12 px.
    func scales(width: Int, height: Int, minFaceSize: Int) -> [Double] {
        let m = 12 / Double(minFaceSize)
        let factor = scaleFactor
        var scales: [Double] = []
        var minLayer = Double(min(width, height)) * m
        var scale = m
        while minLayer >= 12 {
            scales.append(scale)
            minLayer *= factor
            scale *= factor
        }
        return scales
    }

    /// Stage 1: P-Net on every pyramid level, NMS per level and across levels, box regression,
    /// squared and truncated boxes.
    func proposals(_ image: RGBImage, minFaceSize: Int, threads: Int) -> [MTCNNCandidate] {
        let levels = scales(width: image.width, height: image.height, minFaceSize: minFaceSize)
        let perLevel = CNNScratch.parallelMap(count: levels.count, threads: threads) {
            (scratch: inout CNNScratch, k: Int) in
            levelProposals(image, scale: levels[k], scratch: &scratch)
        }
        var all = NonMaximumSuppression.apply(perLevel.flatMap { $0 }, threshold: 0.7, overlap: .union)
        for i in all.indices {
            all[i].applyRegression(width: all[i].x2 - all[i].x1, height: all[i].y2 - all[i].y1)
            all[i].makeSquare()
            all[i].truncate()
        }
        return all
    }

    /// P-Net's candidates on one pyramid level, after NMS 0.5 within the level.
    func levelProposals(_ image: RGBImage, scale: Double, scratch: inout CNNScratch) -> [MTCNNCandidate] {
        NonMaximumSuppression.apply(
            levelCandidates(image, scale: scale, scratch: &scratch), threshold: 0.5, overlap: .union)
    }

    /// P-Net's cells scoring at least `thresholds.pnet` on one pyramid level, row by row. The level
    /// is resampled and run in horizontal strips of at most about `stripPixels` input pixels, so
    /// that memory does not grow with the image (the cells are the same as from the whole level).
    func levelCandidates(
        _ image: RGBImage, scale: Double, stripPixels: Int = PNet.stripPixels,
        scratch: inout CNNScratch
    ) -> [MTCNNCandidate] {
        let w = Int((Double(image.width) * scale).rounded(.up))
        let h = Int((Double(image.height) * scale).rounded(.up))
        let s = Float(scale)
        var found: [MTCNNCandidate] = []
        for strip in pnet.strips(width: w, height: h, pixels: stripPixels) {
            scratch.resampler.resample(
                image, left: 0, top: 0, width: image.width, height: image.height,
                outputWidth: w, outputHeight: h, band: strip.input, roundToBytes: true,
                into: &scratch.input)
            pnet.forward(&scratch)
            let map = scratch.first
            precondition(map.height == strip.output.count)
            for (row, mapRow) in zip(strip.output, 0..<map.height) {
                for col in 0..<map.width {
                    let i = map.index(mapRow, col, 0)
                    let p = Softmax.secondOfTwo(map.values[i], map.values[i + 1])
                    guard p >= thresholds.pnet else { continue }
                    // The cell's 12×12 window at stride 2, in the reference's 1-based corners.
                    found.append(
                        MTCNNCandidate(
                            x1: ((Float(2 * col) + 1) / s).rounded(.towardZero),
                            y1: ((Float(2 * row) + 1) / s).rounded(.towardZero),
                            x2: ((Float(2 * col) + 12) / s).rounded(.towardZero),
                            y2: ((Float(2 * row) + 12) / s).rounded(.towardZero),
                            score: p, dx1: map.values[i + 2], dy1: map.values[i + 3], dx2: map.values[i + 4],
                            dy2: map.values[i + 5]))
                }
            }
        }
        return found
    }

    /// Stage 2: R-Net on 24×24 crops; keeps score > threshold, NMS 0.7, regression, squared boxes.
    func refine(_ image: RGBImage, _ candidates: [MTCNNCandidate], threads: Int) -> [MTCNNCandidate] {
        let scored = CNNScratch.parallelMap(count: candidates.count, threads: threads) {
            (scratch: inout CNNScratch, k: Int) -> MTCNNCandidate? in
            var c = candidates[k]
            guard crop(UprightImage(image), c, side: 24, scratch: &scratch) else { return nil }
            rnet.forward(&scratch)
            let o = scratch.output
            c.score = Softmax.secondOfTwo(o[0], o[1])
            guard c.score > thresholds.rnet else { return nil }
            (c.dx1, c.dy1, c.dx2, c.dy2) = (o[2], o[3], o[4], o[5])
            return c
        }
        var kept = NonMaximumSuppression.apply(scored.compactMap { $0 }, threshold: 0.7, overlap: .union)
        for i in kept.indices {
            kept[i].applyRegression(width: kept[i].inclusiveWidth, height: kept[i].inclusiveHeight)
            kept[i].makeSquare()
        }
        return kept
    }

    /// Stage 3: O-Net on 48×48 crops of the truncated boxes; landmarks, regression, NMS 0.7 by min.
    func output(_ image: RGBImage, _ candidates: [MTCNNCandidate], threads: Int) -> [Face] {
        let results = CNNScratch.parallelMap(count: candidates.count, threads: threads) {
            (scratch: inout CNNScratch, k: Int) -> (MTCNNCandidate, [Landmark])? in
            var c = candidates[k]
            c.truncate()
            guard crop(UprightImage(image), c, side: 48, scratch: &scratch) else { return nil }
            onet.forward(&scratch)
            let o = scratch.output
            c.score = Softmax.secondOfTwo(o[0], o[1])
            guard c.score > thresholds.onet else { return nil }
            let landmarks = Self.landmarks(o, box: c)
            Self.regress(&c, by: o)
            return (c, landmarks)
        }
        let found = results.compactMap { $0 }
        var faces: [Face] = []
        // NMS over the regressed boxes; the landmarks travel with their box's index.
        let corners = found.map { NonMaximumSuppression.Corners(x1: $0.0.x1, y1: $0.0.y1, x2: $0.0.x2, y2: $0.0.y2) }
        for k in NonMaximumSuppression.keptIndices(
            corners, scores: found.map(\.0.score), threshold: 0.7,
            overlap: .minimum, inclusive: true)
        {
            let (box, landmarks) = found[k]
            faces.append(
                Face(
                    bounds: Rect(x: box.x1, y: box.y1, width: box.x2 - box.x1, height: box.y2 - box.y1),
                    score: box.score, landmarks: landmarks))
        }
        if refinesLandmarks {
            let refined = landmarks(for: faces.map(\.bounds), in: UprightImage(image), threads: threads)
            for k in faces.indices { if let l = refined[k] { faces[k].landmarks = l } }
        }
        return faces
    }

    /// O-Net's five landmarks for each of `boxes` (found by any detector, in `image`'s upright
    /// picture), from a 48×48 crop of the box made square around its centre; nil for an empty box. A box at least `regressingFrom`
    /// pixels wide (nil: none) is first moved by O-Net's own box regression and squared again, so
    /// that the crop that places the points is framed as on MTCNN's own final boxes (YuNet's boxes,
    /// landmarks5-dev: mean error 4.71 % → 4.56 % of the eye distance; a third pass: 4.59 %).
    func landmarks(for boxes: [Rect], in image: UprightImage, threads: Int = 1, regressingFrom: Float? = nil)
        -> [[Landmark]?]
    {
        CNNScratch.parallelMap(count: boxes.count, threads: threads) {
            (scratch: inout CNNScratch, k: Int) -> [Landmark]? in
            let b = boxes[k]
            var c = MTCNNCandidate(x1: b.x, y1: b.y, x2: b.maxX, y2: b.maxY, score: 0)
            let regressing = regressingFrom.map { b.width >= $0 } ?? false
            for pass in 0..<(regressing ? 2 : 1) {
                if pass > 0 { Self.regress(&c, by: scratch.output) }
                c.makeSquare()
                c.truncate()
                guard crop(image, c, side: 48, scratch: &scratch) else { return nil }
                onet.forward(&scratch)
            }
            return Self.landmarks(scratch.output, box: c)
        }
    }

    /// Moves `c` by O-Net's box regression (outputs 2…5, in units of the box's inclusive size).
    static func regress(_ c: inout MTCNNCandidate, by o: [Float]) {
        let (w, h) = (c.inclusiveWidth, c.inclusiveHeight)
        (c.dx1, c.dy1, c.dx2, c.dy2) = (o[2], o[3], o[4], o[5])
        c.applyRegression(width: w, height: h)
    }

    /// O-Net's five points for a box: O-Net gives x1…x5, y1…y5 in box units in the order image-left
    /// eye, image-right eye, nose tip, image-left and image-right mouth corners (the image-left side
    /// is the subject's right).
    static func landmarks(_ o: [Float], box c: MTCNNCandidate) -> [Landmark] {
        let w = c.inclusiveWidth
        let h = c.inclusiveHeight
        let types: [LandmarkType] = [.rightEye, .leftEye, .noseTip, .mouthRight, .mouthLeft]
        return types.indices.map { i in
            Landmark(type: types[i], position: Point(x: w * o[6 + i] + c.x1 - 1, y: h * o[11 + i] + c.y1 - 1))
        }
    }

    /// Fills `scratch.input` with the `side`×`side` network input for the candidate's box (truncated
    /// corners; pixels outside the image are black): an area crop (``ImageCrop``). False for an empty box.
    func crop(_ image: UprightImage, _ c: MTCNNCandidate, side: Int, scratch: inout CNNScratch) -> Bool {
        let w = Int(c.inclusiveWidth)
        let h = Int(c.inclusiveHeight)
        guard w > 0, h > 0 else { return false }
        let crop = ImageCrop(
            left: Int(c.x1) - 1, top: Int(c.y1) - 1, width: w, height: h, outputWidth: side, outputHeight: side,
            values: .centred)
        scratch.input.reshape(height: side, width: side, channels: 3, alignment: 1)
        crop.sample(image, into: &scratch.input.values, reusing: &scratch.resampler)
        return true
    }
}
