import Testing

@testable import FaceDetection

/// The interior of a crop written with `padding` (`outputHeight` rows of `outputWidth` pixels).
private func interior(_ values: [Float], of crop: ImageCrop, padding: Int) -> [Float] {
    let line = (crop.outputWidth + padding) * 3
    return (0..<crop.outputHeight).flatMap { j in values[(j * line)..<(j * line + crop.outputWidth * 3)] }
}

/// The zero-border bilinear crop (8 lanes) against its scalar twin on turned, non-square rectangles that
/// reach past every edge of an odd-sized random image, lie inside it or lie wholly outside it, with and
/// without padding and for each value mapping.
@Test func zeroBorderCropMatchesScalarTwin() {
    let image = randomImage(width: 37, height: 23, seed: 9)
    let rectangles: [(Point, Float, Float, Float)] = [
        (Point(x: 15, y: 12), 50, 40, 0.4), (Point(x: 15, y: 10), 20, 14, 0), (Point(x: 35, y: 25), 30, 20, -2.5),
        (Point(x: 0.5, y: 0.5), 1, 1, 1), (Point(x: -40, y: 10), 12, 12, 0.2), (Point(x: 18, y: 11), 37, 23, 0),
    ]
    for (center, width, height, angle) in rectangles {
        for (outputWidth, outputHeight) in [(1, 1), (7, 9), (16, 16), (20, 13)] {
            for values in [ImageCrop.Values.unit, .levels, .centred] {
                for padding in [0, 1, 2] {
                    let crop = ImageCrop(
                        center: center, width: width, height: height, angle: angle, outputWidth: outputWidth,
                        outputHeight: outputHeight, border: .zero, values: values)
                    var out: [Float] = []
                    crop.sample(image, into: &out, padding: padding)
                    #expect(out.count == crop.count(padding: padding))
                    let inside = interior(out, of: crop, padding: padding)
                    let expected = crop.bilinearScalar(UprightImage(image))
                    let tolerance: Float = values == .levels ? 1e-2 : 1e-4
                    let worst = maxAbsDifference(inside, expected)
                    #expect(worst < tolerance, "\(center) \(width)×\(height) \(angle) \(outputWidth)×\(outputHeight)")
                    let zeros = out.count - inside.count
                    #expect(out.filter { $0 == 0 }.count >= zeros)
                }
            }
        }
    }
}

/// Zero border: a level crop of a uniform image is the image's level inside and falls to 0 across
/// its edge (half a pixel outside, the sample point has half its weight on black).
@Test func zeroBorderIsBlackOutsideTheImage() {
    let image = RGBImage(width: 10, height: 6, fill: RGB(200, 100, 50))
    // 20 output pixels over x = −5…15: pixel centres at −4.5, −3.5, …, 14.5.
    let crop = ImageCrop(
        center: Point(x: 5, y: 3), width: 20, height: 1, angle: 0, outputWidth: 20, outputHeight: 1,
        border: .zero, values: .levels)
    var out: [Float] = []
    crop.sample(image, into: &out)
    #expect(out[0] == 0 && out[3 * 4] == 0)  // x = −4.5 and −0.5: a pixel and more outside
    #expect(abs(out[3 * 5] - 200) < 1e-3 && abs(out[3 * 5 + 1] - 100) < 1e-3)  // x = 0.5, the first pixel
    #expect(abs(out[3 * 14 + 2] - 50) < 1e-3)  // x = 9.5, the last pixel
    #expect(out[3 * 15] == 0 && out[3 * 19] == 0)  // x = 10.5 and 14.5: past the last pixel's centre by 1 and more
    // Replicated, the same crop repeats the edge.
    let replicated = ImageCrop(
        center: Point(x: 5, y: 3), width: 20, height: 1, angle: 0, outputWidth: 20, outputHeight: 1,
        border: .replicate, values: .levels)
    replicated.sample(image, into: &out)
    #expect(abs(out[0] - 200) < 1e-3 && abs(out[3 * 19 + 1] - 100) < 1e-3)
}

/// An area crop gives what `AreaResampler` gives on the same rectangle, bit for bit, and its padding is zero.
@Test func areaCropIsTheAreaResampler() {
    let image = randomImage(width: 50, height: 40, seed: 8)
    for (left, top, width, height) in [(5, 7, 39, 26), (-6, -3, 20, 20), (40, 30, 20, 15)] {
        var resampler = AreaResampler()
        var map = FeatureMap()
        resampler.resample(
            image, left: left, top: top, width: width, height: height, outputWidth: 13, outputHeight: 11, into: &map)
        let crop = ImageCrop(
            left: left, top: top, width: width, height: height, outputWidth: 13, outputHeight: 11, values: .centred)
        #expect(crop.pixelOrigin == (left, top))
        var out: [Float] = []
        crop.sample(image, into: &out, padding: 1)
        #expect(interior(out, of: crop, padding: 1) == Array(map.values.prefix(13 * 11 * 3)))
        #expect(out.count == crop.count(padding: 1))
        let line = 14 * 3
        #expect((0..<11).allSatisfy { j in out[(j * line + 39)..<((j + 1) * line)].allSatisfy { $0 == 0 } })
        #expect(out[(11 * line)...].allSatisfy { $0 == 0 })
    }
}

/// The crop maps its corners where its turn puts them, and `outputPoint` inverts `imagePoint` on a
/// non-square crop.
@Test func cropGeometryOfATurnedRectangle() {
    let crop = ImageCrop(
        center: Point(x: 40, y: 30), width: 20, height: 10, angle: Float.pi / 2, outputWidth: 40, outputHeight: 10,
        border: .zero, values: .unit)
    // A quarter turn clockwise on screen: the crop's x axis points down the image, its y axis left.
    let right = crop.imagePoint(Point(x: 40, y: 5))
    #expect(abs(right.x - 40) < 1e-4 && abs(right.y - 40) < 1e-4)
    let bottom = crop.imagePoint(Point(x: 20, y: 10))
    #expect(abs(bottom.x - 35) < 1e-4 && abs(bottom.y - 30) < 1e-4)
    let back = crop.outputPoint(crop.imagePoint(Point(x: 3, y: 7)))
    #expect(abs(back.x - 3) < 1e-4 && abs(back.y - 7) < 1e-4)
}
