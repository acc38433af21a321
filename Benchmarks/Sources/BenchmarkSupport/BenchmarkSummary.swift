import Foundation

/// The one-line summary a benchmark prints to standard error after its predictions.
public struct BenchmarkSummary {
    /// Per-image median wall times, in seconds.
    public private(set) var seconds: [Double] = []
    /// Per-image median CPU times, in seconds.
    public private(set) var cpuSeconds: [Double] = []

    /// An empty summary.
    public init() {}

    /// Adds one image's measurement.
    public mutating func add(_ time: RepeatedTiming.Measurement) {
        seconds.append(time.seconds)
        cpuSeconds.append(time.cpuSeconds)
    }

    /// `name: N images, median … s, total … s, median CPU … s` (timing settings appended).
    public func line(name: String, timing: RepeatedTiming) -> String {
        "\(name): \(seconds.count) images, median \(RepeatedTiming.median(seconds)) s, total \(seconds.reduce(0, +)) s, "
            + "median CPU \(RepeatedTiming.median(cpuSeconds)) s (per image: median of \(timing.repeats) runs after \(timing.warmUps) warm-up runs on the first)"
    }

    /// Writes `line` and a newline to standard error.
    public static func printToStandardError(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
