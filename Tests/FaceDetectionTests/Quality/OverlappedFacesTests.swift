import Testing

@testable import FaceDetection

/// Faces that overlap others: their capture quality falls with the share of their box covered.
struct OverlappedFacesTests {
    func face(_ x: Float, _ y: Float, _ side: Float, quality: Float?) -> Face {
        var face = Face(bounds: Rect(x: x, y: y, width: side, height: side), score: 0.9, landmarks: [])
        face.captureQuality = quality
        return face
    }

    @Test func theShareCoveredIsTheLargestOneFaceCovers() {
        let box = Rect(x: 0, y: 0, width: 100, height: 100)
        #expect(OverlappedFaces.coveredShare(of: 0, in: [box]) == 0)
        #expect(OverlappedFaces.coveredShare(of: 0, in: [box, Rect(x: 100, y: 0, width: 50, height: 50)]) == 0)
        #expect(OverlappedFaces.coveredShare(of: 0, in: [box, Rect(x: 50, y: 0, width: 100, height: 100)]) == 0.5)
        let two = [Rect(x: 50, y: 0, width: 100, height: 100), Rect(x: -80, y: 0, width: 100, height: 100)]
        #expect(OverlappedFaces.coveredShare(of: 0, in: [box] + two) == 0.5)
        #expect(OverlappedFaces.coveredShare(of: 0, in: [box, Rect(x: -10, y: -10, width: 200, height: 200)]) == 1)
    }

    @Test func aFaceHalfCoveredLosesAQuarterAndOthersKeepTheirs() {
        let faces = [
            face(0, 0, 100, quality: 0.8), face(50, 0, 100, quality: 0.6), face(400, 0, 100, quality: 0.7),
            face(300, 0, 10, quality: nil),
        ]
        let scaled = OverlappedFaces.scaled(faces)
        #expect(abs(scaled[0].captureQuality! - 0.6) < 1e-6)
        #expect(abs(scaled[1].captureQuality! - 0.45) < 1e-6)
        #expect(scaled[2].captureQuality == 0.7)
        #expect(scaled[3].captureQuality == nil)
        #expect(scaled.map(\.bounds) == faces.map(\.bounds))
        #expect(OverlappedFaces.scaled([faces[0]]) == [faces[0]])
    }

    @Test func aSmallFaceAtALargeOnesEdgeBarelyLowersIt() {
        let scaled = OverlappedFaces.scaled([face(0, 0, 150, quality: 0.8), face(140, 140, 15, quality: 0.8)])
        #expect(abs(scaled[0].captureQuality! - 0.8 * (1 - 0.5 * 100 / 22500)) < 1e-5)  // 0.798
        #expect(abs(scaled[1].captureQuality! - 0.8 * (1 - 0.5 * 100 / 225)) < 1e-5)
    }
}
