extension RGBImage {
    /// Draws the segment from `start` to `end` in `color`, `thickness` pixels wide, clipped to
    /// the image.
    ///
    /// A pixel is painted when its centre lies within `thickness / 2` of the segment (a thickness
    /// below 1 counts as 1), so the ends are rounded and a one-pixel line has no gaps at any
    /// slope (every column, or row, it crosses has a pixel centre within half a pixel of it). A
    /// segment whose ends coincide paints a dot of that diameter. Non-finite ends draw nothing. The pixels tested
    /// are those of the segment's bounding box, grown by the half-width: meant for short segments
    /// such as contour edges.
    public mutating func drawLine(from start: Point, to end: Point, color: RGB, thickness: Int) {
        guard start.x.isFinite, start.y.isFinite, end.x.isFinite, end.y.isFinite else { return }
        let half = Double(max(thickness, 1)) / 2
        let (ax, ay) = (Double(start.x), Double(start.y))
        let (dx, dy) = (Double(end.x) - ax, Double(end.y) - ay)
        let length2 = dx * dx + dy * dy
        let bounds = PixelBox(
            x0: PixelBox.clampedInt(Float((min(ax, ax + dx) - half).rounded(.down))),
            y0: PixelBox.clampedInt(Float((min(ay, ay + dy) - half).rounded(.down))),
            x1: PixelBox.clampedInt(Float((max(ax, ax + dx) + half).rounded(.up))),
            y1: PixelBox.clampedInt(Float((max(ay, ay + dy) + half).rounded(.up)))
        )
        .clipped(toWidth: width, height: height)
        guard !bounds.isEmpty else { return }
        for y in bounds.y0..<bounds.y1 {
            let py = Double(y) + 0.5 - ay
            // Paint the pixels of this row whose centre is within the half-width of the segment.
            for x in bounds.x0..<bounds.x1 {
                let px = Double(x) + 0.5 - ax
                let t = length2 > 0 ? min(max((px * dx + py * dy) / length2, 0), 1) : 0
                let (ex, ey) = (px - t * dx, py - t * dy)
                if ex * ex + ey * ey <= half * half {
                    let i = (y * width + x) * 3
                    pixels[i] = color.r
                    pixels[i + 1] = color.g
                    pixels[i + 2] = color.b
                }
            }
        }
    }
}
