/// A point in image pixels, origin at the top-left corner, y growing downwards.
public struct Point: Sendable, Equatable, Hashable {
    /// Horizontal coordinate in pixels.
    public var x: Float
    /// Vertical coordinate in pixels.
    public var y: Float
    /// A point at (`x`, `y`).
    public init(x: Float, y: Float) {
        self.x = x
        self.y = y
    }
}

/// An axis-aligned rectangle in image pixels (continuous coordinates, origin top-left).
public struct Rect: Sendable, Equatable, Hashable {
    /// Left edge.
    public var x: Float
    /// Top edge.
    public var y: Float
    /// Width (≥ 0).
    public var width: Float
    /// Height (≥ 0).
    public var height: Float

    /// A rectangle from its top-left corner and size.
    public init(x: Float, y: Float, width: Float, height: Float) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// Right edge, `x + width`.
    public var maxX: Float { x + width }
    /// Bottom edge, `y + height`.
    public var maxY: Float { y + height }
    /// Centre point.
    public var center: Point { Point(x: x + width / 2, y: y + height / 2) }
    /// `width * height`.
    public var area: Float { width * height }

    /// The overlap of two rectangles (zero-sized when they do not meet).
    public func intersection(_ other: Rect) -> Rect {
        let x0 = max(x, other.x)
        let y0 = max(y, other.y)
        let x1 = min(maxX, other.maxX)
        let y1 = min(maxY, other.maxY)
        return Rect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }

    /// Intersection over union, 0…1 (0 when either rectangle is empty).
    public func iou(_ other: Rect) -> Float {
        let inter = intersection(other).area
        let union = area + other.area - inter
        return union > 0 ? inter / union : 0
    }
}
