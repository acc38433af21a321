extension Face {
    /// This face with every x coordinate multiplied by `sx` and every y by `sy` (from a scaled
    /// picture back to the original).
    func scaled(x sx: Float, y sy: Float) -> Face {
        var result = self
        result.bounds = Rect(x: bounds.x * sx, y: bounds.y * sy, width: bounds.width * sx, height: bounds.height * sy)
        result.landmarks = landmarks.map {
            Landmark(type: $0.type, position: Point(x: $0.position.x * sx, y: $0.position.y * sy))
        }
        result.contours = contours.map {
            FaceContour(kind: $0.kind, points: $0.points.map { Point(x: $0.x * sx, y: $0.y * sy) })
        }
        return result
    }
}
