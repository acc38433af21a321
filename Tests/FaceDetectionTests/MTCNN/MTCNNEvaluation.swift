import Foundation
import Testing
@testable import FaceDetection

/// Reads a binary PPM (P6, maxval 255) as an `Image`.
func readPPM(_ path: String) throws -> Image {
    let data = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    var fields: [Int] = [], i = 2
    while fields.count < 3 {
        while data[i] == 0x20 || data[i] == 0x0A || data[i] == 0x0D || data[i] == 0x09 { i += 1 }
        var v = 0
        while data[i] >= 0x30 && data[i] <= 0x39 { v = v * 10 + Int(data[i] - 0x30); i += 1 }
        fields.append(v)
    }
    i += 1
    return Image(width: fields[0], height: fields[1], pixels: Array(data[i..<(i + fields[0] * fields[1] * 3)]))
}

/// CPU time used by the whole process so far (all threads), in seconds.
func processCPUSeconds() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) * 1e-9
}

/// Dev harness, not a unit test: runs MTCNN over a list of decoded eval images and writes SCHEMA
/// predictions as JSON Lines. Enabled by MTCNN_EVAL_LIST (list.tsv from tools/decode_to_ppm.py);
/// MTCNN_EVAL_OUT (output path), MTCNN_MIN_FACE (px, default 20), MTCNN_THREADS (default 1),
/// MTCNN_SAMPLE (N evenly spaced images, as peers.py --sample), MTCNN_REPEAT (passes; median time).
/// Run in release: `swift test -c release --filter mtcnnEvaluation`.
@Test(.enabled(if: ProcessInfo.processInfo.environment["MTCNN_EVAL_LIST"] != nil))
func mtcnnEvaluation() throws {
    let env = ProcessInfo.processInfo.environment
    let minFace = Int(env["MTCNN_MIN_FACE"] ?? "") ?? 20, threads = Int(env["MTCNN_THREADS"] ?? "") ?? 1
    let repeats = max(1, Int(env["MTCNN_REPEAT"] ?? "") ?? 1)
    var lines = try String(contentsOfFile: env["MTCNN_EVAL_LIST"]!, encoding: .utf8).split(separator: "\n").map { $0.split(separator: "\t").map(String.init) }
    if let sample = Int(env["MTCNN_SAMPLE"] ?? ""), sample < lines.count {
        lines = (0..<sample).map { lines[$0 * lines.count / sample] }
    }
    var detector = try MTCNN(model: try loadMTCNNModel())
    if let r = env["MTCNN_REFINE"] { detector.refinesLandmarks = r == "1" }
    _ = detector.detect(in: try readPPM(lines[0][0]), minFaceSize: minFace, threads: threads)  // warm-up
    var out = "", times: [Double] = [], cpuTimes: [Double] = []
    for line in lines {
        let image = try readPPM(line[0])
        var faces: [Face] = [], seconds: [Double] = [], cpu: [Double] = []
        for _ in 0..<repeats {
            let start = ContinuousClock.now, cpuStart = processCPUSeconds()
            faces = detector.detect(in: image, minFaceSize: minFace, threads: threads)
            let d = ContinuousClock.now - start
            cpu.append(processCPUSeconds() - cpuStart)
            seconds.append(Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18)
        }
        let t = seconds.sorted()[seconds.count / 2], c = cpu.sorted()[cpu.count / 2]
        times.append(t)
        cpuTimes.append(c)
        let facesJSON = faces.map { f -> String in
            let b = f.bounds
            let lms = f.landmarks.map { "\"\($0.type.rawValue)\": [\($0.position.x), \($0.position.y)]" }.joined(separator: ", ")
            return "{\"box\": [\(b.x), \(b.y), \(b.width), \(b.height)], \"score\": \(f.score), \"landmarks\": {\(lms)}}"
        }
        out += "{\"file\": \"\(line[1])\", \"width\": \(image.width), \"height\": \(image.height), \"seconds\": \(t), \"cpuSeconds\": \(c), \"faces\": [\(facesJSON.joined(separator: ", "))]}\n"
    }
    try out.write(toFile: env["MTCNN_EVAL_OUT"] ?? "/tmp/mtcnn.jsonl", atomically: true, encoding: .utf8)
    print("mtcnnEvaluation: \(lines.count) images, median \(times.sorted()[times.count / 2]) s, total \(times.reduce(0, +)) s, median CPU \(cpuTimes.sorted()[cpuTimes.count / 2]) s")
}
