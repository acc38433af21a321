// Development harness for the Haar cascade detector: reads the images of a list (tools/benchmarks/decode_to_ppm.py's
// list.tsv: PPM path, then the truth's `file`), runs the cascade on each and writes one JSON Lines
// prediction per image (shared/eval/SCHEMA.md; `PredictionRecord`, as the tool writes it, `seconds` the
// median wall time) to standard output; a timing summary with the CPU time goes to standard error.
// Each image is timed as the median of --repeat runs, after --warmup untimed runs on the first image.
// Usage: cascade-bench [--list list.tsv] [--sample N] [--warmup N] [--repeat N]
//                      [default|alt2] [scaleFactor] [step] [minNeighbors] [threads] [minFace] [denseFromScale]
//                      [neighborWeight marginWeight bias]
import BenchmarkSupport
import FaceDetectRecords
import FaceDetection
import FaceDetectionIO
import Foundation

let options = BenchmarkArguments(Array(CommandLine.arguments.dropFirst()))
let args = options.rest
/// Positional argument `i` (0-based), parsed, or nil when absent.
@MainActor func positional<T: LosslessStringConvertible>(_ i: Int, _: T.Type) -> T? {
    guard i < args.count else { return nil }
    guard let value = T(args[i]) else { BenchmarkArguments.fail("argument \(i + 1): bad value \(args[i])") }
    return value
}
/// `default`: OpenCV's stump cascade, which is not compiled in, from the repository's `Models/`;
/// otherwise the compiled-in `frontalFaceAlt2`.
@MainActor func chosenCascade() throws -> CascadeClassifier {
    guard args.first == "default" else { return try CascadeClassifier(.frontalFaceAlt2) }
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../..")
    let file = root.appendingPathComponent("Models/haarcascade_frontalface_default.fdm")
    return try CascadeClassifier(modelBytes: Array(Data(contentsOf: file)))
}
var settings = CascadeDetector.Settings()
if let v = positional(1, Double.self) { settings.scaleFactor = v }
if let v = positional(2, Int.self) { settings.step = v }
if let v = positional(3, Int.self) { settings.minNeighbors = v }
let threads = positional(4, Int.self) ?? 1
let minFace = positional(5, Int.self) ?? 20
if let v = positional(6, Float.self) { settings.denseFromScale = v }
if let n = positional(7, Double.self), let m = positional(8, Double.self), let b = positional(9, Double.self) {
    settings.score = CascadeFaceScore(neighborWeight: n, marginWeight: m, bias: b)
}

do {
    let detector = CascadeDetector(cascade: try chosenCascade(), settings: settings)
    let entries = ImageList.sample(try ImageList.read(options.listPath), count: options.sample)
    var summary = BenchmarkSummary()
    for (number, entry) in entries.enumerated() {
        let image = try entry.load()
        if number == 0 { options.timing.warmUp { detector.detect(in: image, minFaceSize: minFace, threads: threads) } }
        let (faces, time) = options.timing.measure {
            detector.detect(in: image, minFaceSize: minFace, threads: threads)
        }
        summary.add(time)
        var record = PredictionRecord(file: entry.file)
        (record.width, record.height, record.seconds, record.faces) = (image.width, image.height, time.seconds, faces)
        print(record.jsonLine)
    }
    BenchmarkSummary.printToStandardError(
        summary.line(
            name: "cascade-bench (\(args.first == "default" ? "frontalFaceDefault" : "frontalFaceAlt2"))",
            timing: options.timing))
} catch {
    BenchmarkSummary.printToStandardError("error: \(error)")
    exit(1)
}
