/// A face candidate between MTCNN stages, in the reference implementation's box convention:
/// corners (x1, y1, x2, y2) where, once truncated to integers, pixel columns x1−1 … x2−1 (0-based)
/// and rows y1−1 … y2−1 make up the box (MATLAB's 1-based inclusive ranges).
struct MTCNNCandidate: Sendable {
    /// Corners.
    var x1: Float, y1: Float, x2: Float, y2: Float
    /// Face probability of the stage that produced the candidate.
    var score: Float
    /// The stage's box regression: offsets of the four corners in box widths/heights.
    var dx1: Float = 0, dy1: Float = 0, dx2: Float = 0, dy2: Float = 0

    /// Width and height counted MATLAB's way (`x2 − x1 + 1`).
    var inclusiveWidth: Float { x2 - x1 + 1 }
    /// See `inclusiveWidth`.
    var inclusiveHeight: Float { y2 - y1 + 1 }

    /// Moves the corners by the regression offsets times `width` and `height`.
    mutating func applyRegression(width: Float, height: Float) {
        let (w, h) = (width, height)
        (x1, y1, x2, y2) = (x1 + dx1 * w, y1 + dy1 * h, x2 + dx2 * w, y2 + dy2 * h)
    }

    /// Grows the shorter side to make the box square around the same centre.
    mutating func makeSquare() {
        let w = x2 - x1
        let h = y2 - y1
        let side = max(w, h)
        x1 += w * 0.5 - side * 0.5
        y1 += h * 0.5 - side * 0.5
        x2 = x1 + side
        y2 = y1 + side
    }

    /// Truncates the corners toward zero (MATLAB's `fix`).
    mutating func truncate() {
        x1.round(.towardZero)
        y1.round(.towardZero)
        x2.round(.towardZero)
        y2.round(.towardZero)
    }
}
