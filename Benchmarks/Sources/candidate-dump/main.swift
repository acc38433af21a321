// Development harness for choosing the detector's thresholds: finds every face scoring at least
// --min-score in each image of a list (JPEG/PNG paths, one per line, or path TAB file), as
// `facedetect --min-face-size <N>px --landmarks all --classification none --min-score S` does
// (`FaceDetector.detectWithMeshes`), and writes one SCHEMA prediction line per image whose faces
// also carry the face mesh's face-presence probability ("presence", left out where no mesh ran).
// score.py reads the output as is (it ignores the extra key); filter it by score, size and
// presence to see what a rule would keep.
// Usage: candidate-dump [--list LIST] [--sample N] [--min-face PIXELS] [--min-score S] [--mode fast|accurate]
import BenchmarkSupport
import FaceDetection
import FaceDetectionIO
import Foundation

var options = BenchmarkArguments(Array(CommandLine.arguments.dropFirst()))
let minFace = options.take("--min-face") { Int($0) } ?? 10
let minScore = options.take("--min-score") { Float($0) } ?? 0.2
let mode = options.take("--mode", FaceDetector.Mode.init(rawValue:)) ?? .accurate
options.requireAllTaken()

do {
    let detector = FaceDetector(
        options: .init(
            mode: mode, landmarks: .all, classification: .none, minFaceSize: .pixels(minFace), minScore: minScore))
    let entries = ImageList.sample(try ImageList.read(options.listPath), count: options.sample)
    for entry in entries {
        let decoded = try DecodedImage(contentsOf: entry.path, reducedFor: detector)
        guard decoded.scale == 1 else { BenchmarkArguments.fail("\(entry.path): decoded reduced") }
        let image = decoded.image
        let faces: [[String: Any]] = detector.detectWithMeshes(in: image).map { found in
            let box = found.face.bounds
            var record: [String: Any] = [
                "box": [box.x, box.y, box.width, box.height].map(Double.init), "score": Double(found.face.score),
            ]
            if let mesh = found.mesh { record["presence"] = Double(mesh.presence) }
            return record
        }
        let record: [String: Any] = ["file": entry.file, "width": image.width, "height": image.height, "faces": faces]
        let line = try JSONSerialization.data(withJSONObject: record, options: [.sortedKeys])
        FileHandle.standardOutput.write(line + Data("\n".utf8))
    }
} catch {
    BenchmarkSummary.printToStandardError("error: \(error)")
    exit(1)
}
