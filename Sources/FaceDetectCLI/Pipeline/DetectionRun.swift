import FaceDetectRecords
import FaceDetection
import FaceDetectionIO
import Synchronization

/// One pass over all inputs through the `OrderedPipeline`: a reader walks the inputs, worker
/// threads decode, detect and write images, and this thread writes the records in input order
/// (JSON Lines, CSV, face lines), draws the progress bar and sums up at the end. A failed image
/// is recorded and the run goes on; failures are listed again at the end.
struct DetectionRun {
    /// What the command line asked for.
    let options: CommandLineOptions
    /// The inputs, and where annotated images go.
    let plan: RunPlan
    /// The per-image work.
    let processor: ImageProcessor
    /// Images processed at once.
    let threads: Int
    /// `--shard`, resolved.
    let shard: ShardSelection?
    /// With `--resume`: the files that already have a record.
    let alreadyDone: Set<String>
    /// Whether to draw a progress bar on standard error.
    let showsProgress: Bool
    /// Where JSON Lines go, if anywhere.
    let json: TextOutput?
    /// Where CSV rows go, if anywhere.
    let csv: CSVOutput?
    /// Face lines.
    let standardOutput: TextOutput
    /// Errors, warnings, progress and the summary.
    let standardError: TextOutput
    /// Called with each outcome, in input order, after its records are written (`facedetect group`
    /// collects the faces through it).
    var onOutcome: ((ImageOutcome) -> Void)? = nil
    /// Directories the walk does not enter besides `-o`'s and `--crop`'s (the people page's thumbnails).
    var excludedDirectories: [String] = []

    /// Processes every input and returns the exit status.
    func run() -> ExitStatus {
        let clock = ContinuousClock()
        let start = clock.now
        var failures: [String] = []
        var itemCount = 0
        var faceCount = 0
        var foundFace = false
        var ranked: [(file: String, value: Float?)] = []

        let skipped = SkipCounter()
        let skippedVideos = SkipCounter()
        let walker = walker(counting: skipped, videos: skippedVideos)
        let total = TotalCount()
        if showsProgress && !options.inputs.contains("-") {
            // A second walk, only counting, gives the progress bar its total.
            let counter = self.walker(counting: nil, videos: nil)
            startDetachedThread { total.count(counter) }
        }
        let progress = showsProgress ? ProgressBar(output: standardError) : nil
        func reportError(_ line: String) {
            progress?.clear()
            standardError.writeLine(line)
        }

        let processor = self.processor
        let pipeline = OrderedPipeline<InputItem, ImageOutcome>(workers: threads, window: 4 * threads) {
            processor.process($0)
        }
        pipeline.run(
            source: { InterruptSignal.signal == nil ? walker.next() : nil },
            shouldStop: { InterruptSignal.signal != nil },
            idle: { progress?.update(done: itemCount, total: total.value) }
        ) { outcome in
            itemCount += 1
            let record = outcome.record
            if !record.warnings.isEmpty {
                reportError("warning: \(record.file): " + record.warnings.joined(separator: "; "))
            }
            if let failure = outcome.failure {
                failures.append(failure)
                reportError("error: \(failure)")
            }
            foundFace = foundFace || !record.faces.isEmpty
            faceCount += record.faces.count
            json?.writeLine(record.jsonLine)
            csv?.write(record)
            if options.printsFaceLines {
                for line in FaceLines.lines(for: record, center: options.center, withPath: plan.isBatch) {
                    standardOutput.writeLine(line)
                }
            }
            if options.rank && outcome.failure == nil {
                ranked.append((record.file, ShotValue.of(photo: record.faces)))
            }
            onOutcome?(outcome)
            progress?.update(done: itemCount, total: total.value)
        }
        // The last frame: when the run was not interrupted, everything was done.
        progress?.update(
            done: itemCount, total: total.value ?? (InterruptSignal.signal == nil ? itemCount : nil), force: true)
        progress?.clear()

        for line in Self.rankLines(ranked) { standardOutput.writeLine(line) }
        if let json, let reason = json.failure {
            failures.append("\(json.name): cannot write: \(reason)")
            standardError.writeLine("error: \(json.name): cannot write: \(reason)")
        }
        json?.close()
        if let csv, let path = options.csv, let reason = csv.finish() {
            failures.append("\(path): \(reason)")
            standardError.writeLine("error: \(path): \(reason)")
        }
        if plan.isBatch && !options.query {
            let seconds = ProgressBar.seconds(clock.now - start)
            var line =
                "facedetect: \(itemCount) image\(itemCount == 1 ? "" : "s"), \(faceCount) face\(faceCount == 1 ? "" : "s"), "
            line +=
                "\(failures.count) failed, " + FixedDecimal(seconds, places: 1, trailingZeros: .kept).description
                + " s, "
            line +=
                FixedDecimal(seconds > 0 ? Double(itemCount) / seconds : 0, places: 1, trailingZeros: .kept).description
                + " images/s"
            if skipped.value > 0 { line += " (\(skipped.value) already done, skipped)" }
            standardError.writeLine(line)
        }
        if skippedVideos.value > 0 && !options.query {
            let count = skippedVideos.value
            standardError.writeLine(
                "facedetect: \(count) video\(count == 1 ? "" : "s") in the folders not searched "
                    + "(videos are searched when named as inputs, without images)")
        }
        if !failures.isEmpty && itemCount > 1 {
            standardError.writeLine("facedetect: \(failures.count) of \(itemCount) inputs failed:")
            for failure in failures { standardError.writeLine("  \(failure)") }
        }
        if let signal = InterruptSignal.signal {
            standardError.writeLine(
                "facedetect: interrupted after \(itemCount) images; complete records only were written")
            return signal == SIGTERM ? .terminated : .interrupted
        }
        if !failures.isEmpty { return .inputFailed }
        if options.query && !foundFace { return .noFace }
        return .success
    }

