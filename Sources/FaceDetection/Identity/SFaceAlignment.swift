/// SFace's alignment (OpenCV's `FaceRecognizerSF.alignCrop`) as the project's one crop step: the
/// least-squares similarity (Umeyama's, without reflection) that takes a face's five points onto
/// SFace's 112×112 template, expressed as a turned square (``ImageCrop``) resampled bilinearly with a
/// zero border, and its pixels as SFace's inputs (``ImageCrop/Values/centred``).
///
/// A similarity `x ↦ s·R·x + t` that takes the points onto the template maps the image into the
/// template's 112×112 pixels; its inverse maps output pixel (i, j) back to `R⁻¹·((i, j) − t) / s`.
/// That is the ``ImageCrop`` centred on the image point of the template's centre, 112 / s image
/// pixels a side, turned as `R⁻¹`. OpenCV's `warpAffine` places pixel centres on whole
/// coordinates, the project half a pixel further (+0.5): the points, the template and the centre are
/// converted accordingly. The bilinear weights are exact floats where `warpAffine` rounds them to
/// 1/32 pixel, so a level may differ from `alignCrop`'s by a grey level or two
/// (`SFaceAlignmentTests`).
enum SFaceAlignment {
    /// The template's five points in output pixels, in OpenCV's coordinates (pixel centres on whole
    /// numbers): the subject's right eye, left eye, nose tip, right and left mouth corners
    /// (`FaceRecognizerSF`'s `dst`).
    static let template: [(x: Float, y: Float)] = [
        (38.2946, 51.6963), (73.5318, 51.5014), (56.0252, 71.7366), (41.5493, 92.3655), (70.7299, 92.2041),
    ]
    /// The template's mean as `FaceRecognizerSF` writes it (the exact mean rounded to 4 decimals).
    static let templateMean = (x: Float(56.0262), y: Float(71.9008))
    /// Side of the aligned square in pixels (SFace's input).
    static let side = 112
    /// The landmarks the five points are, in the template's order.
    static let landmarkTypes: [LandmarkType] = [.rightEye, .leftEye, .noseTip, .mouthRight, .mouthLeft]

    /// The crop that aligns a face whose five points (in ``landmarkTypes`` order, image pixels in
    /// the project's coordinates) are `points` onto the template; nil when they are not five
    /// finite points or all coincide.
    static func crop(points: [Point]) -> ImageCrop? {
        guard points.count == 5, points.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return nil }
        // Umeyama's least squares in OpenCV's coordinates (the points half a pixel back), in Double:
        // the source's centred points x, the template's y, A = Σ y·xᵀ / n, var = Σ |x|² / n.
        let source = points.map { (x: Double($0.x) - 0.5, y: Double($0.y) - 0.5) }
        let n = Double(points.count)
        let (mx, my) = (source.reduce(0) { $0 + $1.x } / n, source.reduce(0) { $0 + $1.y } / n)
        let (tx, ty) = (Double(templateMean.x), Double(templateMean.y))
        var (dot, cross, variance) = (0.0, 0.0, 0.0)
        for (p, q) in zip(source, template) {
            let (sx, sy) = (p.x - mx, p.y - my)
            let (dx, dy) = (Double(q.x) - tx, Double(q.y) - ty)
            dot += sx * dx + sy * dy
            cross += sx * dy - sy * dx
            variance += sx * sx + sy * sy
        }
        // The best rotation without reflection turns by atan2(cross, dot); the scale is the length
        // of (dot, cross) over the variance (Umeyama's trace(D·S) / var in two dimensions).
        let length = (dot * dot + cross * cross).squareRoot()
        guard variance > 0, length > 0, length.isFinite else { return nil }
        let scale = length / variance
        let (cosine, sine) = (dot / length, cross / length)
        // The image point of the template's centre (55.5, 55.5 in OpenCV's output coordinates):
        // R⁻¹·(c − t) / s with t = mean_y − s·R·mean_x, i.e. mean_x + R⁻¹·(c − mean_y) / s.
        let middle = Double(side) / 2 - 0.5
        let (cx, cy) = (middle - tx, middle - ty)
        let centre = Point(
            x: Float(mx + (cosine * cx + sine * cy) / scale + 0.5),
            y: Float(my + (-sine * cx + cosine * cy) / scale + 0.5))
        let extent = Float(Double(side) / scale)
        // R⁻¹ turns by −atan2(sine, cosine): the crop's x axis in the image is (cos, −sin) of R.
        return ImageCrop(
            center: centre, width: extent, height: extent, angle: Float(atan2(-sine, cosine)), outputWidth: side,
            outputHeight: side, border: .zero, values: .centred)
    }

    /// The crop that aligns `face` by its five points (``landmarkTypes``), or nil when it lacks one.
    static func crop(for face: Face) -> ImageCrop? {
        var points: [Point] = []
        for type in landmarkTypes {
            guard let landmark = face.landmark(type) else { return nil }
            points.append(landmark.position)
        }
        return crop(points: points)
    }
}
