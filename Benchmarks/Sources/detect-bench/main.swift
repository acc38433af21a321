// Development harness for the public FaceDetector: reads the images of a list (tools/benchmarks/decode_to_ppm.py's
// list.tsv: PPM path, then the truth's `file`; JPEG/PNG paths work too), detects with the given options
// and writes one JSON Lines prediction per image (shared/eval/SCHEMA.md; `PredictionRecord`, as the tool
// writes it, `seconds` the median wall time) to standard output; a timing summary with the CPU time goes
// to standard error. Each image is timed as the median of --repeat runs, after --warmup untimed runs on
// the first image. Score the output with `python3 ../shared/tools/score.py`.
// Usage: detect-bench [--list list.tsv] [--sample N] [--warmup N] [--repeat N]
//                     [--mode fast|accurate] [--landmarks none|all] [--classification none|all]
//                     [--min-face PIXELS] [--min-score S] [--threads N]
// Defaults: accurate mode, no landmarks, no classification, 20 px, min score 0 (every candidate), 1 thread.
import BenchmarkSupport
import FaceDetectRecords
import FaceDetection
import FaceDetectionIO
import Foundation

var options = BenchmarkArguments(Array(CommandLine.arguments.dropFirst()))
var detectorOptions = FaceDetector.Options(mode: .accurate, minFaceSize: .pixels(20), minScore: 0)
if let mode = options.take("--mode", FaceDetector.Mode.init(rawValue:)) { detectorOptions.mode = mode }
if let landmarks = options.take("--landmarks", FaceDetector.LandmarkMode.init(rawValue:)) {
    detectorOptions.landmarks = landmarks
}
if let classification = options.take("--classification", FaceDetector.ClassificationMode.init(rawValue:)) {
    detectorOptions.classification = classification
}
if let pixels = options.take("--min-face", { Int($0) }) { detectorOptions.minFaceSize = .pixels(pixels) }
if let score = options.take("--min-score", { Float($0) }) { detectorOptions.minScore = score }
if let threads = options.take("--threads", { Int($0) }) { detectorOptions.threads = threads }
options.requireAllTaken()

do {
    let detector = FaceDetector(options: detectorOptions)
    let entries = ImageList.sample(try ImageList.read(options.listPath), count: options.sample)
    var summary = BenchmarkSummary()
    for (number, entry) in entries.enumerated() {
        let image = try entry.load()
        if number == 0 { options.timing.warmUp { detector.detect(in: image) } }
        let (faces, time) = options.timing.measure { detector.detect(in: image) }
        summary.add(time)
        var record = PredictionRecord(file: entry.file)
        (record.width, record.height, record.seconds, record.faces) = (image.width, image.height, time.seconds, faces)
        print(record.jsonLine)
    }
    let o = detectorOptions
    BenchmarkSummary.printToStandardError(
        summary.line(
            name:
                "detect-bench (\(o.mode.rawValue), landmarks \(o.landmarks.rawValue), classification \(o.classification.rawValue))",
            timing: options.timing))
} catch {
    BenchmarkSummary.printToStandardError("error: \(error)")
    exit(1)
}
