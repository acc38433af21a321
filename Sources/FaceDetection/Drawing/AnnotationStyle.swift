/// How `RGBImage.draw(_:style:)` marks faces (a box outline per face, a thin polyline per contour
/// and a filled dot on each landmark) and how `RGBImage.drawLabel(_:above:style:)` writes text beside a box.
public struct AnnotationStyle: Sendable, Equatable {
    /// Colour of the face boxes.
    public var boxColor: RGB
    /// Colour of the landmark dots.
    public var landmarkColor: RGB
    /// Colour of the contour polylines (drawn half as wide as the box outlines, at least 1 px).
    public var contourColor: RGB
    /// Width of the box outlines in pixels (the stroke grows inwards from the face box).
    public var lineThickness: Int
    /// Radius of the landmark dots in pixels.
    public var landmarkRadius: Float
    /// Size of label text: each pixel of the 5 × 7 `BitmapFont` becomes a `labelScale`-pixel square.
    public var labelScale: Int

    /// A style from its parts.
    public init(
        boxColor: RGB, landmarkColor: RGB, lineThickness: Int, landmarkRadius: Float, labelScale: Int = 1,
        contourColor: RGB = RGB(0, 200, 255)
    ) {
        self.boxColor = boxColor
        self.landmarkColor = landmarkColor
        self.contourColor = contourColor
        self.lineThickness = lineThickness
        self.landmarkRadius = landmarkRadius
        self.labelScale = labelScale
    }

    /// Green boxes, red dots and sky-blue contours sized for `image`: lines
    /// `max(2, min(w, h) / 300)` pixels wide (2 px up to 900 px, 10 px on a 4000 × 3000 photo),
    /// dots of 1.5 × that radius, and label text scaled by half the line width (at least 1: 10 px
    /// capitals on a 4000 × 3000 photo).
    public static func `default`(for image: RGBImage) -> AnnotationStyle {
        let thickness = max(2, min(image.width, image.height) / 300)
        return AnnotationStyle(
            boxColor: RGB(0, 255, 0), landmarkColor: RGB(255, 0, 0),
            lineThickness: thickness, landmarkRadius: 1.5 * Float(thickness),
            labelScale: max(1, thickness / 2))
    }
}
