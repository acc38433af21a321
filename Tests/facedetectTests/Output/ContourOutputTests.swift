import FaceDetection
import FaceDetectionIO
import Foundation
import Testing

/// `--contours`: ML Kit's fifteen contours in the JSON and as lines in the `-o` images.
@Suite("contours in the output")
struct ContourOutputTests {
    /// ML Kit's point count per contour, by the JSON key.
    static let counts: [String: Int] = [
        "face": 36, "leftEyebrowTop": 5, "leftEyebrowBottom": 5, "rightEyebrowTop": 5, "rightEyebrowBottom": 5,
        "leftEye": 16, "rightEye": 16, "upperLipTop": 11, "upperLipBottom": 9, "lowerLipTop": 9,
        "lowerLipBottom": 9, "noseBridge": 2, "noseBottom": 3, "leftCheek": 1, "rightCheek": 1,
    ]

    /// One run with `--contours all --json -` and one without, each drawing an `-o` image: the JSON
    /// carries the contours only when asked, and the drawn images differ only around the face.
    @Test func contoursReachTheJSONAndThePicture() throws {
        try withTemporaryDirectory { directory in
            try TestInputs.copyFixture("astronaut.png", to: directory.appendingPathComponent("astronaut.png"))
            let common = [
                "astronaut.png", "--json", "-", "--min-face-size", "0.15", "--landmarks", "none",
                "--classification", "none",
            ]
            var faces: [String: [[String: Any]]] = [:]
            for (name, extra) in [("plain.png", [String]()), ("contours.png", ["--contours", "all"])] {
                let result = try ToolProcess.run(common + ["-o", name] + extra, in: directory)
                #expect(result.status == 0, "\(result.standardError)")
                faces[name] = try #require(
                    try TestInputs.records(result.standardOutput).first?["faces"] as? [[String: Any]])
            }
            let plainFace = try #require(faces["plain.png"]?.first)
            #expect(plainFace["contours"] == nil)
            let face = try #require(faces["contours.png"]?.first)
            let contours = try #require(face["contours"] as? [String: [[Double]]])
            #expect(Set(contours.keys) == Set(Self.counts.keys))
            for (key, points) in contours {
                #expect(points.count == Self.counts[key], "\(key): \(points.count) points")
                #expect(points.allSatisfy { $0.count == 2 }, "\(key)")
            }
            // The subject's left eye is on the image's right.
            let meanX = { (key: String) in (contours[key] ?? []).map { $0[0] }.reduce(0, +) / 16 }
            #expect(meanX("leftEye") > meanX("rightEye"))

            let plain = try RGBImage(contentsOf: directory.appendingPathComponent("plain.png").path)
            let drawn = try RGBImage(contentsOf: directory.appendingPathComponent("contours.png").path)
            var differing = 0
            var outside = 0
            let box = TestInputs.astronautFace
            for y in 0..<plain.height {
                for x in 0..<plain.width where plain[x, y] != drawn[x, y] {
                    differing += 1
                    let (px, py) = (Float(x), Float(y))
                    if px < box.x - 20 || px > box.maxX + 20 || py < box.y - 20 || py > box.maxY + 20 { outside += 1 }
                }
            }
            #expect(differing > 200, "\(differing) pixels differ")
            #expect(outside == 0, "\(outside) differing pixels away from the face")
        }
    }
}
