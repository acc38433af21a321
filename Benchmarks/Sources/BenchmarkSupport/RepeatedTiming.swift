import Foundation

/// Times a piece of work the way the benchmarks report it: warm-up runs once before the first
/// measurement (not timed), then `repeats` timed runs per measurement, of which the median counts
/// (robust to the odd slow run on a shared machine).
public struct RepeatedTiming: Sendable {
    /// One median measurement.
    public struct Measurement: Sendable {
        /// Median wall time of the timed runs, in seconds.
        public var seconds: Double
        /// Median CPU time of the whole process (all threads) over the timed runs, in seconds.
        public var cpuSeconds: Double
    }

    /// Untimed runs `warmUp` makes (once per benchmark, before the first measurement).
    public var warmUps: Int
    /// Timed runs.
    public var repeats: Int

    /// Timing with `warmUps` untimed and `repeats` (at least 1) timed runs.
    public init(warmUps: Int = 1, repeats: Int = 3) {
        self.warmUps = max(0, warmUps)
        self.repeats = max(1, repeats)
    }

    /// Runs `body` `warmUps` times, untimed (model loading, first-touch page faults, caches).
    public func warmUp<T>(_ body: () throws -> T) rethrows {
        for _ in 0..<warmUps { _ = try body() }
    }

    /// Runs `body` `repeats` times; returns its last result and the medians.
    public func measure<T>(_ body: () throws -> T) rethrows -> (result: T, time: Measurement) {
        var wall: [Double] = []
        var cpu: [Double] = []
        var result: T? = nil
        for _ in 0..<repeats {
            let (start, cpuStart) = (ContinuousClock.now, Self.processCPUSeconds())
            result = try body()
            let (seconds, attoseconds) = (ContinuousClock.now - start).components
            wall.append(Double(seconds) + Double(attoseconds) * 1e-18)
            cpu.append(Self.processCPUSeconds() - cpuStart)
        }
        return (result!, Measurement(seconds: Self.median(wall), cpuSeconds: Self.median(cpu)))
    }

    /// The median of `values` (the mean of the middle two for an even count; 0 for none).
    public static func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// CPU time used by the whole process so far (all threads), in seconds.
    public static func processCPUSeconds() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) * 1e-9
    }
}
