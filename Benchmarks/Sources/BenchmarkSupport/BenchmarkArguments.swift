import Foundation

/// The command-line options every benchmark shares, taken out of its argument list:
/// `--list PATH` (default: standard input), `--sample N`, `--warmup N` (default 1), `--repeat N` (default 3).
public struct BenchmarkArguments {
    /// The image list (`tools/benchmarks/decode_to_ppm.py`'s list.tsv); nil or `-` is standard input.
    public var listPath: String?
    /// Evenly spaced images to keep (all if nil).
    public var sample: Int?
    /// Warm-up and repeated runs.
    public var timing = RepeatedTiming()
    /// The remaining arguments, in order, for the benchmark's own options.
    public var rest: [String] = []

    /// Parses `arguments` (without the program name); exits with status 64 on a bad value.
    public init(_ arguments: [String]) {
        var index = 0
        func value(_ flag: String) -> String {
            index += 1
            guard index < arguments.count else { Self.fail("\(flag) needs a value") }
            return arguments[index]
        }
        func count(_ flag: String) -> Int {
            let text = value(flag)
            guard let n = Int(text), n >= 0 else { Self.fail("\(flag): not a count: \(text)") }
            return n
        }
        while index < arguments.count {
            switch arguments[index] {
            case "--list": listPath = value("--list")
            case "--sample": sample = count("--sample")
            case "--warmup": timing.warmUps = count("--warmup")
            case "--repeat": timing.repeats = max(1, count("--repeat"))
            default: rest.append(arguments[index])
            }
            index += 1
        }
    }

    /// Takes `flag` and the value after it out of `rest`, parsed by `parse`: nil when the flag is
    /// absent; exits with a usage error when its value is missing or does not parse.
    public mutating func take<T>(_ flag: String, _ parse: (String) -> T?) -> T? {
        guard let index = rest.firstIndex(of: flag) else { return nil }
        guard index + 1 < rest.count, let value = parse(rest[index + 1]) else {
            Self.fail("\(flag) needs a valid value")
        }
        rest.removeSubrange(index...index + 1)
        return value
    }

    /// Takes the switch `flag` (no value) out of `rest`: whether it was there.
    public mutating func take(_ flag: String) -> Bool {
        guard let index = rest.firstIndex(of: flag) else { return false }
        rest.remove(at: index)
        return true
    }

    /// Exits with a usage error naming the first argument of `rest` that no `take` took.
    public func requireAllTaken() {
        if let unknown = rest.first { Self.fail("unknown argument \(unknown)") }
    }

    /// Prints `message` to standard error and exits with status 64 (a usage error).
    public static func fail(_ message: String) -> Never {
        BenchmarkSummary.printToStandardError("error: \(message)")
        exit(64)
    }
}
