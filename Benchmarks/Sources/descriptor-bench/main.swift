// Development harness for the descriptor stage (`@testable`): detects the faces of a list's images with the tool's
// defaults and `descriptors` on, and writes one JSON Lines prediction per image (`PredictionRecord`, as the tool
// writes it) to standard output, for `../shared/tools/score_identity.py`. It measures what docs/identity.md reports:
// - `--points onet|search|mesh`: which five points the face is aligned by: O-Net's (the library's stage), the
//   search's own (YuNet's, before O-Net replaces them), or face mesh v2's (iris centres, nose tip 1, mouth corners
//   61 and 291);
// - `--face-width W`: each image scaled down (area) so that its central face, found at full size, is W px wide;
// - `--exact FILE`: the same records with the descriptors' exact floats (`JSONEncoder`), for choosing decimals;
// - the stage's time per face (`--points onet`, the library's stage): the alignment, the crop and the network on
//   each face that gets a descriptor, in thread CPU time (the detector runs on the calling thread), on standard error.
// Usage: descriptor-bench [--list list.tsv] [--sample N] [--points onet|search|mesh] [--face-width W]
//                         [--min-width W] [--exact FILE]
import BenchmarkSupport
import FaceDetectRecords
import FaceDetectionIO
import Foundation

@testable import FaceDetection

/// The descriptor from face mesh v2's points: the iris centres, the nose tip and the mouth corners.
struct MeshDescriptorStage: PerFaceStage {
    let minimumWidth: Float
    init?(options: FaceDetector.Options) {
        guard options.descriptors else { return nil }
        minimumWidth = options.descriptorMinimumWidth
    }
    func measure(_ face: inout FaceMeasurement, in image: RGBImage) {
        guard face.face.bounds.width >= minimumWidth, let mesh = face.landmarker else { return }
        let points = [468, 473, 1, 61, 291].map { mesh.position($0) }
        guard let crop = SFaceAlignment.crop(points: points) else { return }
        face.face.descriptor = DescriptorStage.descriptor(crop, in: image)
    }
}

/// The thread CPU seconds of each descriptor the library's stage made (one thread: the calling one).
nonisolated(unsafe) var stageSeconds: [Double] = []

/// The library's stage, timed: the alignment, the crop and the network, per face that gets a descriptor.
struct TimedDescriptorStage: PerFaceStage {
    let stage: DescriptorStage
    init?(options: FaceDetector.Options) {
        guard let stage = DescriptorStage(options: options) else { return nil }
        self.stage = stage
    }
    func measure(_ face: inout FaceMeasurement, in image: RGBImage) {
        let start = threadSeconds()
        stage.measure(&face, in: image)
        if face.face.descriptor != nil { stageSeconds.append(threadSeconds() - start) }
    }
}

/// A face's record with exact numbers.
struct ExactRecord: Encodable {
    var file: String
    var width: Int
    var height: Int
    var faces: [Face]
}

/// Thread CPU time in seconds.
func threadSeconds() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) * 1e-9
}

var arguments = BenchmarkArguments(Array(CommandLine.arguments.dropFirst()))
let pointSource = arguments.take("--points", { $0 }) ?? "onet"
let faceWidth = arguments.take("--face-width", { Float($0) })
let exactPath = arguments.take("--exact", { $0 })
var detectorOptions = FaceDetector.Options(descriptors: true)
if let width = arguments.take("--min-width", { Float($0) }) { detectorOptions.descriptorMinimumWidth = width }
arguments.requireAllTaken()

var stages = FaceStages.all.filter { $0 != DescriptorStage.self }
switch pointSource {
case "onet": stages = FaceStages.all.map { $0 == DescriptorStage.self ? TimedDescriptorStage.self : $0 }
case "search": stages = [DescriptorStage.self] + stages
case "mesh": stages.insert(MeshDescriptorStage.self, at: stages.firstIndex { $0 == FaceMeshStage.self }! + 1)
default: BenchmarkArguments.fail("--points: onet, search or mesh")
}
let cascade = BuiltinModels.parsed(BuiltinModels.frontalFaceAlt2, "haarcascade_frontalface_alt2.fdm")
let detector = FaceDetector(options: detectorOptions, cascade: cascade, stages: stages)
let finder = FaceDetector(options: FaceDetector.Options(landmarks: .none, classification: .none))

/// The face nearest the image's centre (the one score_identity.py reads).
func central(_ faces: [Face], _ image: RGBImage) -> Face? {
    let (cx, cy) = (Float(image.width) / 2, Float(image.height) / 2)
    return faces.min {
        hypot($0.bounds.center.x - cx, $0.bounds.center.y - cy)
            < hypot($1.bounds.center.x - cx, $1.bounds.center.y - cy)
    }
}

do {
    let entries = ImageList.sample(try ImageList.read(arguments.listPath), count: arguments.sample)
    if let exactPath { FileManager.default.createFile(atPath: exactPath, contents: nil) }
    let exactHandle = exactPath.flatMap { FileHandle(forWritingAtPath: $0) }
    for entry in entries {
        var image = try entry.load()
        if let faceWidth, let face = central(finder.detect(in: image), image), face.bounds.width > faceWidth {
            let f = faceWidth / face.bounds.width
            image = image.resized(
                width: max(1, Int((Float(image.width) * f).rounded())),
                height: max(1, Int((Float(image.height) * f).rounded())))
        }
        let faces = detector.detect(in: image)
        var record = PredictionRecord(file: entry.file)
        (record.width, record.height, record.faces) = (image.width, image.height, faces)
        print(record.jsonLine)
        if let exactHandle {
            let line = try JSONEncoder().encode(
                ExactRecord(file: entry.file, width: image.width, height: image.height, faces: faces))
            exactHandle.write(line + Data("\n".utf8))
        }
    }
    try exactHandle?.close()
    let sorted = stageSeconds.sorted()
    let median = sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    let mean = sorted.isEmpty ? 0 : sorted.reduce(0, +) / Double(sorted.count)
    BenchmarkSummary.printToStandardError(
        "descriptor-bench (points \(pointSource)): \(entries.count) images; descriptor per face (alignment + network, "
            + "thread CPU) median \(String(format: "%.2f", median * 1000)) ms, mean \(String(format: "%.2f", mean * 1000)) ms "
            + "over \(sorted.count) faces")
} catch {
    BenchmarkSummary.printToStandardError("error: \(error)")
    exit(1)
}
