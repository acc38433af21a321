/// A face resampled so that its eyes are level and a fixed distance apart: the common frame the
/// smile and eye-state features are measured in, whatever the face's size and roll in the photo.
///
/// Frame: ``width`` × ``height`` grey levels (0…255, luma of the RGB image, bilinear samples,
/// edges clamped); the subject's right eye at (40, 50), the left eye at (80, 50), so the
/// inter-ocular distance is ``eyeDistance`` = 40 px; the mouth lands near y = 94 on an average face.
struct AlignedFace: Sendable {
    /// Width of the frame in pixels.
    static let width = 120
    /// Height of the frame in pixels.
    static let height = 140
    /// Distance between the eye centres in the frame.
    static let eyeDistance: Float = 40
    /// Where the midpoint between the eyes lands.
    static let eyeMidpoint = Point(x: 60, y: 50)

    /// Grey levels, row after row.
    let pixels: [Float]
    /// The face's landmarks mapped into the frame.
    let landmarks: [Landmark]

    /// Resamples the face in `image` whose eye centres are `landmarks`' `leftEye` and `rightEye`;
    /// `nil` when either eye is missing or they coincide.
    init?(image: RGBImage, landmarks: [Landmark]) {
        guard let left = landmarks.first(where: { $0.type == .leftEye })?.position,
            let right = landmarks.first(where: { $0.type == .rightEye })?.position,
            image.width > 0, image.height > 0
        else { return nil }
        let vx = left.x - right.x
        let vy = left.y - right.y
        let d = (vx * vx + vy * vy).squareRoot()
        guard d > 1e-3 else { return nil }
        let scale = d / Self.eyeDistance
        let c = vx / d
        let s = vy / d
        let mid = Point(x: (left.x + right.x) / 2, y: (left.y + right.y) / 2)
        var values = [Float](repeating: 0, count: Self.width * Self.height)
        // Each frame pixel: rotate and scale its offset from the eye midpoint into the image, sample.
        for row in 0..<Self.height {
            let oy = (Float(row) - Self.eyeMidpoint.y) * scale
            for col in 0..<Self.width {
                let ox = (Float(col) - Self.eyeMidpoint.x) * scale
                values[row * Self.width + col] = Self.luma(
                    image, x: mid.x + ox * c - oy * s, y: mid.y + ox * s + oy * c)
            }
        }
        pixels = values
        self.landmarks = landmarks.map { lm in
            let dx = lm.position.x - mid.x
            let dy = lm.position.y - mid.y
            return Landmark(
                type: lm.type,
                position: Point(
                    x: Self.eyeMidpoint.x + (dx * c + dy * s) / scale,
                    y: Self.eyeMidpoint.y + (-dx * s + dy * c) / scale))
        }
    }

    /// The grey level at column `x`, row `y` of the frame (clamped to its edges).
    subscript(x: Int, y: Int) -> Float {
        pixels[min(max(y, 0), Self.height - 1) * Self.width + min(max(x, 0), Self.width - 1)]
    }

    /// The frame position of a landmark, if present.
    func position(_ type: LandmarkType) -> Point? { landmarks.first { $0.type == type }?.position }

    /// Bilinear luma (0.299 R + 0.587 G + 0.114 B) at a continuous image position (pixel i's centre
    /// at i + 0.5), clamped to the centres of the outermost pixels; 0 in an empty image, and a NaN
    /// coordinate (a degenerate mesh) reads the first pixel row or column.
    static func luma(_ image: RGBImage, x: Float, y: Float) -> Float {
        let (width, height) = (image.width, image.height)
        guard width > 0, height > 0 else { return 0 }
        let fx = x.isNaN ? 0 : min(max(x - 0.5, 0), Float(width - 1))
        let fy = y.isNaN ? 0 : min(max(y - 0.5, 0), Float(height - 1))
        let x0 = min(Int(fx), max(width - 2, 0))
        let y0 = min(Int(fy), max(height - 2, 0))
        let (x1, y1) = (min(x0 + 1, width - 1), min(y0 + 1, height - 1))
        let (ax, ay) = (fx - Float(x0), fy - Float(y0))
        func value(_ px: Int, _ py: Int) -> Float {
            let i = (py * width + px) * 3
            return 0.299 * Float(image.pixels[i]) + 0.587 * Float(image.pixels[i + 1]) + 0.114
                * Float(image.pixels[i + 2])
        }
        let top = value(x0, y0) * (1 - ax) + value(x1, y0) * ax
        let bottom = value(x0, y1) * (1 - ax) + value(x1, y1) * ax
        return top * (1 - ay) + bottom * ay
    }
}
