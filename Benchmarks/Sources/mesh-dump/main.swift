// Development harness for fitting mesh-based attribute models (tools/fit_smile_shape.py): reads the
// images of a list (JPEG/PNG paths, one per line, or path TAB file), decodes each as the
// command-line tool does, finds the faces as `facedetect images --mode accurate --min-face-size
// <N>px --contours all --landmarks all --classification all` does (`FaceDetector.detectWithMeshes`),
// and for the face nearest the image centre writes one JSON line: file, width, height, the face
// box, and the very mesh the library measured that face with: its 468 points (x, y, z in image
// pixels; left out where no mesh ran). With `--features`, also the mesh network's 4608 features of
// that face ("features") and those of the central face of the same photo mirrored left to right
// ("mirrorFeatures"), for the smile fit's trunk model. With `--ppm DIR` it also writes the decoded
// image as DIR/<line number>.ppm (the line's "ppm"), so that a fit can sample the very pixels the
// library sees. Writes to standard output; per-photo output of the evaluation sets stays out of the
// repository (keep it in /tmp).
// Usage: mesh-dump [--list LIST] [--sample N] [--min-face PIXELS] [--ppm DIR] [--features]
import BenchmarkSupport
import FaceDetection
import FaceDetectionIO
import Foundation

var options = BenchmarkArguments(Array(CommandLine.arguments.dropFirst()))
let minFace = options.take("--min-face") { Int($0) } ?? 20
let ppmDirectory = options.take("--ppm") { $0 }
let withFeatures = options.take("--features")
options.requireAllTaken()

/// The binary PPM bytes of `image`.
func ppmBytes(_ image: RGBImage) -> Data {
    var data = Data("P6\n\(image.width) \(image.height)\n255\n".utf8)
    data.append(contentsOf: image.pixels)
    return data
}

/// The face nearest the centre of `image` among `found`, with its mesh.
func central(_ found: [MeshedFace], in image: RGBImage) -> MeshedFace? {
    let (cx, cy) = (Float(image.width) / 2, Float(image.height) / 2)
    return found.min { a, b in
        let da = (a.face.bounds.center.x - cx, a.face.bounds.center.y - cy)
        let db = (b.face.bounds.center.x - cx, b.face.bounds.center.y - cy)
        return da.0 * da.0 + da.1 * da.1 < db.0 * db.0 + db.1 * db.1
    }
}

/// `features` as JSON numbers, 6 significant digits.
func rounded(_ features: [Float]) -> [Double] { features.map { Double(String(format: "%.6g", $0))! } }

do {
    let detector = FaceDetector(
        options: .init(
            mode: .accurate, landmarks: .all, classification: .all, contours: .all, minFaceSize: .pixels(minFace)))
    let entries = ImageList.sample(try ImageList.read(options.listPath), count: options.sample)
    for (number, entry) in entries.enumerated() {
        let decoded = try DecodedImage(contentsOf: entry.path, reducedFor: detector)
        guard decoded.scale == 1 else { BenchmarkArguments.fail("\(entry.path): decoded reduced") }
        let image = decoded.image
        var record: [String: Any] = ["file": entry.file, "width": image.width, "height": image.height]
        if let ppmDirectory {
            let path = "\(ppmDirectory)/\(number).ppm"
            try ppmBytes(image).write(to: URL(fileURLWithPath: path))
            record["ppm"] = path
        }
        if let found = central(detector.detectWithMeshes(in: image), in: image) {
            let (face, mesh) = (found.face, found.mesh)
            record["box"] = [face.bounds.x, face.bounds.y, face.bounds.width, face.bounds.height].map(Double.init)
            if let mesh {
                record["mesh"] = mesh.points.map { [Double($0.x), Double($0.y), Double($0.z)] }
                if withFeatures { record["features"] = rounded(mesh.features) }
            }
        }
        if withFeatures {
            let mirror = image.applying(.upMirrored)
            if let mesh = central(detector.detectWithMeshes(in: mirror), in: mirror)?.mesh {
                record["mirrorFeatures"] = rounded(mesh.features)
            }
        }
        let line = try JSONSerialization.data(withJSONObject: record, options: [.sortedKeys])
        FileHandle.standardOutput.write(line + Data("\n".utf8))
    }
} catch {
    BenchmarkSummary.printToStandardError("error: \(error)")
    exit(1)
}
