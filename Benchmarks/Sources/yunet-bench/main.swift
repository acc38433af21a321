// Times YuNet's network alone (`YuNet.run`, no resize, no decoding), layer by layer, and sets each
// layer against its exact count of multiply-adds (`YuNet.layerCosts`) and a measured peak
// (`tools/benchmarks/peak_flops.swift`), so that "% of peak" is honest. Each image: --warmup untimed runs,
// then --repeat timed runs; per layer and in total the median over the runs, then summed over the
// images. Reaches the internal network through `@testable import`, so build it with testing on:
//   swift build -c release --package-path Benchmarks -Xswiftc -enable-testing --product yunet-bench
// Usage: yunet-bench [--list list.tsv | IMAGE…] [--model n|s] [--threads N] [--peak GMAC/s]
//                    [--warmup N] [--repeat N] [--layers] [--wall]
// Defaults: YuNet_n, 1 thread, peak 51.4 (this machine's 8-lane fused peak, one core). With one
// thread the clock is the thread's CPU time (a shared machine's other work does not count; its
// effect on the caches does), with more or with --wall the wall clock.
import BenchmarkSupport
import FaceDetectionIO
import Foundation

@testable import FaceDetection

var options = BenchmarkArguments(Array(CommandLine.arguments.dropFirst()))
let threads = options.take("--threads", { Int($0) }) ?? 1
let peak = options.take("--peak", { Double($0) }) ?? 51.4
let model = options.take("--model", { $0 == "n" || $0 == "s" ? $0 : nil }) ?? "n"
let showLayers = options.take("--layers")
let wall = options.take("--wall") || threads > 1
let kernels = options.take("--kernels")
let paths = options.rest
options.rest = []
options.requireAllTaken()

/// Now, in seconds: the calling thread's CPU time, or with `wall` the monotonic wall clock.
func now() -> Double {
    var t = timespec()
    clock_gettime(wall ? CLOCK_MONOTONIC : CLOCK_THREAD_CPUTIME_ID, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) * 1e-9
}

/// Each kernel alone on one row of `width` pixels held in cache, repeated: its compute-bound rate.
func timeKernels(width: Int) {
    for (ni, no) in [(16, 16), (16, 64), (64, 64), (64, 16)] {
        let x = [Float](repeating: 0.5, count: width * ni)
        let w = [Float](repeating: 0.01, count: ni * no)
        let b = [Float](repeating: 0, count: no)
        var y = [Float](repeating: 0, count: (width + 2) * no * 3)
        let reps = 200_000_000 / (width * ni * no)
        y.withUnsafeMutableBufferPointer { out in
            let start = now()
            for _ in 0..<reps {
                PointwiseConvolution.row(
                    x, pixels: width, inputs: ni, weights: w, bias: b, outputs: no, into: out.baseAddress!)
            }
            let rate = Double(reps * width * ni * no) / (now() - start) / 1e9
            print(
                String(
                    format: "pointwise %2d→%2d, %d px: %5.1f GMAC/s, %4.1f %%", ni, no, width, rate, 100 * rate / peak))
            let dw = [Float](repeating: 0.1, count: 9 * no)
            let dreps = 200_000_000 / (width * 9 * no)
            let r = UnsafePointer(out.baseAddress!)
            var z = [Float](repeating: 0, count: width * no)
            z.withUnsafeMutableBufferPointer { o in
                // channel-last rows, then blocked ones (each group of 8 channels a padded row: YuNet's layout
                // in x86-64-v3 and v4 builds)
                let blocked = ChannelLayout(pixelStride: 8, groupStride: (width + 2) * 8)
                for (layout, walk) in [(nil, .octets), (blocked, .octets), (blocked, .sixteens)]
                    as [(ChannelLayout?, DepthwiseConvolution.Walk)]
                {
                    let start = now()
                    for _ in 0..<dreps {
                        DepthwiseConvolution.row(
                            r, r + (width + 2) * no, r + 2 * (width + 2) * no, width: width, channels: no, weights: dw,
                            bias: b, relu: true, inputLayout: layout, walk: walk, into: o.baseAddress!)
                    }
                    let rate = Double(dreps * width * 9 * no) / (now() - start) / 1e9
                    let label = (layout == nil ? "channel-last" : "blocked") + " \(walk)"
                    print(
                        "depthwise \(no) \(label), "
                            + String(format: "%d px: %5.1f GMAC/s, %4.1f %%", width, rate, 100 * rate / peak))
                }
            }
        }
    }
}

if kernels {
    for width in [32, 128, 256, 512] { timeKernels(width: width) }
    exit(0)
}

do {
    let network = try (model == "n" ? BuiltinModels.yunetN : BuiltinModels.yunetS).get()
    let entries =
        paths.isEmpty
        ? ImageList.sample(try ImageList.read(options.listPath), count: options.sample).map(\.path) : paths
    var layerNames: [String] = []
    var layerSeconds: [String: Double] = [:]
    var layerCost: [String: Int] = [:]
    var totals: [Double] = []
    for entry in entries {
        let image = entry.hasSuffix(".ppm") ? try PPMImage.read(entry) : try DecodedImage(contentsOf: entry).image
        let pw = ((image.width - 1) / 32 + 1) * 32
        let ph = ((image.height - 1) / 32 + 1) * 32
        let costs = network.layerCosts(paddedWidth: pw, paddedHeight: ph)
        for _ in 0..<options.timing.warmUps { _ = network.run(on: image, threads: threads) }
        var runs: [[String: Double]] = []
        var runTotals: [Double] = []
        for _ in 0..<options.timing.repeats {
            var times: [String: Double] = [:]
            var order: [String] = []
            let start = now()
            var last = start
            _ = network.run(on: image, threads: threads, shouldStop: { false }) { name in
                let t = now()
                times[name, default: 0] += t - last
                order.append(name)
                last = t
            }
            runTotals.append(now() - start)
            runs.append(times)
            if layerNames.isEmpty { layerNames = order }
        }
        totals.append(RepeatedTiming.median(runTotals))
        for name in layerNames {
            layerSeconds[name, default: 0] += RepeatedTiming.median(runs.map { $0[name] ?? 0 })
            // A fused group costs the sum of its layers.
            let parts = name.split(separator: "+").map(String.init)
            layerCost[name, default: 0] += costs.filter { parts.contains($0.name) }.reduce(0) { $0 + $1.multiplyAdds }
        }
    }
    let total = totals.reduce(0, +)
    let cost = layerCost.values.reduce(0, +)
    func row(_ name: String, _ macs: Int, _ secs: Double) -> String {
        let n = Double(entries.count)
        let rate = Double(macs) / secs / 1e9
        let percent = macs == 0 ? "" : String(format: "%5.1f %%", 100 * rate / peak)
        return name.padding(toLength: 26, withPad: " ", startingAt: 0)
            + String(format: "%9.4f G %9.3f ms %7.2f GMAC/s  ", Double(macs) / n / 1e9, 1000 * secs / n, rate)
            + percent
    }
    print(
        "yunet-bench: YuNet_\(model), \(entries.count) images, \(threads) thread(s), \(wall ? "wall" : "thread CPU") time, peak \(peak) GMAC/s;"
            + " per image: mean multiply-adds, mean of per-image medians of \(options.timing.repeats) runs")
    if showLayers {
        for name in layerNames { print(row(name, layerCost[name] ?? 0, layerSeconds[name] ?? 0)) }
    }
    print(row("total", cost, total))
} catch {
    BenchmarkSummary.printToStandardError("error: \(error)")
    exit(1)
}
