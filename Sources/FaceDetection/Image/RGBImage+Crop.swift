extension RGBImage {
    /// The part of the image inside `rect` grown by `margin` × its size on each side, clipped to
    /// the image; `nil` when nothing of it lies inside (or the rectangle is empty or not finite).
    ///
    /// With `margin: 0.2` a 100 × 100 face box becomes a 140 × 140 crop centred on the face.
    /// Every pixel the grown rectangle touches, even partly, is included (edges rounded outwards).
    public func cropped(to rect: Rect, margin: Float = 0) -> RGBImage? {
        let grown = Rect(
            x: rect.x - margin * rect.width, y: rect.y - margin * rect.height,
            width: rect.width * (1 + 2 * margin), height: rect.height * (1 + 2 * margin))
        let box = PixelBox(covering: grown).clipped(toWidth: width, height: height)
        guard !box.isEmpty else { return nil }
        var output = [UInt8](repeating: 0, count: box.width * box.height * 3)
        let rowBytes = box.width * 3
        for y in 0..<box.height {
            let from = ((box.y0 + y) * width + box.x0) * 3
            output.replaceSubrange(y * rowBytes..<(y + 1) * rowBytes, with: pixels[from..<(from + rowBytes)])
        }
        return RGBImage(width: box.width, height: box.height, pixels: output)
    }
}
