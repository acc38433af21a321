import FaceDetection
import FaceDetectionIO
import Foundation
import Testing

/// `--mode`, `--landmarks`, `--classification`, `--labels`: what reaches the JSON and the picture.
@Suite("attributes in the output")
struct AttributeOutputTests {
    /// The astronaut's one JSON face with the given extra arguments.
    func astronautFace(_ arguments: [String]) throws -> [String: Any] {
        var face: [String: Any] = [:]
        try withTemporaryDirectory { directory in
            try TestInputs.copyFixture("astronaut.png", to: directory.appendingPathComponent("astronaut.png"))
            let result = try ToolProcess.run(
                ["astronaut.png", "--json", "--min-face-size", "0.15"] + arguments, in: directory)
            #expect(result.status == 0, "\(result.standardError)")
            let faces = try #require(try TestInputs.records(result.standardOutput).first?["faces"] as? [[String: Any]])
            #expect(faces.count == 1)
            face = try #require(faces.first)
        }
        return face
    }

    @Test func defaultsReportAndroidsLandmarksAnglesAndProbabilities() throws {
        let face = try astronautFace([])
        let landmarks = try #require(face["landmarks"] as? [String: [Double]])
        #expect(
            Set(landmarks.keys) == [
                "leftEye", "rightEye", "noseBase", "noseTip", "leftCheek", "rightCheek",
                "mouthLeft", "mouthRight", "mouthBottom",
            ])
        #expect(try #require(landmarks["leftEye"])[0] > (try #require(landmarks["rightEye"]))[0])
        for key in ["smilingProbability", "leftEyeOpenProbability", "rightEyeOpenProbability"] {
            let p = try #require(face[key] as? Double, "\(key) missing")
            #expect(p > 0.5 && p <= 1, "\(key) = \(p)")
        }
        #expect(abs(try #require(face["eulerY"] as? Double)) < 12)
        #expect(face["eulerX"] is Double && face["eulerZ"] is Double)
    }

    @Test func noneMeansTheKeysAreLeftOut() throws {
        let face = try astronautFace(ToolProcess.plumbingFlags)
        for key in ["landmarks", "smilingProbability", "leftEyeOpenProbability", "eulerX", "eulerY", "eulerZ"] {
            #expect(face[key] == nil, "\(key) present")
        }
        let classified = try astronautFace(["--mode", "fast", "--landmarks", "none"])
        #expect(classified["landmarks"] == nil)
        #expect(classified["smilingProbability"] is Double)
    }

    @Test func labelsAreDrawnAboveTheBox() throws {
        try withTemporaryDirectory { directory in
            try TestInputs.copyFixture("astronaut.png", to: directory.appendingPathComponent("astronaut.png"))
            for (name, extra) in [("plain.png", [String]()), ("labelled.png", ["--labels"])] {
                let result = try ToolProcess.run(
                    ["astronaut.png", "-o", name, "--min-face-size", "0.15"] + extra + ToolProcess.plumbingFlags,
                    in: directory)
                #expect(result.status == 0)
            }
            let plain = try RGBImage(contentsOf: directory.appendingPathComponent("plain.png").path)
            let labelled = try RGBImage(contentsOf: directory.appendingPathComponent("labelled.png").path)
            // The label tab sits just above the face box (top near y = 60): only pixels there differ.
            var differing = 0
            var below = 0
            for y in 0..<plain.height {
                for x in 0..<plain.width where plain[x, y] != labelled[x, y] {
                    differing += 1
                    if y > 80 { below += 1 }
                }
            }
            #expect(differing > 100)
            #expect(below == 0)
        }
    }
}
