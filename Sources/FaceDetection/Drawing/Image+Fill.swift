extension Image {
    /// Paints every pixel of `box` that lies inside the image with `color`.
    mutating func fill(_ box: PixelBox, color: RGB) {
        let b = box.clipped(toWidth: width, height: height)
        guard !b.isEmpty else { return }
        let w = width
        pixels.withUnsafeMutableBufferPointer { p in
            // Safety: b is clipped to the image and nonempty, so i + 2 < (y·w + b.x1)·3 ≤ pixels.count.
            for y in b.y0..<b.y1 {
                // Set each pixel of the row span to the colour.
                var i = (y * w + b.x0) * 3
                for _ in b.x0..<b.x1 {
                    p[i] = color.r
                    p[i + 1] = color.g
                    p[i + 2] = color.b
                    i += 3
                }
            }
        }
    }
}
