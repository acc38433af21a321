/// The face as the capture-quality score reads it (``CaptureQuality``): a square aligned on the eyes
/// (level, each where SFace's 112 × 112 template puts it, ``SFaceAlignment/template``), sampled
/// bilinearly with the border replicated at ``sampledSide`` pixels a side through the crop step
/// (``ImageCrop``), then turned grey and averaged 2 × 2 onto ``side`` × ``side``, so that every face
/// is measured on the same grid whatever its size in the photo.
enum QualityCrop {
    /// Side of the grey grid the signals are measured on.
    static let side = 64
    /// Side of the crop before its 2 × 2 average.
    static let sampledSide = 2 * side
    /// The template's eye distance over its side: SFace's eyes are 35.24 of its 112 pixels apart.
    static let eyeDistanceShare: Float = 0.3146
    /// How far below the eyes' midpoint the square's centre lies, as a share of the side.
    static let centreBelowEyes: Float = 0.0393

    /// The crop of the face whose eyes (the subject's) are at `rightEye` and `leftEye`; nil when
    /// they coincide or are not finite.
    static func crop(rightEye: Point, leftEye: Point) -> ImageCrop? {
        let (dx, dy) = (leftEye.x - rightEye.x, leftEye.y - rightEye.y)
        let distance = (dx * dx + dy * dy).squareRoot()
        guard distance > 0, distance.isFinite else { return nil }
        let extent = distance / eyeDistanceShare
        // The crop's y axis is (−sin, cos) of the eye line's (cos, sin): down the face.
        let (cosine, sine) = (dx / distance, dy / distance)
        let below = centreBelowEyes * extent
        let centre = Point(
            x: (rightEye.x + leftEye.x) / 2 - sine * below, y: (rightEye.y + leftEye.y) / 2 + cosine * below)
        return ImageCrop(
            center: centre, width: extent, height: extent, angle: atan2f(dy, dx), outputWidth: sampledSide,
            outputHeight: sampledSide, border: .replicate, values: .levels)
    }

    /// The grey ``side`` × ``side`` grid of a ``sampledSide``-square crop's RGB levels `rgb` (0…255):
    /// each cell the mean of its 2 × 2 pixels' BT.601 luma, row by row.
    static func grey(_ rgb: [Float]) -> [Float] {
        precondition(rgb.count >= sampledSide * sampledSide * 3)
        var grey = [Float](repeating: 0, count: side * side)
        let row = sampledSide * 3
        rgb.withUnsafeBufferPointer { rgb in
            grey.withUnsafeMutableBufferPointer { grey in
                // Each cell: the four pixels' 0.299 R + 0.587 G + 0.114 B, averaged.
                for j in 0..<side {
                    let top = 2 * j * row
                    for i in 0..<side {
                        let p = top + 6 * i
                        let q = p + row
                        let r = rgb[p] + rgb[p + 3] + rgb[q] + rgb[q + 3]
                        let g = rgb[p + 1] + rgb[p + 4] + rgb[q + 1] + rgb[q + 4]
                        let b = rgb[p + 2] + rgb[p + 5] + rgb[q + 2] + rgb[q + 5]
                        grey[j * side + i] = (0.299 * r + 0.587 * g + 0.114 * b) * 0.25
                    }
                }
            }
        }
        return grey
    }

    /// ``grey(_:)`` computed plainly, pixel by pixel in `Double` (its scalar twin, for the tests).
    static func greyReference(_ rgb: [Float]) -> [Float] {
        var grey = [Float](repeating: 0, count: side * side)
        for j in 0..<side {
            for i in 0..<side {
                var sum = 0.0
                for (y, x) in [(2 * j, 2 * i), (2 * j, 2 * i + 1), (2 * j + 1, 2 * i), (2 * j + 1, 2 * i + 1)] {
                    let k = (y * sampledSide + x) * 3
                    sum += 0.299 * Double(rgb[k]) + 0.587 * Double(rgb[k + 1]) + 0.114 * Double(rgb[k + 2])
                }
                grey[j * side + i] = Float(sum / 4)
            }
        }
        return grey
    }
}
