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

    /// The region as a `size`×`size` RGB float crop in [0, 1], channel-last, into `output` (resized
    /// to fit): pixel (i, j) is the image sampled bilinearly at
    /// `imagePoint((i + 0.5) / size, (j + 0.5) / size)` (pixel centres at whole + 0.5), clamped to
    /// the border (MediaPipe's `BORDER_REPLICATE`). The sample points step along the region's
    /// turned axes, so the trigonometry is done once per crop. (MediaPipe's OpenCV converter maps
    /// the region's corners onto the tensor's with `warpPerspective`, in OpenCV's whole-number
    /// pixel-centre coordinates; its samples sit up to half an image pixel plus side / 384 from
    /// these.)
    func crop(_ image: RGBImage, size: Int, into output: inout [Float]) {
        let count = size * size * 3
        if output.count != count { output = [Float](repeating: 0, count: count) }
        guard image.width > 0 && image.height > 0 else {
            for k in 0..<count { output[k] = 0 }
            return
        }
        let (w, h) = (image.width, image.height)
        let (maxX, maxY) = (Float(w - 1), Float(h - 1))
        let step = side / Float(size)
        let (c, n) = (cos(rotation) * step, sin(rotation) * step)
        // Sample point of crop pixel (i, j), in pixel-centre coordinates: first + i·(c, n) + j·(−n, c).
        let first = imagePoint(u: 0.5 / Float(size), v: 0.5 / Float(size))
        let (firstX, firstY) = (first.x - 0.5, first.y - 0.5)
        image.pixels.withUnsafeBufferPointer { pixelBuffer in
            output.withUnsafeMutableBufferPointer { outBuffer in
                // Safety: x0, x1 < w and y0, y1 < h after the clamp, so reads stay below w·h·3; writes
                // stay below size·size·3 = the output's count (resized above).
                let px = pixelBuffer.baseAddress!
                let out = outBuffer.baseAddress!
                for j in 0..<size {
                    let (rowX, rowY) = (firstX - n * Float(j), firstY + c * Float(j))
                    for i in 0..<size {
                        // crop pixel (i, j): the 2×2 image pixels around its sample point, blended
                        let x = min(max(rowX + c * Float(i), 0), maxX)
                        let y = min(max(rowY + n * Float(i), 0), maxY)
                        let (x0, y0) = (Int(x), Int(y))
                        let (fx, fy) = (x - Float(x0), y - Float(y0))
                        let right = x0 + 1 < w ? 3 : 0
                        let down = y0 + 1 < h ? 3 * w : 0
                        let p = px + (y0 * w + x0) * 3
                        let o = out + (j * size + i) * 3
                        // weights of the top-left, top-right, bottom-left, bottom-right pixel, over 255
                        let weights =
                            SIMD4<Float>(1 - fx, fx, 1 - fx, fx) * SIMD4<Float>(1 - fy, 1 - fy, fy, fy) * (1 / 255)
                        for ch in 0..<3 {
                            let corners = SIMD4<UInt8>(p[ch], p[right + ch], p[down + ch], p[down + right + ch])
                            o[ch] = (SIMD4<Float>(corners) * weights).sum()
                        }
                    }
                }
            }
        }
    }

    /// Scalar reference twin of `crop(_:size:into:)`, straight from the definition.
    func cropScalar(_ image: RGBImage, size: Int) -> [Float] {
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
