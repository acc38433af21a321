import Foundation
import Testing

@testable import FaceDetection

/// OpenCV's `FaceRecognizerSF.alignCrop` on the fixture photos' faces (`tools/fixtures/sface_alignment_golden.py`:
/// YuNet's five points and alignCrop's 112×112 crop).
private let golden: ModelFile? = try? ModelFile(
    bytes: Array(
        Data(contentsOf: URL(fileURLWithPath: FixturePaths.root + "/sface-alignment-golden/golden.fdm"))))

/// SFace's alignment as an ``ImageCrop`` against `alignCrop` on the same five points, the crop's inputs SFace's
/// (v − 127.5)·0.0078125. `warpAffine` rounds each sample point to 1/32 pixel, the crop does not: measured, the same
/// values differ as between `alignCrop` and a plain float warp of its matrix (`sface_reference.warp_affine_float`):
/// astronaut 4,055 of 37,632 values (25 by 2 levels, 2 by 3, at the eyes' sharpest edges), Grace Hopper 4,384
/// (at most 3). Bound: at most 3 levels, and at most 0.1 % of the values more than 2 apart.
@Test(arguments: [("grace_hopper.jpg", "grace_hopper"), ("astronaut.png", "astronaut")])
func sfaceAlignmentMatchesOpenCVsAlignCrop(photo: String, name: String) throws {
    let golden = try #require(golden)
    let image = try RGBImage(contentsOf: FixturePaths.photo(photo))
    let raw = try golden.floats("\(name).points", shape: [5, 2])
    // OpenCV's coordinates put pixel centres on whole numbers, the project's half a pixel further.
    let points = (0..<5).map { Point(x: raw[2 * $0] + 0.5, y: raw[2 * $0 + 1] + 0.5) }
    let expected = try golden.bytes("\(name).crop", shape: [112, 112, 3])
    let crop = try #require(SFaceAlignment.crop(points: points))
    #expect(crop.outputWidth == SFaceNetwork.inputSide && crop.outputHeight == SFaceNetwork.inputSide)
    #expect(crop.border == .zero && crop.values == .centred && crop.interpolation == .bilinear)
    var inputs: [Float] = []
    crop.sample(image, into: &inputs)
    #expect(inputs.count == expected.count)
    let levels = inputs.map { ($0 / 0.0078125 + 127.5).rounded() }
    let differences = zip(levels, expected).map { abs($0 - Float($1)) }
    let worst = differences.max() ?? .infinity
    let differing = differences.filter { $0 > 0 }.count
    let beyondTwo = differences.filter { $0 > 2 }.count
    #expect(worst <= 3, "\(photo): up to \(worst) grey levels from alignCrop's (\(differing) values differ)")
    #expect(beyondTwo * 1000 <= differences.count, "\(photo): \(beyondTwo) values more than 2 levels apart")
    // The template's points land where the template puts them: each of the five points maps onto its own.
    for (p, q) in zip(points, SFaceAlignment.template) {
        let o = crop.outputPoint(p)
        #expect(hypot(o.x - 0.5 - q.x, o.y - 0.5 - q.y) < 6, "\(photo): \(p) maps to \(o), template \(q)")
    }
}

/// Points that cannot define a similarity give no crop.
@Test func sfaceAlignmentNeedsFiveDistinctPoints() {
    let same = [Point](repeating: Point(x: 3, y: 4), count: 5)
    #expect(SFaceAlignment.crop(points: same) == nil)
    #expect(SFaceAlignment.crop(points: Array(same.prefix(4))) == nil)
    var nan = same
    nan[2] = Point(x: .nan, y: 1)
    #expect(SFaceAlignment.crop(points: nan) == nil)
}

/// The detector's descriptor of Grace Hopper (the face aligned by O-Net's points, SFace in Swift) against OpenCV's
/// (`FaceRecognizerSF.feature` on `alignCrop` by YuNet's points, `Fixtures/sface-golden/`): the same person by far
/// (measured 0.32 apart; the points differ, so the crops do).
@Test func graceHoppersDescriptorIsOpenCVs() throws {
    let reference = try ModelFile(
        bytes: Array(Data(contentsOf: URL(fileURLWithPath: FixturePaths.root + "/sface-golden/golden.fdm"))))
    let expected = try #require(FaceDescriptor(try reference.floats("reference", shape: [128])))
    let image = try RGBImage(contentsOf: FixturePaths.photo("grace_hopper.jpg"))
    let faces = FaceDetector(options: FaceDetector.Options(minFaceSize: .pixels(60), descriptors: true)).detect(
        in: image)
    let descriptor = try #require(faces.first?.descriptor)
    let distance = descriptor.distance(to: expected)
    #expect(distance < 0.5, "distance \(distance) from OpenCV's")
}

/// Grace Hopper and the astronaut are two people; each is herself at another scale.
@Test func twoPeopleAreNotTheSamePerson() throws {
    let detector = FaceDetector(options: FaceDetector.Options(minFaceSize: .pixels(60), descriptors: true))
    let hopper = try RGBImage(contentsOf: FixturePaths.photo("grace_hopper.jpg"))
    let astronaut = try RGBImage(contentsOf: FixturePaths.photo("astronaut.png"))
    let a = try #require(detector.detect(in: hopper).first?.descriptor)
    let b = try #require(detector.detect(in: astronaut).first?.descriptor)
    let smaller = try #require(detector.detect(in: hopper.resized(width: 384, height: 450)).first?.descriptor)
    #expect(!a.isSamePerson(as: b), "distance \(a.distance(to: b))")
    #expect(a.isSamePerson(as: smaller), "distance \(a.distance(to: smaller))")
}
