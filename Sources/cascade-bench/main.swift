// Development harness for the fast detector: reads binary PPM files listed on stdin
// (one "relative/path.jpg<TAB>/path/to/file.ppm" per line), runs the cascade detector on each,
// and writes one JSON Lines prediction per image (shared/eval/SCHEMA.md) to stdout.
// Usage: cascade-bench [default|alt2] [scaleFactor] [step] [minNeighbors] [threads] [minFace] [denseFromScale]
//                      [neighborWeight marginWeight bias] < list
import FaceDetection
import Foundation

func readPPM(_ path: String) -> Image? {
    guard let data = FileManager.default.contents(atPath: path) else { return nil }
    let bytes = [UInt8](data)
    var fields: [Int] = [], i = 2, current = -1
    while fields.count < 3 {
        let c = bytes[i]
        if c >= 48 && c <= 57 { current = max(current, 0) * 10 + Int(c - 48) } else if current >= 0 { fields.append(current); current = -1 }
        i += 1
    }
    return Image(width: fields[0], height: fields[1], pixels: Array(bytes[i..<(i + fields[0] * fields[1] * 3)]))
}

let args = CommandLine.arguments
let which: CascadeClassifier.Builtin = args.count > 1 && args[1] == "default" ? .frontalFaceDefault : .frontalFaceAlt2
var settings = CascadeDetector.Settings()
if args.count > 2 { settings.scaleFactor = Double(args[2])! }
if args.count > 3 { settings.step = Int(args[3])! }
if args.count > 4 { settings.minNeighbors = Int(args[4])! }
let threads = args.count > 5 ? Int(args[5])! : 1
let minFace = args.count > 6 ? Int(args[6])! : 20
if args.count > 7 { settings.denseFromScale = Float(args[7])! }
if args.count > 10 { settings.score = CascadeFaceScore(neighborWeight: Double(args[8])!, marginWeight: Double(args[9])!, bias: Double(args[10])!) }
let detector = CascadeDetector(cascade: try CascadeClassifier(which), settings: settings)
while let line = readLine() {
    let parts = line.split(separator: "\t").map(String.init)
    guard parts.count == 2, let image = readPPM(parts[1]) else { continue }
    let start = DispatchTime.now().uptimeNanoseconds
    let faces = detector.detect(in: image, minFace: minFace, threads: threads)
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    let list = faces.map { f in
        "{\"box\":[\(f.bounds.x),\(f.bounds.y),\(f.bounds.width),\(f.bounds.height)],\"score\":\(f.score)}"
    }.joined(separator: ",")
    print("{\"file\":\"\(parts[0])\",\"width\":\(image.width),\"height\":\(image.height),\"seconds\":\(seconds),\"faces\":[\(list)]}")
}
