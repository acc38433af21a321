import FaceDetection

/// A one-line progress display on standard error (a terminal): a bar when the total is known,
/// the count, the rate and the time left, redrawn in place at most ten times a second.
final class ProgressBar {
    /// Where it is drawn.
    private let output: TextOutput
    /// When the run started.
    private let start: ContinuousClock.Instant
    /// When it was last drawn.
    private var lastDrawn: ContinuousClock.Instant?
    /// Whether a line is on screen now (to be cleared before other text).
    private var isShown = false
    /// What is counted ("images", "frames").
    private let unit: String
    /// How the rate is shown ("images/s", "fps").
    private let rateUnit: String

    /// A bar drawn on `output`, timing from now, counting `unit` at a rate in `rateUnit`.
    init(output: TextOutput, unit: String = "images", rateUnit: String = "images/s") {
        self.output = output
        self.start = ContinuousClock.now
        self.unit = unit
        self.rateUnit = rateUnit
    }

    /// Redraws with `done` images finished of `total` (nil while still unknown), unless it was
    /// drawn less than 0.1 s ago (`force` draws anyway).
    func update(done: Int, total: Int?, force: Bool = false) {
        let now = ContinuousClock.now
        if !force, let lastDrawn, now - lastDrawn < .milliseconds(100) { return }
        lastDrawn = now
        let elapsed = ProgressBar.seconds(now - start)
        let rate = elapsed > 0 ? Double(done) / elapsed : 0
        var text = ""
        if let total, total > 0 {
            let width = 24
            let filled = min(width, done * width / total)
            text += "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled) + "] "
            text += "\(done)/\(total)"
        } else {
            text += "\(done) \(unit)"
        }
        text += "  " + FixedDecimal(rate, places: 1, trailingZeros: .kept).description + " \(rateUnit)"
        if let total, rate > 0, done <= total {
            text += "  ETA " + ProgressBar.duration(Double(total - done) / rate)
        }
        output.write("\r\u{1B}[K" + text)
        isShown = true
    }

    /// Removes the line (before other text goes to the terminal, and at the end).
    func clear() {
        guard isShown else { return }
        output.write("\r\u{1B}[K")
        isShown = false
    }

    /// `seconds` as `1h02m`, `3m05s` or `12s`.
    static func duration(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded())
        if whole >= 3600 { return "\(whole / 3600)h" + twoDigits(whole % 3600 / 60) + "m" }
        if whole >= 60 { return "\(whole / 60)m" + twoDigits(whole % 60) + "s" }
        return "\(whole)s"
    }

    /// `n` with a leading zero below 10.
    private static func twoDigits(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }

    /// A duration in seconds.
    static func seconds(_ duration: Duration) -> Double {
        let parts = duration.components
        return Double(parts.seconds) + Double(parts.attoseconds) * 1e-18
    }
}
