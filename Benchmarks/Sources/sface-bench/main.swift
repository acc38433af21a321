// Times SFace's network alone (`SFaceNetwork.outputs(for:)`) on the golden crop of
// Fixtures/sface-golden/golden.fdm (Grace Hopper's aligned face), one thread, as the thread's CPU time: the median
// of --repeat runs after --warmup untimed ones; with --layers each step's median beside its multiply-adds. Also
// the model's first parse (the int8 blocks dequantised, bn1 folded) and the memory it adds. Reaches the internal
// network through `@testable import`, so build it with testing on:
//   swift build -c release --package-path Benchmarks -Xswiftc -enable-testing --product sface-bench
// Usage: sface-bench [--golden FILE] [--warmup N] [--repeat N] [--layers] [--peak GMAC/s]
// tools/benchmarks/sface_speed.sh runs it beside OpenCV's FaceRecognizerSF on the same crop.
import BenchmarkSupport
import Foundation

@testable import FaceDetection

var options = BenchmarkArguments(Array(CommandLine.arguments.dropFirst()))
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../..")
let goldenPath =
    options.take("--golden", { $0 }) ?? root.appendingPathComponent("Fixtures/sface-golden/golden.fdm").path
let arguments = CommandLine.arguments
let warmups = arguments.contains("--warmup") ? options.timing.warmUps : 5
let repeats = arguments.contains("--repeat") ? options.timing.repeats : 51
let peak = options.take("--peak", { Double($0) }) ?? 87.1
let showLayers = options.take("--layers")
options.requireAllTaken()

/// The calling thread's CPU time, in seconds.
func cpuNow() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) * 1e-9
}

/// The process's resident memory, in bytes (`/proc/self/statm`).
func residentBytes() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = text.split(separator: " ")
    return (fields.count > 1 ? Int(fields[1]) ?? 0 : 0) * Int(sysconf(Int32(_SC_PAGESIZE)))
}

let golden = try ModelFile(bytes: Array(Data(contentsOf: URL(fileURLWithPath: goldenPath))))
let crop = try golden.bytes("crop.rgb", shape: [112, 112, 3]).map { (Float($0) - 127.5) * 0.0078125 }
let expected = try golden.floats("outputs", shape: [128])

let residentBefore = residentBytes()
let (loadWall, loadCPU) = (Date(), cpuNow())
let network = try BuiltinModels.sface.get()
let loadSeconds = (Date().timeIntervalSince(loadWall), cpuNow() - loadCPU)
let residentLoaded = residentBytes()

var scratch = SFaceNetwork.Scratch()
for _ in 0..<warmups { _ = network.outputs(for: crop, scratch: &scratch) }
let costs = network.layerCosts
var totals: [Double] = []
var steps = [[Double]](repeating: [], count: costs.count)
var out: [Float] = []
for _ in 0..<repeats {
    let start = cpuNow()
    var last = start
    out = network.outputs(for: crop, scratch: &scratch) { k in
        let t = cpuNow()
        steps[k].append(t - last)
        last = t
    }
    totals.append(cpuNow() - start)
}
let residentRun = residentBytes()
let total = RepeatedTiming.median(totals)
let macs = Double(costs.reduce(0, +))
let worst = zip(out, expected).map { abs($0 - $1) }.max()! / expected.map(abs).max()!
if showLayers {
    let names = ["stem"] + (2...14).flatMap { ["dw\($0)", "pw\($0)"] } + ["fc"]
    for (k, name) in names.enumerated() {
        let t = RepeatedTiming.median(steps[k])
        let rate = Double(costs[k]) / t / 1e9
        print(
            String(
                format: "%-5@ %7.3f ms  %6.2f MMAC  %5.1f GMAC/s  %4.1f %% of peak", name as NSString, t * 1e3,
                Double(costs[k]) / 1e6, rate, 100 * rate / peak))
    }
}
print(
    String(
        format:
            "sface-bench: %.2f ms per face (median of %d, thread CPU time), %.1f MMAC, %.1f GMAC/s (%.1f %% of %.1f); "
            + "max |diff| / max |output| vs the reference %.1e",
        total * 1e3, repeats, macs / 1e6, macs / total / 1e9, 100 * macs / total / 1e9 / peak, peak, worst))
print(
    String(
        format: "first parse: %.1f ms wall, %.1f ms CPU; resident memory +%.1f MB after it, +%.1f MB after the runs",
        loadSeconds.0 * 1e3, loadSeconds.1 * 1e3, Double(residentLoaded - residentBefore) / 1e6,
        Double(residentRun - residentBefore) / 1e6))
