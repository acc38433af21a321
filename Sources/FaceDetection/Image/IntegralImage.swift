/// Summed-area tables of a grey image: `sum[(y)·stride + x]` is the sum of the pixels above and to
/// the left of (x, y) (exclusive), `squares` the same for the squared pixels. Row 0 and column 0
/// are zero. `squares` wraps modulo 2³²: differences over any window smaller than 2³² / 255² ≈
/// 66 000 pixels are still exact when computed with wrapping arithmetic.
struct IntegralImage: Sendable {
    /// Width of the image (the tables have `width + 1` meaningful columns).
    let width: Int
    /// Height of the image (the tables have `height + 1` rows).
    let height: Int
    /// Distance between rows in the tables (at least `width + 1`).
    let stride: Int
    /// Sums of pixel values.
    var sum: [Int32]
    /// Sums of squared pixel values, wrapping.
    var squares: [Int32]

    /// Extra zero elements after the tables, so that vector loads near the end stay inside.
    static let padding = 32

    /// The tables of `image`, with rows `stride` elements apart (default `width + 1`).
    init(_ image: GrayImage, stride: Int? = nil) {
        let stride = stride ?? image.width + 1
        precondition(stride > image.width)
        self.width = image.width
        self.height = image.height
        self.stride = stride
        let count = (image.height + 1) * stride + Self.padding
        sum = [Int32](repeating: 0, count: count)
        squares = [Int32](repeating: 0, count: count)
        image.pixels.withUnsafeBufferPointer { px in
            sum.withUnsafeMutableBufferPointer { s in
                squares.withUnsafeMutableBufferPointer { q in
                    // Safety: px[y·width + x] < width·height = pixels.count; s/q[(y + 1)·stride + x + 1] with
                    // x + 1 ≤ width < stride stays < (height + 1)·stride ≤ count.
                    for y in 0..<image.height {
                        let above = y * stride
                        let here = above + stride
                        let src = y * image.width
                        var rowSum: Int32 = 0
                        var rowSquares: Int32 = 0
                        // table(x+1, y+1) = table(x+1, y) + sum of row y up to x
                        for x in 0..<image.width {
                            let v = Int32(px[src + x])
                            rowSum &+= v
                            rowSquares &+= v &* v
                            s[here + x + 1] = s[above + x + 1] &+ rowSum
                            q[here + x + 1] = q[above + x + 1] &+ rowSquares
                        }
                    }
                }
            }
        }
    }
}
