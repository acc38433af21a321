// Development harness for the public FaceDetector: reads the images of a list (tools/decode_to_ppm.py's
// list.tsv: PPM path, then the truth's `file`; JPEG/PNG paths work too), detects with the given options
// and writes one JSON Lines prediction per image (shared/eval/SCHEMA.md) to standard output; a timing
// summary goes to standard error. Each image is timed as the median of --repeat runs, after --warmup
// untimed runs on the first image. Score the output with `python3 ../shared/tools/score.py`.
// Usage: detect-bench [--list list.tsv] [--sample N] [--warmup N] [--repeat N]
//                     [--mode fast|accurate] [--landmarks none|all] [--classification none|all]
//                     [--min-face PIXELS] [--min-score S] [--threads N]
// Defaults: accurate mode, no landmarks, no classification, 20 px, min score 0 (every candidate), 1 thread.
import BenchmarkSupport
import FaceDetection
import Foundation

let options = BenchmarkArguments(Array(CommandLine.arguments.dropFirst()))
var detectorOptions = FaceDetector.Options(mode: .accurate, minFaceSize: .pixels(20), minScore: 0)
var index = 0
/// The value after the flag at `index`, parsed (exits with a usage error if missing or bad).
@MainActor func value<T>(_ parse: (String) -> T?) -> T {
    let flag = options.rest[index]
    index += 1
    guard index < options.rest.count, let parsed = parse(options.rest[index]) else {
        BenchmarkArguments.fail("\(flag) needs a valid value")
    }
    return parsed
}
while index < options.rest.count {
    switch options.rest[index] {
    case "--mode": detectorOptions.mode = value(FaceDetector.Mode.init(rawValue:))
    case "--landmarks": detectorOptions.landmarks = value(FaceDetector.LandmarkMode.init(rawValue:))
    case "--classification": detectorOptions.classification = value(FaceDetector.ClassificationMode.init(rawValue:))
    case "--min-face": detectorOptions.minFaceSize = .pixels(value { Int($0) })
    case "--min-score": detectorOptions.minScore = value { Float($0) }
    case "--threads": detectorOptions.threads = value { Int($0) }
    default: BenchmarkArguments.fail("unknown argument \(options.rest[index])")
    }
    index += 1
}

do {
    let detector = FaceDetector(options: detectorOptions)
    let entries = ImageList.sample(try ImageList.read(options.listPath), count: options.sample)
    var summary = BenchmarkSummary()
    for (number, entry) in entries.enumerated() {
        let image = try entry.load()
        if number == 0 { options.timing.warmUp { detector.detect(in: image) } }
        let (faces, time) = options.timing.measure { detector.detect(in: image) }
        summary.add(time)
        print(PredictionLine.json(file: entry.file, width: image.width, height: image.height, time: time, faces: faces))
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
