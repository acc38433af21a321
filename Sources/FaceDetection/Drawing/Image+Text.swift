extension RGBImage {
    /// Writes `text` in the built-in `BitmapFont`, each font pixel a `scale` × `scale` square,
    /// clipped to the image.
    ///
    /// `origin` is the top-left corner of the text box (rounded to the nearest pixel), whose size
    /// is `BitmapFont.size(of: text, scale: scale)`; `"\n"` starts a new line. When `background`
    /// is given, each line's box is filled with it first, so the text stays readable on any
    /// picture. A scale below 1 counts as 1. Characters outside printable ASCII are drawn as `?`.
    public mutating func drawText(_ text: String, at origin: Point, color: RGB, background: RGB?, scale: Int) {
        guard origin.x.isFinite, origin.y.isFinite else { return }
        let s = BitmapFont.clampedScale(scale)
        let x0 = PixelBox.clampedInt(origin.x.rounded())
        let y0 = PixelBox.clampedInt(origin.y.rounded())
        var top = y0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if top >= height { break }
            let lineHeight = BitmapFont.cellHeight * s
            if top + lineHeight > 0 {
                if let background, !line.isEmpty {
                    let lineWidth = (line.count * BitmapFont.cellWidth + 1) * s
                    fill(PixelBox(x0: x0, y0: top, x1: x0 + lineWidth, y1: top + lineHeight), color: background)
                }
                var left = x0
                for character in line {
                    if left >= width { break }
                    drawGlyph(BitmapFont.rows(of: character), x: left + s, y: top + s, scale: s, color: color)
                    left += BitmapFont.cellWidth * s
                }
            }
            top += lineHeight
        }
    }

    /// Paints the set bits of one glyph, its top-left pixel at (`x`, `y`).
    private mutating func drawGlyph(_ rows: ArraySlice<UInt8>, x: Int, y: Int, scale s: Int, color: RGB) {
        for (r, bits) in rows.enumerated() where bits != 0 {
            for c in 0..<BitmapFont.glyphWidth where bits & (0b10000 >> c) != 0 {
                let px = x + c * s
                let py = y + r * s
                fill(PixelBox(x0: px, y0: py, x1: px + s, y1: py + s), color: color)
            }
        }
    }
}
