// Development harness for the capture-quality score: reads the images of a list
// (tools/benchmarks/decode_to_ppm.py's list.tsv, or JPEG/PNG paths, one per line), finds the faces with the accurate
// detector at its defaults, and times on each face measured in full, 1 thread, the median of --repeat runs after
// --warmup untimed runs on the first face: `CaptureQualityStage.quality` (both crops, the signals and the parts), and
// its aligned crop alone (`ImageCrop.sample`). One line per face to standard output (file, face box, score,
// milliseconds); the medians over faces to standard error. Reaches the internal stage through `@testable import`, so
// build it with testing on:
//     swift build -c release --package-path Benchmarks --product quality-bench -Xswiftc -enable-testing
// Usage: quality-bench [--list list.tsv] [--sample N] [--warmup N] [--repeat N]
import BenchmarkSupport
import Foundation

@testable import FaceDetection

var options = BenchmarkArguments(Array(CommandLine.arguments.dropFirst()))
options.requireAllTaken()

do {
    let detector = FaceDetector(options: .init())
    let entries = ImageList.sample(try ImageList.read(options.listPath), count: options.sample)
    var qualitySummary = BenchmarkSummary()
    var cropSummary = BenchmarkSummary()
    var pixels: [Float] = []
    var warmedUp = false
    for entry in entries {
        let image = try entry.load()
        let upright = UprightImage(image)
        for meshed in detector.detectWithMeshes(in: image) {
            guard let mesh = meshed.mesh, let yaw = meshed.face.eulerY, let pitch = meshed.face.eulerX,
                let right = mesh.landmarkPosition(.rightEye), let left = mesh.landmarkPosition(.leftEye)
            else { continue }
            let measure = {
                CaptureQualityStage.quality(
                    rightEye: right, leftEye: left, yaw: yaw, pitch: pitch, presence: mesh.presence, in: upright)
            }
            if !warmedUp {
                options.timing.warmUp { _ = measure() }
                warmedUp = true
            }
            let (quality, time) = options.timing.measure { measure() }
            let crop = QualityCrop.crop(rightEye: right, leftEye: left)!
            let (_, cropTime) = options.timing.measure { crop.sample(upright, into: &pixels) }
            qualitySummary.add(time)
            cropSummary.add(cropTime)
            let b = meshed.face.bounds
            print(
                "\(entry.file)\t\(Int(b.x)),\(Int(b.y)),\(Int(b.width)),\(Int(b.height))\t"
                    + String(
                        format: "quality %.4f\t%.4f ms\tcrop %.4f ms", quality?.score ?? -1, time.seconds * 1000,
                        cropTime.seconds * 1000))
        }
    }
    BenchmarkSummary.printToStandardError(
        qualitySummary.line(name: "quality-bench captureQuality (per face, 1 thread)", timing: options.timing))
    BenchmarkSummary.printToStandardError(
        cropSummary.line(name: "quality-bench aligned crop (per face, 1 thread)", timing: options.timing))
} catch {
    BenchmarkSummary.printToStandardError("error: \(error)")
    exit(1)
}
