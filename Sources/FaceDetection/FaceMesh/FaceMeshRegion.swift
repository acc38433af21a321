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

    /// The region as a `size` × `size` crop (``ImageCrop``): bilinear, the border replicated, RGB in
    /// [0, 1], turned by ``rotation``. (MediaPipe's OpenCV converter maps the region's corners onto
    /// the tensor's with `warpPerspective`, in OpenCV's whole-number pixel-centre coordinates; its
    /// samples sit up to half an image pixel plus side / (2 × `size`) from this crop's.)
    func crop(size: Int) -> ImageCrop {
        ImageCrop(
            center: center, width: side, height: side, angle: rotation, outputWidth: size, outputHeight: size,
            border: .replicate, values: .unit)
    }
}