    /// `--rank`'s lines: each photo's value (3 decimals, `-` for a photo without a face measured in
    /// full) and path, best first; ties and the photos without a value in input order.
    static func rankLines(_ photos: [(file: String, value: Float?)]) -> [String] {
        let order = photos.indices.sorted { a, b in
            switch (photos[a].value, photos[b].value) {
            case (let x?, let y?) where x != y: return x > y
            case (.some, nil): return true
            case (nil, .some): return false
            default: return a < b
            }
        }
        return order.map { k in
            (photos[k].value.map { FixedDecimal($0, places: 3, trailingZeros: .kept).description } ?? "-") + "\t"
                + photos[k].file
        }
    }

    /// A walker over the inputs keeping this shard's images and those not yet done (counted in
    /// `skipped`), never entering the output directories, counting the videos it passes in `videos`.
    private func walker(counting skipped: SkipCounter?, videos: SkipCounter?) -> InputSource {
        var excluded = excludedDirectories
        if case .directory(let path) = plan.output { excluded.append(path) }
        if let crop = options.crop { excluded.append(crop) }
        let shard = self.shard
        let alreadyDone = self.alreadyDone
        return InputSource(
            InputWalker(arguments: plan.inputs, excluding: excluded, skippedVideos: videos) { input in
                if let shard, !shard.contains(key: input.relativePath) { return false }
                if alreadyDone.contains(input.path) {
                    skipped?.add()
                    return false
                }
                return true
            })
    }
}

/// The input walker, used by one thread at a time (the pipeline's reader).
final class InputSource: @unchecked Sendable {
    /// The walk.
    private var walker: InputWalker
    /// A source walking with `walker`.
    init(_ walker: InputWalker) { self.walker = walker }
    /// The next item.
    func next() -> InputItem? { walker.next() }
}

/// How many inputs were skipped (images `--resume` found done, videos in folders), counted on the
/// reader thread and read at the end.
final class SkipCounter: Sendable {
    /// The count.
    private let count = Atomic<Int>(0)
    /// One more.
    func add() { count.add(1, ordering: .relaxed) }
    /// The count so far.
    var value: Int { count.load(ordering: .relaxed) }
}

/// The number of inputs, once a counting walk has finished (for the progress bar's total).
final class TotalCount: Sendable {
    /// The total, −1 while unknown.
    private let total = Atomic<Int>(-1)
    /// Walks `source` to its end and publishes how many items it had.
    func count(_ source: InputSource) {
        var count = 0
        while InterruptSignal.signal == nil, source.next() != nil { count += 1 }
        total.store(count, ordering: .relaxed)
    }
    /// The total, or `nil` while unknown.
    var value: Int? {
        let value = total.load(ordering: .relaxed)
        return value < 0 ? nil : value
    }
}
