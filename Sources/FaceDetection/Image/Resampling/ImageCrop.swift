/// A turned rectangle of an image resampled to a network's input: the one step through which every
/// per-face model gets its pixels (as MediaPipe's image-to-tensor step).
///
/// The rectangle is ``width`` × ``height`` image pixels centred on ``center`` and turned by
/// ``angle``; it is resampled to ``outputWidth`` × ``outputHeight`` pixels. The crop's x axis points
/// along (``cos``, ``sin``) in the image, its y axis along (−``sin``, ``cos``); output pixel (i, j)
/// has its centre at (i + 0.5, j + 0.5) in output pixels, which ``imagePoint(_:)`` maps into the
/// image (continuous coordinates, pixel centres at +0.5). The output is channel-last R, G, B floats,
/// mapped by ``values``.
///
/// Two interpolations, each with its arithmetic kept exactly (golden outputs depend on it):
/// - ``Interpolation/area``: OpenCV's `INTER_AREA` resize (``AreaResampler``) of an axis-aligned
///   rectangle of whole pixels, black outside the image: MTCNN's crops.
/// - ``Interpolation/bilinear``: the four pixels around each sample point, weighted by distance,
///   the border replicated (MediaPipe's `BORDER_REPLICATE`: the face mesh) or zero (OpenCV's
///   `warpAffine` with `BORDER_CONSTANT` 0: a face aligned onto a template).
///
/// A model that picks single pixels as it runs, with no rectangle to resample ahead (dlib's shape
/// predictor), reads them through ``PointSampler``.
struct ImageCrop: Sendable, Equatable {
    /// How output pixels are computed from the image's.
    enum Interpolation: Sendable, Equatable {
        /// Each output pixel the mean of the image pixels it covers, weighted by overlap (OpenCV's
        /// `INTER_AREA`; when enlarging, OpenCV's area weights between the two nearest pixels).
        case area
        /// The four image pixels around the sample point, weighted by distance.
        case bilinear
    }

    /// What a sample point outside the image reads.
    enum Border: Sendable, Equatable {
        /// Black: each corner pixel outside the image counts as 0.
        case zero
        /// The nearest pixel of the image (its edge repeated outwards).
        case replicate
    }

    /// How a 0…255 colour level becomes a network input.
    enum Values: Sendable, Equatable {
        /// (v − 127.5) / 128, in about −1…1 (MTCNN).
        case centred
        /// v / 255, in 0…1 (MediaPipe).
        case unit
        /// v itself, 0…255 (OpenCV's `blobFromImage` at scale 1).
        case levels

        /// The input for colour level (or blend of levels) `v`.
        @inline(__always)
        func normalised(_ v: Float) -> Float {
            switch self {
            case .centred: return (v - 127.5) * 0.0078125
            case .unit: return v / 255
            case .levels: return v
            }
        }

        /// The factor by which a blend of levels is scaled, and the value then subtracted, so that
        /// `v · scale − offset` is ``normalised(_:)`` (up to rounding).
        var scale: Float {
            switch self {
            case .centred: return 0.0078125
            case .unit: return 1 / 255
            case .levels: return 1
            }
        }

        /// See ``scale``.
        var offset: Float { self == .centred ? 127.5 * 0.0078125 : 0 }
    }

    /// Centre of the rectangle in image pixels.
    let center: Point
    /// Size of the rectangle in image pixels, along its own axes.
    let width: Float, height: Float
    /// The crop's x axis in the image: (cos, sin) of its turn from the image's x axis towards its y
    /// axis (clockwise on screen).
    let cos: Float, sin: Float
    /// Output size in pixels.
    let outputWidth: Int, outputHeight: Int
    /// How the output pixels are computed.
    let interpolation: Interpolation
    /// What a sample outside the image reads.
    let border: Border
    /// How colour levels become inputs.
    let values: Values

    /// The `width` × `height` rectangle centred on `center` turned by `angle` (radians, clockwise on
    /// screen), resampled bilinearly to `outputWidth` × `outputHeight` pixels.
    init(
        center: Point, width: Float, height: Float, angle: Float, outputWidth: Int, outputHeight: Int,
        border: Border, values: Values
    ) {
        precondition(outputWidth > 0 && outputHeight > 0)
        self.center = center
        self.width = width
        self.height = height
        (cos, sin) = (cosf(angle), sinf(angle))
        self.outputWidth = outputWidth
        self.outputHeight = outputHeight
        interpolation = .bilinear
        self.border = border
        self.values = values
    }

