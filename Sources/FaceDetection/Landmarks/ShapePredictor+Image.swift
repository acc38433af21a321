extension ShapePredictor {
    /// The model's points for the face in `box` of a colour picture, its pixels read through the crop
    /// step's point sampler (``ImageCrop/PointSampler``: dlib's grey rule for RGB pixels, what dlib's
    /// predictor sees when given an RGB image). Only the few thousand pixels the trees look at are read.
    func predict(in image: UprightImage, box: Rect) -> [Point] {
        let sampler = ImageCrop.PointSampler(image)
        // fit reads only 0 ≤ x < width, 0 ≤ y < height: pixels inside the picture, as the sampler asks.
        return sampler.withGreyLevels { grey in
            fit(box: box, width: sampler.width, height: sampler.height, intensity: grey)
        }
    }
}
