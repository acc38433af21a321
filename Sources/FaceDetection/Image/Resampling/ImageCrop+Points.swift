extension ImageCrop {
    /// Single pixels read at points that a model picks as it runs, for a model with no rectangle to
    /// resample ahead: dlib's shape predictor, whose trees choose each level's pixels from the shape
    /// the previous level reached. A point reads the grey level of the one pixel it falls in, by
    /// dlib's rule for RGB pixels (``GreyLevel/landmarks(_:_:_:)``), what dlib's predictor sees when
    /// given an RGB image; the model decides which points fall outside the image (dlib reads 0 there).
    struct PointSampler: Sendable {
        /// The picture read, upright.
        let image: UprightImage

        /// The sampler of `image`.
        init(_ image: UprightImage) { self.image = image }

        /// Size of the upright picture in pixels: points are read inside it.
        var width: Int { image.width }
        /// See ``width``.
        var height: Int { image.height }

        /// The grey level of upright pixel (`x`, `y`) (inside the picture) of the stored bytes `rgb`.
        @inline(__always)
        private func grey(_ rgb: UnsafeBufferPointer<UInt8>, _ x: Int, _ y: Int) -> UInt8 {
            let i = image.storedPixel(x, y) * 3
            return GreyLevel.landmarks(rgb[i], rgb[i + 1], rgb[i + 2])
        }

        /// `body` with the reader of grey levels, (x, y) → the level of upright pixel (x, y) inside
        /// the picture.
        @inline(__always)
        func withGreyLevels<Result>(_ body: ((Int, Int) -> UInt8) -> Result) -> Result {
            image.stored.pixels.withUnsafeBufferPointer { rgb in body { x, y in grey(rgb, x, y) } }
        }
    }
}
