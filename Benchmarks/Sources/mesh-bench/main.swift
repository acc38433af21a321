// Development harness for the mesh stage: reads the images of a list (tools/decode_to_ppm.py's list.tsv,
// or JPEG/PNG paths, one per line), finds the faces with the accurate detector (landmarks on, so each
// face has its eyes), then times `FaceMeshEstimator.mesh(for:in:)` on each face, 1 thread: the median
// of --repeat runs after --warmup untimed runs on the first face. With --features, times the mesh and
// the smile's second look together (`meshes(for: [face], in:, features: true)`, as the detector runs
// them with classification). One line per face to standard output (file, face box, milliseconds,
// presence); the median over faces to standard error.
// Usage: mesh-bench [--list list.tsv] [--sample N] [--warmup N] [--repeat N] [--min-face PIXELS] [--features]
import BenchmarkSupport
import FaceDetection
import Foundation

var options = BenchmarkArguments(Array(CommandLine.arguments.dropFirst()))
let minFace = options.take("--min-face") { Int($0) } ?? 40
let withFeatures = options.take("--features")
options.requireAllTaken()

do {
    let detector = FaceDetector(
        options: .init(mode: .accurate, landmarks: .all, minFaceSize: .pixels(minFace)))
    let estimator = try FaceMeshEstimator()
    let entries = ImageList.sample(try ImageList.read(options.listPath), count: options.sample)
    var summary = BenchmarkSummary()
    var warmedUp = false
    /// The timed work on one face: its mesh, with the second look when asked.
    func run(_ face: Face, _ image: RGBImage) -> FaceMesh? {
        withFeatures
            ? estimator.meshes(for: [face], in: image, features: true)[0] : estimator.mesh(for: face, in: image)
    }
    for entry in entries {
        let image = try entry.load()
        for face in detector.detect(in: image) {
            if !warmedUp {
                options.timing.warmUp { run(face, image) }
                warmedUp = true
            }
            let (mesh, time) = options.timing.measure { run(face, image) }
            summary.add(time)
            let b = face.bounds
            print(
                "\(entry.file)\t\(Int(b.x)),\(Int(b.y)),\(Int(b.width)),\(Int(b.height))\t"
                    + String(format: "%.2f ms\tpresence %.3f", time.seconds * 1000, mesh?.presence ?? -1))
        }
    }
    BenchmarkSummary.printToStandardError(
        summary.line(
            name: withFeatures ? "mesh-bench --features (per face, 1 thread)" : "mesh-bench (per face, 1 thread)",
            timing: options.timing))
} catch {
    BenchmarkSummary.printToStandardError("error: \(error)")
    exit(1)
}
