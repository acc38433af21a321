extension RGBImage {
    /// Paints every pixel of `box` that lies inside the image with `color`.
    mutating func fill(_ box: PixelBox, color: RGB) {
        let b = box.clipped(toWidth: width, height: height)
        guard !b.isEmpty else { return }
        for y in b.y0..<b.y1 {
            // Set each pixel of the row span to the colour.
            for i in stride(from: (y * width + b.x0) * 3, to: (y * width + b.x1) * 3, by: 3) {
                pixels[i] = color.r
                pixels[i + 1] = color.g
                pixels[i + 2] = color.b
            }
        }
    }
}
