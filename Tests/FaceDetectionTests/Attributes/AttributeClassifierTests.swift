import Testing

@testable import FaceDetection

@Test func logisticProbabilitiesStayInUnitInterval() {
    let model = LogisticModel(weights: [3, -2], bias: 0.5)
    #expect(model.probability([0, 0]) > 0.62 && model.probability([0, 0]) < 0.63)  // 1/(1+e^-0.5)
    for features: [Float] in [[1e6, -1e6], [-1e6, 1e6], [0.3, 0.1], [.greatestFiniteMagnitude, 0]] {
        let p = model.probability(features)
        #expect(p >= 0 && p <= 1)
    }
}

@Test func alignedFacePutsEyesAtTheirFramePositions() throws {
    // A tilted pair of eyes 50 px apart in a random image.
    let image = randomImage(width: 200, height: 160, seed: 3)
    let marks = [
        Landmark(type: .rightEye, position: Point(x: 70, y: 90)),
        Landmark(type: .leftEye, position: Point(x: 110, y: 60)),
        Landmark(type: .mouthLeft, position: Point(x: 130, y: 110)),
    ]
    let face = try #require(AlignedFace(image: image, landmarks: marks))
    let l = try #require(face.position(.leftEye))
    let r = try #require(face.position(.rightEye))
    #expect(abs(l.x - 80) < 1e-3 && abs(l.y - 50) < 1e-3 && abs(r.x - 40) < 1e-3 && abs(r.y - 50) < 1e-3)
    // The frame pixel at the right eye is the image's grey level there (bilinear, at a pixel centre).
    let px = image[70, 90]
    let grey = 0.299 * Float(px.r) + 0.587 * Float(px.g) + 0.114 * Float(px.b)
    let sampled = GreyLevel.attributes(image, x: 70.5, y: 90.5)
    #expect(abs(sampled - grey) < 1e-3)
    #expect(AlignedFace(image: image, landmarks: Array(marks.suffix(1))) == nil)
}

/// A synthetic eye: skin-grey patch with either a round dark iris on a white sclera (open) or a
/// thin dark lash line (closed); the classifier must tell them apart.
@Test func eyeFeaturesSeparateDrawnOpenAndClosedEyes() throws {
    func face(open: Bool) -> RGBImage {
        var image = RGBImage(width: 160, height: 160, fill: RGB(170, 130, 110))
        for (cx, cy) in [(60, 70), (100, 70)] {
            for y in (cy - 12)...(cy + 12) {
                for x in (cx - 14)...(cx + 14) {
                    let dx = Float(x - cx)
                    let dy = Float(y - cy)
                    if open {
                        if dx * dx / 144 + dy * dy / 36 <= 1 { image[x, y] = RGB(235, 235, 235) }  // sclera
                        if dx * dx + dy * dy <= 25 { image[x, y] = RGB(40, 30, 25) }  // iris
                    } else if abs(dy - dx * dx / 80) < 1, abs(dx) <= 12 {
                        image[x, y] = RGB(50, 40, 35)  // lashes
                    }
                }
            }
        }
        return image
    }
    let marks = [
        Landmark(type: .rightEye, position: Point(x: 60, y: 70)),
        Landmark(type: .leftEye, position: Point(x: 100, y: 70)),
    ]
    let classifier = EyeStateClassifier()
    let open = try #require(classifier.probabilities(in: face(open: true), landmarks: marks))
    let closed = try #require(classifier.probabilities(in: face(open: false), landmarks: marks))
    #expect(open.left > 0.5 && open.right > 0.5, "open: \(open)")
    #expect(closed.left < 0.5 && closed.right < 0.5, "closed: \(closed)")
}
