/// A head's orientation and its weak-perspective (scaled orthographic) placement in the image.
///
/// A model point `P` (``GenericFaceModel`` coordinates) appears in the image at
/// `x = scale · (R P).x + tx`, `y = ty − scale · (R P).y` (image y grows downwards).
/// `R = Rz(roll) · Ry(yaw) · Rx(−pitch)` in the camera frame (x right, y up, z towards the camera).
struct HeadPose: Sendable, Equatable {
    /// Rows of the rotation matrix from head to camera coordinates.
    var rotation: (SIMD3<Float>, SIMD3<Float>, SIMD3<Float>)
    /// Pixels per model centimetre.
    var scale: Float
    /// Where the model origin lands in the image, pixels.
    var translation: Point

    /// A pose from its parts.
    init(rotation: (SIMD3<Float>, SIMD3<Float>, SIMD3<Float>), scale: Float, translation: Point) {
        self.rotation = rotation
        self.scale = scale
        self.translation = translation
    }

    /// A pose from ML Kit Euler angles in degrees (X pitch up positive, Y yaw positive towards the
    /// image's right, Z roll counter-clockwise positive as seen in the image).
    init(eulerX: Float, eulerY: Float, eulerZ: Float, scale: Float, translation: Point) {
        let a = -eulerX * .pi / 180
        let b = eulerY * .pi / 180
        let c = eulerZ * .pi / 180
        let (ca, sa, cb, sb, cc, sc) = (cosf(a), sinf(a), cosf(b), sinf(b), cosf(c), sinf(c))
        // Rz(c) · Ry(b) · Rx(a), written out.
        rotation = (
            SIMD3(cc * cb, cc * sb * sa - sc * ca, cc * sb * ca + sc * sa),
            SIMD3(sc * cb, sc * sb * sa + cc * ca, sc * sb * ca - cc * sa),
            SIMD3(-sb, cb * sa, cb * ca)
        )
        self.scale = scale
        self.translation = translation
    }

    /// Pitch in degrees, positive when the face looks up.
    var eulerX: Float { -atan2f(rotation.2.y, rotation.2.z) * 180 / .pi }
    /// Yaw in degrees, positive when the face turns towards the image's right (the subject's left).
    var eulerY: Float { asinf(max(-1, min(1, -rotation.2.x))) * 180 / .pi }
    /// Roll in degrees, positive when the face is turned counter-clockwise in the image.
    var eulerZ: Float { atan2f(rotation.1.x, rotation.0.x) * 180 / .pi }

    /// Where the model point `p` appears in the image.
    func project(_ p: SIMD3<Float>) -> Point {
        Point(x: translation.x + scale * (rotation.0 * p).sum(), y: translation.y - scale * (rotation.1 * p).sum())
    }

    /// `p` rotated into camera coordinates (x right, y up, z towards the camera), unscaled.
    func rotate(_ p: SIMD3<Float>) -> SIMD3<Float> {
        SIMD3((rotation.0 * p).sum(), (rotation.1 * p).sum(), (rotation.2 * p).sum())
    }

    /// Two poses are equal when all their numbers are.
    static func == (l: HeadPose, r: HeadPose) -> Bool {
        l.rotation.0 == r.rotation.0 && l.rotation.1 == r.rotation.1 && l.rotation.2 == r.rotation.2
            && l.scale == r.scale && l.translation == r.translation
    }
}
