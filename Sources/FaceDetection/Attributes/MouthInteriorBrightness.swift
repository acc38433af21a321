/// How bright the mouth's interior is next to the lips, on the image at the face mesh's lip
/// contours: teeth shown in a smile are bright; a closed mouth puts the dark lip line there.
///
/// ``value(_:in:)`` is the mean luma of 27 samples between the inner lip contours — at ¼, ½ and ¾
/// of the way from each of the 9 `upperLipBottom` points to its `lowerLipTop` partner — over the
/// mean luma of 18 samples on the lips themselves — halfway between `upperLipTop`'s inner 9 points
/// and `upperLipBottom`, and between `lowerLipTop` and `lowerLipBottom` (the lip contours'
/// points pair up across each lip; ``FaceContour/Kind``). A ratio of two lumas of the same face,
/// so the lighting cancels; the set of samples is its own mirror image, so a mirrored face gives
/// the same value. Luma is 0.299 R + 0.587 G + 0.114 B, interpolated bilinearly
/// (`GreyLevel.attributes`).
/// `tools/fit_smile_shape.py` computes the same (`mouth_interior_brightness`).
enum MouthInteriorBrightness {
    /// Where the interior samples lie from the inner upper lip to the inner lower lip.
    static let interiorFractions: [Float] = [0.25, 0.5, 0.75]

    /// The mesh indices of `upperLipTop` without its two corners, paired with `upperLipBottom`.
    private static let upperLipOuter = Array(FaceContour.Kind.upperLipTop.meshIndices.dropFirst().dropLast())
    /// The mesh indices of `upperLipBottom` (the upper lip's inner edge, corner to corner).
    private static let upperLipInner = FaceContour.Kind.upperLipBottom.meshIndices
    /// The mesh indices of `lowerLipTop` (the lower lip's inner edge, in the same order).
    private static let lowerLipInner = FaceContour.Kind.lowerLipTop.meshIndices
    /// The mesh indices of `lowerLipBottom` (the lower lip's outer edge, in the same order).
    private static let lowerLipOuter = FaceContour.Kind.lowerLipBottom.meshIndices

    /// The interior's mean luma over the lips' mean luma (the latter floored at 1) for the face
    /// whose mesh is `mesh` in `image`.
    static func value(_ mesh: FaceMesh, in image: RGBImage) -> Float {
        var interior: Float = 0
        var lips: Float = 0
        for k in upperLipInner.indices {
            let upper = mesh.position(upperLipInner[k])
            let lower = mesh.position(lowerLipInner[k])
            for t in interiorFractions {
                let sample = Point(x: upper.x + t * (lower.x - upper.x), y: upper.y + t * (lower.y - upper.y))
                interior += luma(image, at: sample)
            }
            lips += luma(image, at: midpoint(mesh.position(upperLipOuter[k]), upper))
            lips += luma(image, at: midpoint(lower, mesh.position(lowerLipOuter[k])))
        }
        let interiorMean = interior / Float(upperLipInner.count * interiorFractions.count)
        let lipsMean = lips / Float(2 * upperLipInner.count)
        return interiorMean / max(lipsMean, 1)
    }

    /// The bilinear luma of `image` at `point` (`GreyLevel.attributes`).
    private static func luma(_ image: RGBImage, at point: Point) -> Float {
        GreyLevel.attributes(image, x: point.x, y: point.y)
    }

    /// The point halfway between `a` and `b`.
    private static func midpoint(_ a: Point, _ b: Point) -> Point { Point(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2) }
}
