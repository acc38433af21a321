import Testing

@testable import FaceDetection

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The thorough mode's pieces: box voting, the turned pictures' coordinates, and a turned face
/// found and reported in the photo's coordinates.
@Suite struct ThoroughSearchTests {
    /// A candidate of `pass` with a box and a score.
    func candidate(
        _ x: Float, _ y: Float, _ side: Float, _ score: Float, pass: Int
    ) -> BoxVoting.Candidate {
        BoxVoting.Candidate(
            face: Face(bounds: Rect(x: x, y: y, width: side, height: side), score: score), pass: pass,
            orientation: .up)
    }

    /// Two whole pyramids, two passes for faces under 32 px, one for faces under 48 px.
    let limits: [Float] = [.infinity, .infinity, 32, 32, 48]

    @Test func votingAveragesBoxesByScoreAndScoresOverThePasses() {
        let merged = BoxVoting.merged(
            [
                candidate(100, 100, 60, 0.9, pass: 0), candidate(106, 100, 60, 0.6, pass: 1),
                candidate(104, 100, 60, 0.5, pass: 1), candidate(300, 300, 60, 0.8, pass: 0),
            ], threshold: 0.4, passLimits: limits)
        #expect(merged.count == 2)
        // Boxes weighted by score: x = (0.9·100 + 0.6·106 + 0.5·104) / 2.0; the score is the root
        // mean square of each pass's best, 0.9 and 0.6; the lone face is seen by one pass of two.
        #expect(abs(merged[0].face.bounds.x - 102.8) < 1e-3 && abs(merged[0].face.bounds.width - 60) < 1e-3)
        #expect(abs(merged[0].face.score - (0.585 as Float).squareRoot()) < 1e-6)
        #expect(merged[1].face.bounds.x == 300 && abs(merged[1].face.score - 0.8 / (2 as Float).squareRoot()) < 1e-6)
    }

    @Test func upscaledPassesCountOnlyForSmallFaces() {
        let small = BoxVoting.merged(
            [candidate(10, 10, 20, 0.8, pass: 0), candidate(10, 10, 20, 0.4, pass: 2)],
            threshold: 0.4, passLimits: limits)
        // Over all five passes: √((0.8² + 0.4²) / 5); the large face over the two whole pyramids: 0.8 / √2.
        #expect(small.count == 1 && abs(small[0].face.score - (0.16 as Float).squareRoot()) < 1e-6)
        let large = BoxVoting.merged(
            [candidate(10, 10, 60, 0.8, pass: 0), candidate(10, 10, 60, 0.4, pass: 2)],
            threshold: 0.4, passLimits: limits)
        #expect(large.count == 1 && abs(large[0].face.score - 0.8 / (2 as Float).squareRoot()) < 1e-6)
        // A 40 px face: the whole pyramids and the pass for faces under 48 px, √((0.8² + 0.6²) / 3).
        let middle = BoxVoting.merged(
            [candidate(10, 10, 40, 0.8, pass: 0), candidate(10, 10, 40, 0.6, pass: 4)],
            threshold: 0.4, passLimits: limits)
        #expect(middle.count == 1 && abs(middle[0].face.score - (1 / 3 as Float).squareRoot()) < 1e-6)
    }

    @Test(arguments: ImageOrientation.allCases)
    func pointsMapBetweenAPictureAndItsTurnedCopy(_ orientation: ImageOrientation) {
        let stored = randomImage(width: 7, height: 5, seed: 3)
        let upright = stored.applying(orientation)
        for y in 0..<upright.height {
            for x in 0..<upright.width {
                let centre = Point(x: Float(x) + 0.5, y: Float(y) + 0.5)
                let s = orientation.storedPoint(centre, width: 7, height: 5)
                #expect(upright[x, y] == stored[Int(s.x), Int(s.y)], "\(orientation) \(x) \(y)")
                let back = orientation.uprightPoint(s, width: 7, height: 5)
                #expect(back == centre)
            }
        }
    }

    /// The astronaut on a taller canvas (so that a quarter turn changes the picture's shape),
    /// turned a quarter clockwise: thorough mode and `rotations: .all` find the face once, in the
    /// turned photo's coordinates, measured as the upright face is, with the roll turned by −90°.
    @Test func aFaceInAQuarterTurnedPhotoIsFoundAndReportedInThePhotosCoordinates() throws {
        let astronaut = try loadAstronaut()
        var canvas = RGBImage(width: astronaut.width, height: astronaut.height + 64)
        for y in 0..<astronaut.height { for x in 0..<astronaut.width { canvas[x, y] = astronaut[x, y] } }
        let photo = canvas.applying(.right)
        let expectUpright = try #require(FaceDetector().detect(in: canvas).first)
        #expect(FaceDetector().detect(in: canvas).count == 1)
        for options in [FaceDetector.Options(mode: .thorough), FaceDetector.Options(rotations: .all)] {
            let faces = FaceDetector(options: options).detect(in: photo)
            #expect(faces.count == 1, "\(options.mode)")
            let face = try #require(faces.first)
            let expected = expectUpright.bounds.upright(.right, width: canvas.width, height: canvas.height)
            #expect(face.bounds.iou(expected) > 0.8, "\(face.bounds) \(expected)")
            let leftEye = try #require(face.landmark(.leftEye)?.position)
            let rightEye = try #require(face.landmark(.rightEye)?.position)
            let expectedLeft = ImageOrientation.right.uprightPoint(
                try #require(expectUpright.landmark(.leftEye)?.position), width: canvas.width, height: canvas.height)
            #expect(abs(leftEye.x - expectedLeft.x) < 3 && abs(leftEye.y - expectedLeft.y) < 3)
            // The eye line from the right eye to the left one, counter-clockwise from the x axis.
            let eyeLine = atan2f(rightEye.y - leftEye.y, leftEye.x - rightEye.x) * 180 / .pi
            let roll = try #require(face.eulerZ)
            #expect(abs(roll - (try #require(expectUpright.eulerZ) - 90)) < 3, "\(roll)")
            #expect(abs(Face.normalizedAngle(eyeLine - roll)) < 15, "\(eyeLine) \(roll)")
        }
    }
}
