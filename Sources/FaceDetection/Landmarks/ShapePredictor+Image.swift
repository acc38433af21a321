extension ShapePredictor {
    /// The model's points for the face in `box` of a colour image, reading grey levels with dlib's
    /// rule for RGB pixels (`GreyLevel.landmarks`), which is what dlib's predictor sees
    /// when given an RGB image. Only the few thousand pixels the trees look at are converted.
    func predict(in image: RGBImage, box: Rect) -> [Point] {
        image.pixels.withUnsafeBufferPointer { rgb in
            // Safety: fit calls this only for 0 ≤ x < width, 0 ≤ y < height, so index + 2 < pixels.count.
            fit(box: box, width: image.width, height: image.height) { x, y in
                Self.dlibGray(rgb, (y * image.width + x) * 3)
            }
        }
    }

    /// dlib's grey level of the RGB pixel starting at `index` (`GreyLevel.landmarks`).
    @inline(__always)
    static func dlibGray(_ rgb: UnsafeBufferPointer<UInt8>, _ index: Int) -> UInt8 {
        GreyLevel.landmarks(rgb[index], rgb[index + 1], rgb[index + 2])
    }
}
