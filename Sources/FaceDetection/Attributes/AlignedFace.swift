/// A face resampled so that its eyes are level and a fixed distance apart: the common frame the
/// smile and eye-state features are measured in, whatever the face's size and roll in the photo.
///
/// Frame: ``width`` × ``height`` grey levels (0…255, `GreyLevel.attributes` of the RGB
/// image: luma, bilinear samples, edges clamped; an ``AffineCrop``); the subject's right eye at
/// (40, 50), the left eye at (80, 50), so the inter-ocular distance is ``eyeDistance`` = 40 px; the
/// mouth lands near y = 94 on an average face.
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
        let mid = Point(x: (left.x + right.x) / 2, y: (left.y + right.y) / 2)
        // Frame pixel (column, row) samples the image at the eye midpoint plus its offset from
        // `eyeMidpoint`, scaled and turned with the eye line.
        let crop = AffineCrop(
            width: Self.width, height: Self.height, anchor: Self.eyeMidpoint, center: mid,
            scale: d / Self.eyeDistance, unitPixels: 1, cos: vx / d, sin: vy / d)
        pixels = crop.attributesGrey(image)
        self.landmarks = landmarks.map { Landmark(type: $0.type, position: crop.outputPoint($0.position)) }
    }

    /// The grey level at column `x`, row `y` of the frame (clamped to its edges).
    subscript(x: Int, y: Int) -> Float {
        pixels[min(max(y, 0), Self.height - 1) * Self.width + min(max(x, 0), Self.width - 1)]
    }

    /// The frame position of a landmark, if present.
    func position(_ type: LandmarkType) -> Point? { landmarks.first { $0.type == type }?.position }
}
