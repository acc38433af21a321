extension Image {
    /// Marks `faces` on the image: the outline of each face box, then each contour as a thin
    /// polyline (closed for the rings of `FaceContour.Kind.isClosed`; a single-point contour is a
    /// dot), then a filled dot on each landmark. Only pixels on those shapes change. `style`
    /// defaults to `AnnotationStyle.default(for: self)`.
    public mutating func draw(_ faces: [Face], style: AnnotationStyle? = nil) {
        let style = style ?? .default(for: self)
        for face in faces {
            drawRectangle(face.bounds, color: style.boxColor, thickness: style.lineThickness)
        }
        let contourThickness = max(1, style.lineThickness / 2)
        for face in faces {
            for contour in face.contours {
                drawPolyline(
                    contour.points, closed: contour.kind.isClosed, color: style.contourColor,
                    thickness: contourThickness)
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
