import Foundation
import Testing
@testable import FaceDetection
import FaceDetectionIO

/// Dev harness, not a unit test: runs the attribute estimators over an eval set and writes SCHEMA
/// predictions as JSON Lines, plus the classifier features (for `tools/fit_attributes.py`).
/// Enabled by ATTR_EVAL_SET (a folder with truth.json). ATTR_EVAL_OUT: predictions path (default
/// /tmp/attributes.jsonl; features go to the same path with `.features.jsonl`). ATTR_LANDMARKS:
/// `mtcnn` (default: detect faces and their five points with MTCNN, every face written) or `truth`
/// (the truth box and its five labelled points). ATTR_MIN_FACE: MTCNN's smallest face (px, default 20).
/// ATTR_NOSEBASE=dlib: add dlib's 5-point predictor's nose base (on the box made from the five
/// points) to the measured landmarks, so it is reported as measured and joins the pose fit.
/// Run in release (FaceDetectionTests uses @testable): `ATTR_EVAL_SET=../shared/eval/smile-dev
/// swift test -c release -Xswiftc -enable-testing --filter attributeEvaluation`; then
/// `python3 ../shared/tools/score.py --truth SET/truth.json --pred OUT --pick central`.
@Test(.enabled(if: ProcessInfo.processInfo.environment["ATTR_EVAL_SET"] != nil))
func attributeEvaluation() throws {
    let env = ProcessInfo.processInfo.environment
    let setPath = env["ATTR_EVAL_SET"]!, outPath = env["ATTR_EVAL_OUT"] ?? "/tmp/attributes.jsonl"
    let useTruth = env["ATTR_LANDMARKS"] == "truth", minFace = Int(env["ATTR_MIN_FACE"] ?? "") ?? 20
    let truth = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: setPath + "/truth.json"))) as! [String: Any]
    let mtcnnPath = FixturePaths.root + "/../Models/mtcnn.fdm"
    let detector = useTruth ? nil : try MTCNN(model: ModelFile(bytes: Array(Data(contentsOf: URL(fileURLWithPath: mtcnnPath)))))
    let shapes = env["ATTR_NOSEBASE"] == "dlib"
        ? try ShapePredictor(model: ModelFile(bytes: Array(Data(contentsOf: URL(fileURLWithPath: FixturePaths.root + "/../Models/shape5.fdm")))))
        : nil
    let attributes = FaceAttributes()
    var predictions = "", features = ""
    for record in truth["images"] as! [[String: Any]] {
        let file = record["file"] as! String
        let image = try Image(contentsOf: setPath + "/" + file)
        let start = ContinuousClock.now
        var faces: [Face]
        if let detector {
            faces = detector.detect(in: image, minFaceSize: minFace)
        } else {
            faces = (record["faces"] as! [[String: Any]]).compactMap { truthFace in
                guard let marks = truthFace["landmarks"] as? [String: [Double]] else { return nil }
                let box = (truthFace["box"] as! [Double]).map { Float($0) }
                return Face(bounds: Rect(x: box[0], y: box[1], width: box[2], height: box[3]), score: 1,
                            landmarks: marks.compactMap { name, p in
                                LandmarkType(rawValue: name).map { Landmark(type: $0, position: Point(x: Float(p[0]), y: Float(p[1]))) }
                            })
            }
        }
        var faceFeatures: [String] = []
        for i in faces.indices {
            if let shapes, let le = faces[i].landmark(.leftEye), let re = faces[i].landmark(.rightEye),
               let ml = faces[i].landmark(.mouthLeft), let mr = faces[i].landmark(.mouthRight) {
                let box = ShapePredictor.dlibStyleBox(leftEye: le.position, rightEye: re.position,
                                                      mouthLeft: ml.position, mouthRight: mr.position)
                faces[i].landmarks += ShapePredictor.landmarks(shapes.predict(in: image, box: box)).filter { $0.type == .noseBase }
            }
            let measured = faces[i].landmarks
            attributes.annotate(&faces[i], in: image)
            let aligned = AlignedFace(image: image, landmarks: measured)
            let smile = aligned.flatMap(SmileClassifier.features) ?? []
            let left = aligned.flatMap { EyeStateClassifier.features($0, eye: .leftEye) } ?? []
            let right = aligned.flatMap { EyeStateClassifier.features($0, eye: .rightEye) } ?? []
            let b = faces[i].bounds
            faceFeatures.append("{\"box\": [\(b.x), \(b.y), \(b.width), \(b.height)], \"smile\": \(smile), \"leftEye\": \(left), \"rightEye\": \(right)}")
        }
        let d = ContinuousClock.now - start
        let seconds = Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
        predictions += "{\"file\": \"\(file)\", \"width\": \(image.width), \"height\": \(image.height), \"seconds\": \(seconds), \"faces\": [\(faces.map(json).joined(separator: ", "))]}\n"
        features += "{\"file\": \"\(file)\", \"width\": \(image.width), \"height\": \(image.height), \"faces\": [\(faceFeatures.joined(separator: ", "))]}\n"
    }
    try predictions.write(toFile: outPath, atomically: true, encoding: .utf8)
    try features.write(toFile: outPath.replacingOccurrences(of: ".jsonl", with: "") + ".features.jsonl", atomically: true, encoding: .utf8)
}

/// A face as a SCHEMA prediction object.
private func json(_ f: Face) -> String {
    let b = f.bounds
    var fields = ["\"box\": [\(b.x), \(b.y), \(b.width), \(b.height)]", "\"score\": \(f.score)"]
    let marks = f.landmarks.map { "\"\($0.type.rawValue)\": [\($0.position.x), \($0.position.y)]" }
    fields.append("\"landmarks\": {\(marks.joined(separator: ", "))}")
    let optional: [(String, Float?)] = [("eulerX", f.eulerX), ("eulerY", f.eulerY), ("eulerZ", f.eulerZ),
                                        ("smilingProbability", f.smilingProbability),
                                        ("leftEyeOpenProbability", f.leftEyeOpenProbability),
                                        ("rightEyeOpenProbability", f.rightEyeOpenProbability)]
    for (name, value) in optional { if let value { fields.append("\"\(name)\": \(value)") } }
    return "{" + fields.joined(separator: ", ") + "}"
}
