extension FaceDetector {
    /// The faces in `image`, a picture shown at 1/`reduction` of its full size (a JPEG decoded with
    /// DCT scaling), in the full picture's coordinates: the smallest face looked for is that of the
    /// full picture (`.pixels(N)` becomes N / `reduction` pixels here; a `.fraction` of the width is
    /// the same fraction of either), and every box, landmark and contour point is multiplied by
    /// `reduction`. With `reduction` 1 this is `detect(in:)`.
    package func detect(in image: RGBImage, reducedBy reduction: Int) -> [Face] {
        guard reduction > 1 else { return detect(in: image) }
        var minFaceSize = options.minFaceSize
        if case .pixels(let pixels) = minFaceSize { minFaceSize = .pixels(max(1, pixels / reduction)) }
        let faces = detect(in: image, minFace: minFaceSize.pixels(forImageWidth: image.width))
        return faces.map { $0.scaled(x: Float(reduction), y: Float(reduction)) }
    }
}
