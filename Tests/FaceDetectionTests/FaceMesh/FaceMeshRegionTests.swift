import Foundation
import Testing

@testable import FaceDetection

/// The region follows MediaPipe's rule: centred on the box, 1.5 × its longer side, turned by the
/// eye line's angle; its corners map where the rotation puts them.
@Test func faceMeshRegionIsTheBoxEnlargedAndTurnedByTheEyes() {
    let bounds = Rect(x: 100, y: 50, width: 80, height: 100)
    // The subject's right eye on the image's left, the left eye 30° lower on the right.
    let right = Point(x: 120, y: 80)
    let left = Point(x: 120 + 40 * Float(cos(Double.pi / 6)), y: 80 + 40 * Float(sin(Double.pi / 6)))
    let region = FaceMeshRegion(bounds: bounds, rightEye: right, leftEye: left)
    #expect(region.center == Point(x: 140, y: 100))
    #expect(region.side == 150)
    #expect(abs(region.rotation - Float.pi / 6) < 1e-6)
    // In region units (a 1 × 1 crop): (0.5, 0.5) is the centre.
    let unit = region.crop(size: 1)
    let middle = unit.imagePoint(Point(x: 0.5, y: 0.5))
    #expect(abs(middle.x - 140) < 1e-4 && abs(middle.y - 100) < 1e-4)
    // The region's right-middle point lies half a side along the eye line from the centre.
    let east = unit.imagePoint(Point(x: 1, y: 0.5))
    #expect(abs(east.x - (140 + 75 * Float(cos(Double.pi / 6)))) < 1e-3)
    #expect(abs(east.y - (100 + 75 * Float(sin(Double.pi / 6)))) < 1e-3)
    // Its bottom-middle point lies half a side along the perpendicular (downwards on screen, turned).
    let south = unit.imagePoint(Point(x: 0.5, y: 1))
    // outputPoint inverts it.
    let back = unit.outputPoint(south)
    #expect(abs(back.x - 0.5) < 1e-5 && abs(back.y - 1) < 1e-5)
    #expect(abs(south.x - (140 - 75 * Float(sin(Double.pi / 6)))) < 1e-3)
    #expect(abs(south.y - (100 + 75 * Float(cos(Double.pi / 6)))) < 1e-3)
}

/// Bilinear sampling is exact on a linear ramp: an unrotated crop of an image whose red channel is
/// x and green channel y gives back the sample positions (inside the image, away from the clamp).
@Test func faceMeshCropSamplesBilinearly() {
    let (w, h) = (64, 48)
    var pixels = [UInt8](repeating: 0, count: w * h * 3)
    for y in 0..<h {
        for x in 0..<w {
            pixels[(y * w + x) * 3] = UInt8(x * 3)
            pixels[(y * w + x) * 3 + 1] = UInt8(y * 5)
            pixels[(y * w + x) * 3 + 2] = 77
        }
    }
    let image = RGBImage(width: w, height: h, pixels: pixels)
    // A 20-pixel square centred at (30, 25), level: crop pixel (i, j) samples (20.5 + 2i, 15.5 + 2j) − 0.5.
    let region = FaceMeshRegion(
        bounds: Rect(x: 30 - 20 / 3, y: 25 - 20 / 3, width: 40 / 3, height: 40 / 3),
        rightEye: Point(x: 25, y: 20), leftEye: Point(x: 35, y: 20))
    #expect(abs(region.side - 20) < 1e-4)
    let crop = region.crop(size: 10).bilinearScalar(UprightImage(image))
    for j in 0..<10 {
        for i in 0..<10 {
            let (x, y) = (20 + 2 * Float(i) + 0.5, 15 + 2 * Float(j) + 0.5)
            #expect(abs(crop[(j * 10 + i) * 3] * 255 - 3 * x) < 0.01)
            #expect(abs(crop[(j * 10 + i) * 3 + 1] * 255 - 5 * y) < 0.01)
            #expect(abs(crop[(j * 10 + i) * 3 + 2] * 255 - 77) < 0.01)
        }
    }
}

/// The 8-lane crop (in the stem's padded layout) against its scalar twin on turned regions that
/// reach past every edge of an odd-sized random image (the border is replicated), and on one inside it.
@Test func faceMeshCropMatchesScalarTwin() {
    let image = randomImage(width: 37, height: 23, seed: 5)
    for (bounds, tilt) in [
        (Rect(x: -10, y: -8, width: 50, height: 40), Float(0.4)), (Rect(x: 5, y: 3, width: 20, height: 14), 0),
        (Rect(x: 20, y: 10, width: 30, height: 30), -2.5), (Rect(x: 0, y: 0, width: 1, height: 1), 1),
    ] {
        let region = FaceMeshRegion(
            bounds: bounds, rightEye: Point(x: 0, y: 0), leftEye: Point(x: cos(tilt), y: sin(tilt)))
        for size in [1, 7, 16, 20] {
            var crop: [Float] = []
            region.crop(size: size).sample(image, into: &crop, padding: 1)
            let expected = region.crop(size: size).bilinearScalar(UprightImage(image))
            // The stem's padded layout: size + 1 rows of size + 1 pixels, the last pixel and row zero.
            let line = (size + 1) * 3
            #expect(crop.count == (size + 1) * line)
            let interior = (0..<size).flatMap { j in crop[(j * line)..<(j * line + size * 3)] }
            let padding = (0..<size).flatMap { j in crop[(j * line + size * 3)..<((j + 1) * line)] }
            #expect(padding.allSatisfy { $0 == 0 } && crop[(size * line)...].allSatisfy { $0 == 0 })
            let worst = maxAbsDifference(interior, expected)
            #expect(worst < 1e-4, "\(bounds) tilt \(tilt) size \(size): \(worst)")
        }
    }
}

/// Threads across faces change nothing: two made-up faces on a random image give bit-identical
/// meshes with 1 and 2 threads, and the same as one face at a time; a face without eyes gives nil.
@Test func faceMeshesAreTheSameOnOneAndTwoThreads() throws {
    let image = randomImage(width: 97, height: 83, seed: 13)
    func face(_ x: Float, _ y: Float, _ side: Float, tilt: Float) -> Face {
        Face(
            bounds: Rect(x: x, y: y, width: side, height: side * 1.2), score: 1,
            landmarks: [
                Landmark(type: .rightEye, position: Point(x: x + side * 0.3, y: y + side * 0.4)),
                Landmark(type: .leftEye, position: Point(x: x + side * 0.7, y: y + side * (0.4 + tilt))),
            ])
    }
    let faces = [
        face(50, 30, 30, tilt: 0.2), face(-5, 40, 60, tilt: -0.3),
        Face(bounds: Rect(x: 0, y: 0, width: 20, height: 20), score: 1),
    ]
    let estimator = try FaceMeshEstimator()
    let one = estimator.meshes(for: faces, in: image, threads: 1)
    let two = estimator.meshes(for: faces, in: image, threads: 2)
    #expect(one.count == 3 && one[2] == nil && one.prefix(2).allSatisfy { $0 != nil })
    #expect(one == two)
    #expect(estimator.mesh(for: faces[1], in: image) == one[1])
}
