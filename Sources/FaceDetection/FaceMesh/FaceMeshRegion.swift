import Foundation

/// The square, rotated region of an image that the face mesh network sees, chosen from a detected
/// face as MediaPipe's face landmark front end chooses it from a face detection.
///
/// MediaPipe's `face_detection_front_detection_to_roi.pbtxt`: `DetectionsToRectsCalculator` with
/// `rotation_vector_start_keypoint_index: 0` (the eye on the image's left), `end_keypoint_index: 1`
/// (the eye on the image's right), `target_angle_degrees: 0` (the rectangle is the detection box,
/// rotated so that the eye line is horizontal), then `RectTransformationCalculator` with
/// `scale_x: 1.5`, `scale_y: 1.5`, `square_long: true` (the box's longer side, in pixels, times 1.5;
/// no shift). Here all of it is in pixels (MediaPipe rotates normalised coordinates, which skews the
/// square slightly on non-square images).
struct FaceMeshRegion: Sendable, Equatable {
    /// Centre of the region in image pixels (the detection box's centre).
    var center: Point
    /// Side of the square in image pixels.
    var side: Float
    /// Angle of the eye line in radians, from the image's x axis towards its y axis (clockwise on
    /// screen, since y grows downwards); the region is turned by this angle.
    var rotation: Float

    /// MediaPipe's margin: the square's side over the detection box's longer side.
    static let scale: Float = 1.5

    /// The region for a face box and its two eyes, named for the subject (the subject's right eye
    /// is on the image's left in a frontal photo).
    init(bounds: Rect, rightEye: Point, leftEye: Point) {
        center = bounds.center
        side = max(bounds.width, bounds.height) * Self.scale
        rotation = Float(atan2(Double(leftEye.y - rightEye.y), Double(leftEye.x - rightEye.x)))
    }

    /// The image point (continuous pixel coordinates) at `(u, v)` in region units: (0, 0) is the
    /// region's top-left corner as the network sees it, (1, 1) its bottom-right.
    func imagePoint(u: Float, v: Float) -> Point {
        let (s, t) = ((u - 0.5) * side, (v - 0.5) * side)
        let (c, n) = (cos(rotation), sin(rotation))
        return Point(x: center.x + c * s - n * t, y: center.y + n * s + c * t)
    }

    /// The region as a `size`×`size` RGB float crop in [0, 1], channel-last: pixel (i, j) is the
    /// image sampled bilinearly at `imagePoint((i + 0.5) / size, (j + 0.5) / size)`, clamped to the
    /// border (MediaPipe's `BORDER_REPLICATE`).
    func crop(_ image: Image, size: Int) -> [Float] {
        var out = [Float](repeating: 0, count: size * size * 3)
        guard image.width > 0 && image.height > 0 else { return out }
        let (maxX, maxY) = (Float(image.width - 1), Float(image.height - 1))
        for j in 0..<size {
            for i in 0..<size {
                // one crop pixel: the four image pixels around its centre, weighted by distance
                let p = imagePoint(u: (Float(i) + 0.5) / Float(size), v: (Float(j) + 0.5) / Float(size))
                let x = min(max(p.x - 0.5, 0), maxX)
                let y = min(max(p.y - 0.5, 0), maxY)
                let (x0, y0) = (Int(x), Int(y))
                let (x1, y1) = (min(x0 + 1, image.width - 1), min(y0 + 1, image.height - 1))
                let (fx, fy) = (x - Float(x0), y - Float(y0))
                for c in 0..<3 {
                    let a = Float(image.pixels[(y0 * image.width + x0) * 3 + c])
                    let b = Float(image.pixels[(y0 * image.width + x1) * 3 + c])
                    let d = Float(image.pixels[(y1 * image.width + x0) * 3 + c])
                    let e = Float(image.pixels[(y1 * image.width + x1) * 3 + c])
                    let top = a + (b - a) * fx
                    let bottom = d + (e - d) * fx
                    out[(j * size + i) * 3 + c] = (top + (bottom - top) * fy) / 255
                }
            }
        }
        return out
    }
}
