/// A turned and scaled rectangle of an image, resampled to `width` × `height` pixels: the one
/// geometry of the face mesh's crop (``FaceMeshRegion``).
///
/// The crop has its own coordinates, x across and y down, in units of ``unitPixels`` output pixels
/// (1: pixels; the crop's side: fractions of it, as MediaPipe's normalised rectangles). Point
/// ``anchor`` of the crop lands on ``center`` of the image, and one unit spans ``scale`` image
/// pixels along the crop's x axis, which points along (``cos``, ``sin``) in the image (its y axis
/// along (−``sin``, ``cos``)). Its arithmetic is kept exactly: the face mesh's golden outputs
/// depend on it.
struct AffineCrop: Sendable, Equatable {
    /// Output size in pixels.
    var width: Int, height: Int
    /// Crop point `anchor` (in units) lands on image point `center` (continuous pixel coordinates).
    var anchor: Point, center: Point
    /// Image pixels per unit, and output pixels per unit.
    var scale: Float, unitPixels: Float
    /// The crop's x axis in the image: (cos, sin) of its turn from the image's x axis towards its
    /// y axis (clockwise on screen).
    var cos: Float, sin: Float

    /// The image point of crop point `p`, given in output pixels (pixel (i, j)'s centre at
    /// (i + 0.5, j + 0.5)).
    func imagePoint(_ p: Point) -> Point {
        let (s, t) = ((p.x / unitPixels - anchor.x) * scale, (p.y / unitPixels - anchor.y) * scale)
        return Point(x: center.x + s * cos - t * sin, y: center.y + s * sin + t * cos)
    }

    /// The first `count` of `xyz`'s (x, y, z) triples (a network's landmarks: x and y in output
    /// pixels, z a depth in the units of x) mapped into the image: x and y by ``imagePoint(_:)``, z
    /// scaled as x is.
    func imagePoints(_ xyz: [Float], count: Int) -> [SIMD3<Float>] {
        let zScale = scale / unitPixels
        var points: [SIMD3<Float>] = []
        points.reserveCapacity(count)
        for k in 0..<count {
            let p = imagePoint(Point(x: xyz[3 * k], y: xyz[3 * k + 1]))
            points.append(SIMD3(p.x, p.y, xyz[3 * k + 2] * zScale))
        }
        return points
    }

    /// The crop point, in output pixels, of image point `q`: the inverse of ``imagePoint(_:)``.
    func outputPoint(_ q: Point) -> Point {
        let (dx, dy) = (q.x - center.x, q.y - center.y)
        return Point(
            x: (anchor.x + (dx * cos + dy * sin) / scale) * unitPixels,
            y: (anchor.y + (-dx * sin + dy * cos) / scale) * unitPixels)
    }
}
