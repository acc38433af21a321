extension RGBImage {
    /// Draws the outline of `rect` in `color`, `thickness` pixels wide, clipped to the image.
    ///
    /// The box covers the pixels whose centres lie inside `rect` (its edges rounded to the nearest
    /// pixel boundary), and the outline is the band of those pixels within `thickness` of the box's
    /// edge: the stroke grows *inwards* from the rectangle's edge, so nothing is drawn outside
    /// `rect`. A thickness of half the box or more fills it; a thickness below 1 counts as 1.
    /// An empty, negative-sized or non-finite rectangle draws nothing; the parts of the outline
    /// outside the image are simply not drawn.
    public mutating func drawRectangle(_ rect: Rect, color: RGB, thickness: Int) {
        let box = PixelBox(rounding: rect)
        guard !box.isEmpty else { return }
        let t = min(max(thickness, 1), max(box.width, box.height))
        fill(PixelBox(x0: box.x0, y0: box.y0, x1: box.x1, y1: min(box.y0 + t, box.y1)), color: color)
        fill(PixelBox(x0: box.x0, y0: max(box.y1 - t, box.y0), x1: box.x1, y1: box.y1), color: color)
        fill(PixelBox(x0: box.x0, y0: box.y0, x1: min(box.x0 + t, box.x1), y1: box.y1), color: color)
        fill(PixelBox(x0: max(box.x1 - t, box.x0), y0: box.y0, x1: box.x1, y1: box.y1), color: color)
    }
}
