/// The scales a cascade scans an image at, OpenCV's way: the image is shrunk by `factor`,
/// `factor²`, … so that the fixed window covers ever larger faces.
struct CascadePyramid: Sendable {
    /// One scale: the shrunk image's size and the step between windows in it.
    struct Level: Sendable, Equatable {
        /// Original pixels per level pixel.
        var scale: Float
        /// Size of the shrunk image.
        var width: Int, height: Int
        /// Window positions are multiples of `step` (1 or 2).
        var step: Int
    }

    let levels: [Level]

    /// Levels for an image of `width` × `height` and a `windowWidth` × `windowHeight` cascade,
    /// for faces at least `minFace` pixels wide; `step` is used below scale `denseFromScale`
    /// and 1 above it (OpenCV: step 2, dense from scale 2).
    init(
        width: Int, height: Int, windowWidth: Int, windowHeight: Int, minFace: Int,
        scaleFactor: Double, step: Int, denseFromScale: Float
    ) {
        var levels: [Level] = []
        var factor = 1.0
        while true {
            let scale = Float(factor)
            let w = Int((Float(width) / scale).rounded(.toNearestOrEven))
            let h = Int((Float(height) / scale).rounded(.toNearestOrEven))
            if w < windowWidth || h < windowHeight { break }
            if Int((Double(windowWidth) * factor).rounded(.toNearestOrEven)) >= minFace {
                levels.append(Level(scale: scale, width: w, height: h, step: scale >= denseFromScale ? 1 : step))
            }
            factor *= scaleFactor
        }
        self.levels = levels
    }
}
