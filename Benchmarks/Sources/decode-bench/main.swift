// Development harness for the decoders: times `DecodedImage(contentsOf:)` (reading the file and decoding
// it to upright RGB, as the tool does before detecting) on each file named in the arguments, as the
// median of --repeat runs after --warmup untimed ones, and prints one line per file: wall milliseconds,
// CPU milliseconds (the process's, all threads), width x height, format, path; a summary (median and
// total of the per-file times) goes to standard error.
// Usage: decode-bench [--warmup N] [--repeat N] FILE...
import BenchmarkSupport
import FaceDetectionIO
import Foundation

let options = BenchmarkArguments(Array(CommandLine.arguments.dropFirst()))
guard !options.rest.isEmpty else { BenchmarkArguments.fail("usage: decode-bench [--warmup N] [--repeat N] FILE...") }
var summary = BenchmarkSummary()
for path in options.rest {
    do {
        options.timing.warmUp { _ = try? DecodedImage(contentsOf: path) }
        let (decoded, time) = try options.timing.measure { try DecodedImage(contentsOf: path) }
        summary.add(time)
        print(
            String(format: "%.3f", time.seconds * 1000), String(format: "%.3f", time.cpuSeconds * 1000),
            "\(decoded.image.width)x\(decoded.image.height)", decoded.format.rawValue, path)
    } catch {
        BenchmarkArguments.fail("\(error)")
    }
}
BenchmarkSummary.printToStandardError(summary.line(name: "decode", timing: options.timing))
