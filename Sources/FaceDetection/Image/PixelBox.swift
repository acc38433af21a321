/// A half-open range of whole pixels, columns `x0..<x1` and rows `y0..<y1`, that a continuous
/// `Rect` turns into before anything is drawn or read. May lie partly or wholly outside an image;
/// `clipped(toWidth:height:)` keeps the part inside.
struct PixelBox: Equatable {
    /// First column.
    var x0: Int
    /// First row.
    var y0: Int
    /// One past the last column.
    var x1: Int
    /// One past the last row.
    var y1: Int

    /// A box from its corners (empty when `x1 <= x0` or `y1 <= y0`).
    init(x0: Int, y0: Int, x1: Int, y1: Int) {
        self.x0 = x0
        self.y0 = y0
        self.x1 = x1
        self.y1 = y1
    }

    /// The pixels whose centres lie inside `rect` (edges rounded to the nearest pixel boundary).
    /// A rectangle with a non-finite coordinate or a negative size gives an empty box.
    init(rounding rect: Rect) {
        self.init(rect, edge: { $0.rounded() }, farEdge: { $0.rounded() })
    }

    /// Every pixel that `rect` touches, even partly (edges rounded outwards).
    init(covering rect: Rect) {
        self.init(rect, edge: { $0.rounded(.down) }, farEdge: { $0.rounded(.up) })
    }

    private init(_ rect: Rect, edge: (Float) -> Float, farEdge: (Float) -> Float) {
        guard rect.x.isFinite, rect.y.isFinite, rect.width.isFinite, rect.height.isFinite,
            rect.width >= 0, rect.height >= 0
        else {
            self.init(x0: 0, y0: 0, x1: 0, y1: 0)
            return
        }
        self.init(
            x0: PixelBox.clampedInt(edge(rect.x)), y0: PixelBox.clampedInt(edge(rect.y)),
            x1: PixelBox.clampedInt(farEdge(rect.maxX)), y1: PixelBox.clampedInt(farEdge(rect.maxY)))
    }

    /// A finite float as an `Int`, limited to ±2^30 so that later arithmetic cannot overflow.
    static func clampedInt(_ v: Float) -> Int {
        let limit: Float = 1_073_741_824
        guard v.isFinite else { return v > 0 ? Int(limit) : -Int(limit) }
        return Int(min(max(v, -limit), limit))
    }

    /// True when the box holds no pixel.
    var isEmpty: Bool { x1 <= x0 || y1 <= y0 }
    /// Number of columns (0 when empty).
    var width: Int { max(0, x1 - x0) }
    /// Number of rows (0 when empty).
    var height: Int { max(0, y1 - y0) }

    /// The part of the box inside a `width` × `height` image.
    func clipped(toWidth width: Int, height: Int) -> PixelBox {
        PixelBox(x0: max(x0, 0), y0: max(y0, 0), x1: min(x1, width), y1: min(y1, height))
    }
}
