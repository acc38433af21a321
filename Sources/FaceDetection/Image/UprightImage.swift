/// A stored picture as it appears upright for an orientation (the picture ``RGBImage/applying(_:)``
/// makes), read where it is stored instead of copied: upright pixel (x, y) is stored pixel
/// `start + x · xStep + y · yStep` (``ImageOrientation/storedPixels(width:height:)``, the table the
/// copy is made by), so every level read is the one the turned copy holds at that place.
///
/// The per-face stages get their picture as one of these: a face found in another orientation is
/// measured through the crop step (``ImageCrop``) in its upright picture without a turned copy of
/// the whole photo.
struct UprightImage: Sendable {
    /// The picture as stored.
    let stored: RGBImage
    /// How the stored picture is turned to be upright.
    let orientation: ImageOrientation
    /// Size of the upright picture in pixels.
    let width: Int, height: Int
    /// The stored pixel of upright pixel (0, 0), and the steps (in stored pixels) to the next pixel
    /// along the upright picture's x and y axes.
    let start: Int, xStep: Int, yStep: Int

    /// `stored` upright for `orientation` (`.up`: as it is).
    init(_ stored: RGBImage, orientation: ImageOrientation = .up) {
        self.stored = stored
        self.orientation = orientation
        (width, height) =
            orientation.swapsDimensions ? (stored.height, stored.width) : (stored.width, stored.height)
        (start, xStep, yStep) = orientation.storedPixels(width: stored.width, height: stored.height)
    }

    /// The stored pixel (counted row by row) of upright pixel (`x`, `y`), which lies inside the picture.
    @inline(__always)
    func storedPixel(_ x: Int, _ y: Int) -> Int { start &+ x &* xStep &+ y &* yStep }

    /// Whether the upright picture's rows are the stored rows, left to right (`.up`, `.downMirrored`).
    var rowsAreStored: Bool { xStep == 1 }
}
