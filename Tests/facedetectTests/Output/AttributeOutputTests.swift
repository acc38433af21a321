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
                "mouthLeft", "mouthRight", "mouthBottom", "leftPupil", "rightPupil",
            ])
        #expect(try #require(landmarks["leftEye"])[0] > (try #require(landmarks["rightEye"]))[0])
        for (pupil, eye) in [("leftPupil", "leftEye"), ("rightPupil", "rightEye")] {
            let (p, e) = (try #require(landmarks[pupil]), try #require(landmarks[eye]))
            #expect(hypot(p[0] - e[0], p[1] - e[1]) < 6, "\(pupil) \(p) far from \(eye) \(e)")
        }
        #expect(face["blendshapes"] == nil)
        for key in ["smilingProbability", "leftEyeOpenProbability", "rightEyeOpenProbability"] {
            let p = try #require(face[key] as? Double, "\(key) missing")
            #expect(p > 0.5 && p <= 1, "\(key) = \(p)")
        }
        #expect(abs(try #require(face["eulerY"] as? Double)) < 12)
        #expect(face["eulerX"] is Double && face["eulerZ"] is Double)
    }

    /// `--blendshapes all`: the 52 names in MediaPipe's order (the JSON text keeps the order), each 0...1,
    /// the smiling astronaut's mouthSmile high and eyeBlink low.
    @Test func blendshapesAllGivesTheFiftyTwoCoefficients() throws {
        var text = ""
        try withTemporaryDirectory { directory in
            try TestInputs.copyFixture("astronaut.png", to: directory.appendingPathComponent("astronaut.png"))
            let result = try ToolProcess.run(
                ["astronaut.png", "--json", "--min-face-size", "0.15", "--blendshapes", "all"], in: directory)
            #expect(result.status == 0, "\(result.standardError)")
            text = result.standardOutput
        }
        let faces = try #require(try TestInputs.records(text).first?["faces"] as? [[String: Any]])
        let shapes = try #require(faces.first?["blendshapes"] as? [String: Double])
        #expect(shapes.count == 52 && shapes.values.allSatisfy { $0 >= 0 && $0 <= 1 })
        let names = Blendshapes.Coefficient.allCases.map(\.name)
        let object = text[try #require(text.range(of: "\"blendshapes\":")).upperBound...]
        let positions = names.map { object.range(of: "\"\($0)\":")?.lowerBound }
        #expect(positions.allSatisfy { $0 != nil } && positions.map { $0! } == positions.map { $0! }.sorted())
        #expect(try #require(shapes["mouthSmileLeft"]) > 0.5 && (try #require(shapes["eyeBlinkLeft"])) < 0.3)
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
