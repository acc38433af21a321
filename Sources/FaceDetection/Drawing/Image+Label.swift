extension RGBImage {
    /// Writes `text` in black on a tab of the style's box colour, attached to the top-left corner
    /// of `rect`: above the box when there is room, otherwise just inside its top edge; shifted
    /// left when it would run off the right of the image. Clipped like all drawing, so labels of
    /// boxes partly outside the image are partly shown. `style` defaults to
    /// `AnnotationStyle.default(for: self)`, the style `draw(_:style:)` uses.
    public mutating func drawLabel(_ text: String, above rect: Rect, style: AnnotationStyle? = nil) {
        let style = style ?? .default(for: self)
        let size = BitmapFont.size(of: text, scale: style.labelScale)
        let box = PixelBox(rounding: rect)
        guard size.width > 0, rect.x.isFinite, rect.y.isFinite else { return }
        let y = box.y0 - size.height >= 0 ? box.y0 - size.height : box.y0
        let x = box.x0 + size.width > width ? max(0, width - size.width) : box.x0
        drawText(
            text, at: Point(x: Float(x), y: Float(y)), color: RGB(0, 0, 0),
            background: style.boxColor, scale: style.labelScale)
    }
}
