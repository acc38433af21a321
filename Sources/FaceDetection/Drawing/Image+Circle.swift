extension RGBImage {
    /// Draws a circle around `center`, clipped to the image: a ring `thickness` pixels wide whose
    /// outer edge is `radius`, or a filled disc when `thickness` is `nil`.
    ///
    /// A pixel is painted when the distance `d` from `center` to the pixel's centre satisfies
    /// `radius - thickness < d <= radius` (a disc: `d <= radius`). A ring at least one pixel wide
    /// covers every row and every column it crosses, so it has no gaps at any radius; a thickness
    /// below 1 counts as 1, and one of `radius` or more fills the disc. A circle with a radius
    /// below one pixel that covers no pixel centre still paints the pixel holding `center`, so a
    /// landmark dot never vanishes. A negative or non-finite radius or centre draws nothing.
    public mutating func drawCircle(center: Point, radius: Float, color: RGB, thickness: Int?) {
        guard center.x.isFinite, center.y.isFinite, radius.isFinite, radius >= 0 else { return }
        let cx = Double(center.x)
        let cy = Double(center.y)
        let r = Double(radius)
        let outer = r * r
        let innerRadius = thickness.map { r - Double(max($0, 1)) } ?? -1
        let inner = innerRadius > 0 ? innerRadius * innerRadius : -1
        let bounds = PixelBox(
            x0: PixelBox.clampedInt((center.x - radius).rounded(.down)),
            y0: PixelBox.clampedInt((center.y - radius).rounded(.down)),
            x1: PixelBox.clampedInt((center.x + radius).rounded(.up)),
            y1: PixelBox.clampedInt((center.y + radius).rounded(.up))
        )
        .clipped(toWidth: width, height: height)
        var painted = 0
        if !bounds.isEmpty {
            for y in bounds.y0..<bounds.y1 {
                let dy = Double(y) + 0.5 - cy
                // Paint the pixels of this row whose centre lies in the ring (or disc).
                for x in bounds.x0..<bounds.x1 {
                    let dx = Double(x) + 0.5 - cx
                    let d2 = dx * dx + dy * dy
                    if d2 <= outer && d2 > inner {
                        let i = (y * width + x) * 3
                        pixels[i] = color.r
                        pixels[i + 1] = color.g
                        pixels[i + 2] = color.b
                        painted += 1
                    }
                }
            }
        }
        if painted == 0 && radius < 1 {
            let x = PixelBox.clampedInt(center.x.rounded(.down))
            let y = PixelBox.clampedInt(center.y.rounded(.down))
            if x >= 0 && x < width && y >= 0 && y < height { self[x, y] = color }
        }
    }
}
