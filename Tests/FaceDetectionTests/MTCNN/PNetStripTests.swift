import Testing

@testable import FaceDetection

/// Every field of every cell, for exact comparison.
private func cells(_ candidates: [MTCNNCandidate]) -> [[Float]] {
    candidates.map { [$0.x1, $0.y1, $0.x2, $0.y2, $0.score, $0.dx1, $0.dy1, $0.dx2, $0.dy2] }
}

/// P-Net run in strips gives exactly the cells of P-Net on the whole level, on odd-sized random
/// images and on the astronaut, for every pyramid level and strip sizes down to the smallest.
@Test func pnetStripsMatchTheWholeLevel() throws {
    var detector = try MTCNN(model: try loadMTCNNModel())
    detector.thresholds.pnet = 0  // every cell counts
    // (image, minimum face): the photo's pyramid from 40 px, and only in strips of 37 rows (its 20-px
    // levels and one-row strips cost 5× the time in a debug build and test nothing the random
    // images do not).
    let images = [
        (randomImage(width: 97, height: 203, seed: 1), 20), (randomImage(width: 131, height: 77, seed: 2), 20),
        (randomImage(width: 45, height: 121, seed: 3), 20), (try loadAstronaut(), 40),
    ]
    var scratch = CNNScratch()
    var stripsSeen = 0
    for (image, minFace) in images {
        for scale in detector.scales(width: image.width, height: image.height, minFaceSize: minFace) {
            let whole = detector.levelCandidates(image, scale: scale, stripPixels: .max, scratch: &scratch)
            let w = Int((Double(image.width) * scale).rounded(.up))
            let h = Int((Double(image.height) * scale).rounded(.up))
            for pixels in minFace == 20 ? [0, 37 * w] : [37 * w] {
                let strips = detector.pnet.strips(width: w, height: h, pixels: pixels)
                stripsSeen = max(stripsSeen, strips.count)
                let striped = detector.levelCandidates(image, scale: scale, stripPixels: pixels, scratch: &scratch)
                #expect(
                    cells(striped) == cells(whole), "\(image.width)×\(image.height) at \(scale), \(strips.count) strips"
                )
            }
        }
    }
    #expect(stripsSeen > 10)
}

/// The strips cover each output row once, in order, and read only the input rows they need.
@Test func pnetStripsCoverTheLevel() throws {
    let pnet = try MTCNN(model: try loadMTCNNModel()).pnet
    for (w, h) in [(12, 12), (13, 13), (40, 101), (615, 923), (77, 64)] {
        for pixels in [0, 30 * w, PNet.stripPixels, .max] {
            let strips = pnet.strips(width: w, height: h, pixels: pixels)
            #expect(strips.map(\.output.lowerBound) + [pnet.outputHeight(h)] == [0] + strips.map(\.output.upperBound))
            for s in strips {
                #expect(s.output.count % 2 == 0 || s.output.upperBound == pnet.outputHeight(h))
                #expect(s.input.lowerBound == 2 * s.output.lowerBound && s.input.upperBound <= h)
                #expect(pnet.outputHeight(s.input.count) == s.output.count)
            }
            #expect(strips.last?.input.upperBound == h)
        }
    }
}
