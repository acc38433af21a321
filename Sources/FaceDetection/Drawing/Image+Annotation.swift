extension RGBImage {
    /// Marks `faces` on the image: the outline of each face box, then each contour as a thin
    /// polyline (closed for the rings of `FaceContour.Kind.isClosed`, the lips joined into their
    /// outer and inner rings; a single-point contour is a dot), then a filled dot on each landmark. Only pixels on those shapes change. `style`
    /// defaults to `AnnotationStyle.default(for: self)`.
    public mutating func draw(_ faces: [Face], style: AnnotationStyle? = nil) {
        let style = style ?? .default(for: self)
        for face in faces {
            drawRectangle(face.bounds, color: style.boxColor, thickness: style.lineThickness)
        }
        let contourThickness = max(1, style.lineThickness / 2)
        for face in faces {
            for line in Self.contourLines(face) {
                drawPolyline(line.points, closed: line.closed, color: style.contourColor, thickness: contourThickness)
            }
        }
        for face in faces {
            for landmark in face.landmarks {
                drawCircle(
                    center: landmark.position, radius: style.landmarkRadius,
                    color: style.landmarkColor, thickness: nil)
            }
        }
    }

    /// The polylines that draw `face`'s contours: each contour on its own, except that a lip's top
    /// and bottom edges, when both are there, make one ring (outer: `upperLipTop` from the right
    /// mouth corner to the left, then `lowerLipBottom` back; inner: `upperLipBottom`, then
    /// `lowerLipTop` back).
    static func contourLines(_ face: Face) -> [(points: [Point], closed: Bool)] {
        var lines: [(points: [Point], closed: Bool)] = []
        var joined: Set<FaceContour.Kind> = []
        for (upper, lower) in [
            (FaceContour.Kind.upperLipTop, FaceContour.Kind.lowerLipBottom), (.upperLipBottom, .lowerLipTop),
        ] {
            guard let top = face.contour(upper), let bottom = face.contour(lower) else { continue }
            lines.append((top + bottom.reversed(), true))
            joined.formUnion([upper, lower])
        }
        for contour in face.contours where !joined.contains(contour.kind) {
            lines.append((contour.points, contour.kind.isClosed))
        }
        return lines
    }

    /// Draws segments joining consecutive `points` (and the last to the first when `closed`); one
    /// point is a dot.
    private mutating func drawPolyline(_ points: [Point], closed: Bool, color: RGB, thickness: Int) {
        guard let first = points.first else { return }
        guard points.count > 1 else {
            drawLine(from: first, to: first, color: color, thickness: thickness)
            return
        }
        for k in 1..<points.count {
            drawLine(from: points[k - 1], to: points[k], color: color, thickness: thickness)
        }
        if closed, points.count > 2, let last = points.last {
            drawLine(from: last, to: first, color: color, thickness: thickness)
        }
    }
}
