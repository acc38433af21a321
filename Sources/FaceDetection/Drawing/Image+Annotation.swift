extension Image {
    /// Marks `faces` on the image: the outline of each face box, then a filled dot on each landmark.
    /// Only pixels on those shapes change. `style` defaults to `AnnotationStyle.default(for: self)`.
    public mutating func draw(_ faces: [Face], style: AnnotationStyle? = nil) {
        let style = style ?? .default(for: self)
        for face in faces {
            drawRectangle(face.bounds, color: style.boxColor, thickness: style.lineThickness)
        }
        for face in faces {
            for landmark in face.landmarks {
                drawCircle(
                    center: landmark.position, radius: style.landmarkRadius,
                    color: style.landmarkColor, thickness: nil)
            }
        }
    }
}