    /// The `width` × `height` whole pixels from (`left`, `top`) (which may reach outside the image:
    /// black there), resampled by area to `outputWidth` × `outputHeight` pixels.
    init(left: Int, top: Int, width: Int, height: Int, outputWidth: Int, outputHeight: Int, values: Values) {
        // Whole numbers and halves below 2²² are exact floats: `pixelOrigin` gives back left and top.
        precondition(width > 0 && height > 0 && outputWidth > 0 && outputHeight > 0)
        precondition(max(abs(left), abs(top), width, height) < 1 << 21)
        center = Point(x: Float(left) + Float(width) / 2, y: Float(top) + Float(height) / 2)
        self.width = Float(width)
        self.height = Float(height)
        cos = 1
        sin = 0
        self.outputWidth = outputWidth
        self.outputHeight = outputHeight
        interpolation = .area
        border = .zero
        self.values = values
    }

    /// The first whole pixel of an area crop's rectangle.
    var pixelOrigin: (left: Int, top: Int) { (Int(center.x - width / 2), Int(center.y - height / 2)) }

    /// The image point of crop point `p`, given in output pixels (pixel (i, j)'s centre at
    /// (i + 0.5, j + 0.5)).
    func imagePoint(_ p: Point) -> Point {
        let s = (p.x / Float(outputWidth) - 0.5) * width
        let t = (p.y / Float(outputHeight) - 0.5) * height
        return Point(x: center.x + s * cos - t * sin, y: center.y + s * sin + t * cos)
    }

    /// The crop point, in output pixels, of image point `q`: the inverse of ``imagePoint(_:)``.
    func outputPoint(_ q: Point) -> Point {
        let (dx, dy) = (q.x - center.x, q.y - center.y)
        return Point(
            x: (0.5 + (dx * cos + dy * sin) / width) * Float(outputWidth),
            y: (0.5 + (-dx * sin + dy * cos) / height) * Float(outputHeight))
    }

    /// The first `count` of `xyz`'s (x, y, z) triples (a network's landmarks: x and y in output
    /// pixels, z a depth in the units of x) mapped into the image: x and y by ``imagePoint(_:)``, z
    /// scaled as x is.
    func imagePoints(_ xyz: [Float], count: Int) -> [SIMD3<Float>] {
        let zScale = width / Float(outputWidth)
        var points: [SIMD3<Float>] = []
        points.reserveCapacity(count)
        for k in 0..<count {
            let p = imagePoint(Point(x: xyz[3 * k], y: xyz[3 * k + 1]))
            points.append(SIMD3(p.x, p.y, xyz[3 * k + 2] * zScale))
        }
        return points
    }

    /// The number of floats ``sample(_:into:padding:reusing:)`` writes with `padding`.
    func count(padding: Int = 0) -> Int { (outputHeight + padding) * (outputWidth + padding) * 3 }

    /// The crop of `image` (its upright picture: the rectangle is in the upright picture's
    /// coordinates) into `output` (grown when shorter; floats past ``count(padding:)`` are left
    /// as they are): `outputHeight` rows of `outputWidth` pixels of 3 floats, each row followed by
    /// `padding` zero pixels and the rows by `padding` zero rows (the face mesh stem's layout has 1).
    /// An area crop keeps its tables and buffer in `area`, so that one resampler serves many crops.
    /// The crop of an ``UprightImage`` is the crop of the turned copy it stands for, bit for bit.
    func sample(
        _ image: UprightImage, into output: inout [Float], padding: Int = 0, reusing area: inout AreaResampler
    ) {
        precondition(padding >= 0)
        let count = count(padding: padding)
        if output.count < count { output = [Float](repeating: 0, count: count) }
        switch interpolation {
        case .area:
            let (left, top) = pixelOrigin
            area.resample(
                image, left: left, top: top, width: Int(width), height: Int(height), outputWidth: outputWidth,
                outputHeight: outputHeight, values: values, rowStride: (outputWidth + padding) * 3, into: &output)
            clearPadding(padding, of: &output)
        case .bilinear:
            bilinear(image, into: &output, padding: padding)
        }
    }

    /// ``sample(_:into:padding:reusing:)`` with a resampler of its own.
    func sample(_ image: UprightImage, into output: inout [Float], padding: Int = 0) {
        var area = AreaResampler()
        sample(image, into: &output, padding: padding, reusing: &area)
    }

    /// ``sample(_:into:padding:reusing:)`` of `image` as it is stored, with a resampler of its own.
    func sample(_ image: RGBImage, into output: inout [Float], padding: Int = 0) {
        sample(UprightImage(image), into: &output, padding: padding)
    }

    /// Zeroes the `padding` pixels after each row and the `padding` rows after the last.
    func clearPadding(_ padding: Int, of output: inout [Float]) {
        guard padding > 0 else { return }
        let line = (outputWidth + padding) * 3
        for j in 0..<outputHeight {
            for k in (j * line + outputWidth * 3)..<((j + 1) * line) { output[k] = 0 }
        }
        for k in (outputHeight * line)..<((outputHeight + padding) * line) { output[k] = 0 }
    }
}
