@testable import FaceDetection

/// Grey-image entry points for the shape-predictor tests (dlib's golden points are for grey
/// images); the product only predicts on colour images.
extension ShapePredictor {
    /// The model's points for the face in `box` of a grey image, in `Part` order, in image
    /// coordinates (see the type's documentation for the box dlib expects).
    func predict(in gray: GrayImage, box: Rect) -> [Point] {
        fit(box: box, width: gray.width, height: gray.height) { x, y in gray.pixels[y * gray.width + x] }
    }

    /// The whole image in grey levels by dlib's rule (see `predict(in:box:)` for colour images);
    /// `predict` on the result gives the same points as `predict` on the colour image.
    static func dlibGrayImage(_ image: RGBImage) -> GrayImage {
        var gray = [UInt8](repeating: 0, count: image.width * image.height)
        image.pixels.withUnsafeBufferPointer { rgb in
            // gray[i] = (R + G + B) / 3 of pixel i
            for i in gray.indices { gray[i] = GreyLevel.landmarks(rgb[3 * i], rgb[3 * i + 1], rgb[3 * i + 2]) }
        }
        return GrayImage(width: image.width, height: image.height, pixels: gray)
    }
}
