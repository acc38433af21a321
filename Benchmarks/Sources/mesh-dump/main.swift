// Development harness for fitting mesh-based attribute models (tools/fit_smile_shape.py): reads the
// images of a list (JPEG/PNG paths, one per line, or path TAB file), decodes each as the
// command-line tool does, finds the faces as `facedetect images --mode accurate --min-face-size
// <N>px --contours all` does, and for the face nearest the image centre writes one JSON line:
// file, width, height, the face box, and the mesh's 468 points (x, y, z in image pixels; left out
// for a face turned so far that Android's landmarks keep one eye, where the library's own mesh
// comes from the measured points this harness cannot see). The mesh runs on the box the detector
// returns, which the library's own mesh has already refined, so its points differ slightly (about
// 1 px on the astronaut) from the contours the tool prints; the smile fit takes its points from the
// tool's JSON and only the pixels from here. With
// `--ppm DIR` it also writes the decoded image as DIR/<line number>.ppm (the line's "ppm"), so
// that a fit can sample the very pixels the library sees. Writes to standard output; per-photo
// output of the evaluation sets stays out of the repository (keep it in /tmp).
// Usage: mesh-dump [--list LIST] [--sample N] [--min-face PIXELS] [--ppm DIR]
import BenchmarkSupport
import FaceDetection
import FaceDetectionIO
import Foundation

let options = BenchmarkArguments(Array(CommandLine.arguments.dropFirst()))
var minFace = 20
var ppmDirectory: String?
var index = 0
while index < options.rest.count {
    switch options.rest[index] {
    case "--min-face" where index + 1 < options.rest.count && Int(options.rest[index + 1]) != nil:
        index += 1
        minFace = Int(options.rest[index])!
    case "--ppm" where index + 1 < options.rest.count:
        index += 1
        ppmDirectory = options.rest[index]
    default: BenchmarkArguments.fail("unknown argument \(options.rest[index])")
    }
    index += 1
}

/// The binary PPM bytes of `image`.
func ppmBytes(_ image: RGBImage) -> Data {
    var data = Data("P6\n\(image.width) \(image.height)\n255\n".utf8)
    data.append(contentsOf: image.pixels)
    return data
}

do {
    let detector = FaceDetector(
        options: .init(mode: .accurate, landmarks: .all, minFaceSize: .pixels(minFace)))
    let estimator = try FaceMeshEstimator()
    let entries = ImageList.sample(try ImageList.read(options.listPath), count: options.sample)
    for (number, entry) in entries.enumerated() {
        let decoded = try detector.readImage(atPath: entry.path)
        guard decoded.scale == 1 else { BenchmarkArguments.fail("\(entry.path): decoded reduced") }
        let image = decoded.image
        let (cx, cy) = (Float(image.width) / 2, Float(image.height) / 2)
        let central = detector.detect(in: image).min { a, b in
            let da = (a.bounds.x + a.bounds.width / 2 - cx, a.bounds.y + a.bounds.height / 2 - cy)
            let db = (b.bounds.x + b.bounds.width / 2 - cx, b.bounds.y + b.bounds.height / 2 - cy)
            return da.0 * da.0 + da.1 * da.1 < db.0 * db.0 + db.1 * db.1
        }
        var record: [String: Any] = ["file": entry.file, "width": image.width, "height": image.height]
        if let ppmDirectory {
            let path = "\(ppmDirectory)/\(number).ppm"
            try ppmBytes(image).write(to: URL(fileURLWithPath: path))
            record["ppm"] = path
        }
        if let face = central {
            record["box"] = [face.bounds.x, face.bounds.y, face.bounds.width, face.bounds.height].map(Double.init)
            // Nil where the detector's landmarks (Android's, filtered by yaw) lack an eye.
            if let mesh = estimator.mesh(for: face, in: image) {
                record["mesh"] = mesh.points.map { [Double($0.x), Double($0.y), Double($0.z)] }
            }
        }
        let line = try JSONSerialization.data(withJSONObject: record, options: [.sortedKeys])
        FileHandle.standardOutput.write(line + Data("\n".utf8))
    }
} catch {
    BenchmarkSummary.printToStandardError("error: \(error)")
    exit(1)
}
