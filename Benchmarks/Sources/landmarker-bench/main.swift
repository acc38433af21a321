// Development harness for the face landmarker's two networks: reads the images of a list
// (tools/benchmarks/decode_to_ppm.py's list.tsv, or JPEG/PNG paths, one per line), finds the faces with the accurate
// detector (landmarks on, so each face has its eyes), then times on each face, 1 thread, the median of --repeat runs after --warmup untimed runs on the first face: face mesh v2
// (`FaceMeshV2Estimator.points(for:in:)`, crop included), its 256 × 256 crop alone (`ImageCrop.sample`)
// and the blendshape model on its points (`blendshapes(_:)`). One line per face to standard output
// (file, face box, milliseconds of each);
// the medians over faces to standard error. Reaches the internal estimator through `@testable import`,
// so build it with testing on:
//     swift build -c release --package-path Benchmarks --product landmarker-bench -Xswiftc -enable-testing
// Usage: landmarker-bench [--list list.tsv] [--sample N] [--warmup N] [--repeat N] [--min-face PIXELS]
import BenchmarkSupport
import Foundation

@testable import FaceDetection

var options = BenchmarkArguments(Array(CommandLine.arguments.dropFirst()))
let minFace = options.take("--min-face") { Int($0) } ?? 40
options.requireAllTaken()

do {
    let detector = FaceDetector(
        options: .init(mode: .accurate, landmarks: .all, classification: .none, minFaceSize: .pixels(minFace)))
    let estimator = try FaceMeshV2Estimator()
    let entries = ImageList.sample(try ImageList.read(options.listPath), count: options.sample)
    var meshSummary = BenchmarkSummary()
    var cropSummary = BenchmarkSummary()
    var blendSummary = BenchmarkSummary()
    var padded: [Float] = []
    var warmedUp = false
    for entry in entries {
        let image = try entry.load()
        // The detector's faces with their measured eyes, as the detector gives the estimator them.
        let faces = detector.detect(in: image).map { face -> Face in
            var measured = face
            measured.landmarks = face.landmarks.filter { $0.type == .leftEye || $0.type == .rightEye }
            return measured
        }
        for face in faces {
            guard let first = estimator.points(for: face, in: image) else { continue }
            if !warmedUp {
                options.timing.warmUp { _ = estimator.points(for: face, in: image) }
                options.timing.warmUp { _ = estimator.blendshapes(first.points) }
                warmedUp = true
            }
            let (result, meshTime) = options.timing.measure { estimator.points(for: face, in: image) }
            let crop = FaceMeshEstimator.region(for: face)!.crop(size: FaceMeshV2Network.inputSize)
            let (_, cropTime) = options.timing.measure { crop.sample(image, into: &padded, padding: 1) }
            let (_, blendTime) = options.timing.measure { estimator.blendshapes(result!.points) }
            meshSummary.add(meshTime)
            cropSummary.add(cropTime)
            blendSummary.add(blendTime)
            let b = face.bounds
            print(
                "\(entry.file)\t\(Int(b.x)),\(Int(b.y)),\(Int(b.width)),\(Int(b.height))\t"
                    + String(
                        format: "mesh v2 %.3f ms\tcrop %.3f ms\tblendshapes %.3f ms", meshTime.seconds * 1000,
                        cropTime.seconds * 1000, blendTime.seconds * 1000))
        }
    }
    BenchmarkSummary.printToStandardError(
        meshSummary.line(name: "landmarker-bench mesh v2 (per face, 1 thread)", timing: options.timing))
    BenchmarkSummary.printToStandardError(
        cropSummary.line(name: "landmarker-bench crop (per face, 1 thread)", timing: options.timing))
    BenchmarkSummary.printToStandardError(
        blendSummary.line(name: "landmarker-bench blendshapes (per face, 1 thread)", timing: options.timing))
} catch {
    BenchmarkSummary.printToStandardError("error: \(error)")
    exit(1)
}
