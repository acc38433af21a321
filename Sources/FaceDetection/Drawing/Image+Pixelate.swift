extension RGBImage {
    /// Replaces the pixels inside `rect` (clipped to the image) by a mosaic: square cells, each
    /// filled with the mean colour of its pixels. Pixels outside `rect` do not change.
    ///
    /// The cells are `ceil(longer side of rect / blocks)` pixels wide (at least 1), laid from the
    /// rectangle's top-left corner, so a face box is about `blocks` cells across; the cells at the
    /// far edges and at the image border may be smaller. Every pixel the rectangle touches, even
    /// partly, is included. `blocks` below 1 counts as 1.
    public mutating func pixelate(_ rect: Rect, blocks: Int = 8) {
        let whole = PixelBox(covering: rect)
        let box = whole.clipped(toWidth: width, height: height)
        guard !box.isEmpty else { return }
        let cell = max(1, (max(whole.width, whole.height) + max(blocks, 1) - 1) / max(blocks, 1))
        // Cell corners on the grid that starts at the rectangle's own corner.
        let firstX = box.x0 - (box.x0 - whole.x0) % cell
        let firstY = box.y0 - (box.y0 - whole.y0) % cell
        for cy in stride(from: firstY, to: box.y1, by: cell) {
            for cx in stride(from: firstX, to: box.x1, by: cell) {
                let part = PixelBox(
                    x0: max(cx, box.x0), y0: max(cy, box.y0),
                    x1: min(cx + cell, box.x1), y1: min(cy + cell, box.y1))
                fill(part, color: meanColor(part))
            }
        }
    }

    /// The mean colour of the pixels in `box` (inside the image, not empty), rounded.
    func meanColor(_ box: PixelBox) -> RGB {
        var r = 0
        var g = 0
        var b = 0
        for y in box.y0..<box.y1 {
            var i = (y * width + box.x0) * 3
            for _ in box.x0..<box.x1 {
                r += Int(pixels[i])
                g += Int(pixels[i + 1])
                b += Int(pixels[i + 2])
                i += 3
            }
        }
        let n = box.width * box.height
        return RGB(UInt8((r + n / 2) / n), UInt8((g + n / 2) / n), UInt8((b + n / 2) / n))
    }
}
