/// A bounded, order-keeping pipeline: one reader thread takes jobs from a source, `workers`
/// threads run `work` on them, and the calling thread receives the outputs in the jobs' order.
///
/// At most `window` jobs are between the reader and the caller at any time (queued, being
/// worked on, or done and waiting for an earlier one), so memory stays bounded however many
/// jobs the source yields, and the reader never runs more than `window` jobs ahead.
final class OrderedPipeline<Job: Sendable, Output: Sendable>: @unchecked Sendable {
    /// Guards every property below (the class is shared between threads only through it).
    private let condition = ThreadCondition()
    /// Jobs read but not yet taken by a worker, with their sequence numbers, oldest first.
    private var queued: [(Int, Job)] = []
    /// How many of `queued` have been taken (the rest start here).
    private var queuedStart = 0
    /// Outputs done but not yet handed out, by sequence number.
    private var finished: [Int: Output] = [:]
    /// Jobs read so far (the next job's sequence number).
    private var readCount = 0
    /// Outputs handed out so far (the sequence number the caller waits for).
    private var emittedCount = 0
    /// Whether the source has run dry.
    private var sourceEnded = false
    /// Worker threads still running.
    private var runningWorkers = 0

    /// The most jobs between reading and handing out.
    private let window: Int
    /// How many worker threads run `work`.
    private let workers: Int
    /// What a worker does with one job.
    private let work: @Sendable (Job) -> Output

    /// A pipeline running `work` on `workers` threads with at most `window` (≥ `workers`) jobs in flight.
    init(workers: Int, window: Int, work: @escaping @Sendable (Job) -> Output) {
        self.workers = max(1, workers)
        self.window = max(window, self.workers)
        self.work = work
    }

    /// Reads jobs from `source` (on a thread of its own, until it returns `nil`), and calls
    /// `emit` with each output on the calling thread, in source order; `idle` is called about
    /// every `idleInterval` seconds while waiting (e.g. to redraw a progress bar). Returns when
    /// every job read has been emitted, and the source has ended or `shouldStop` says so (then a
    /// reader blocked in the source, e.g. on a terminal, is left behind and what it reads dropped).
    func run(
        source: @escaping @Sendable () -> Job?, shouldStop: () -> Bool = { false }, idleInterval: Double = 0.25,
        idle: () -> Void = {}, emit: (Output) -> Void
    ) {
        condition.lock()
        runningWorkers = workers
        condition.unlock()
        startDetachedThread { self.readJobs(from: source) }
        for _ in 0..<workers { startDetachedThread { self.runWorker() } }

        condition.lock()
        while true {
            if let output = finished.removeValue(forKey: emittedCount) {
                emittedCount += 1
                condition.broadcast()
                condition.unlock()
                emit(output)
                condition.lock()
                continue
            }
            if sourceEnded && emittedCount == readCount { break }
            if emittedCount == readCount && shouldStop() {
                sourceEnded = true
                condition.broadcast()
                break
            }
            if !condition.wait(seconds: idleInterval) {
                condition.unlock()
                idle()
                condition.lock()
            }
        }
        // Every job is emitted; wait for the workers to see the end and return.
        while runningWorkers > 0 { condition.wait() }
        condition.unlock()
    }

    /// The reader: queues jobs while fewer than `window` are in flight.
    private func readJobs(from source: () -> Job?) {
        while true {
            condition.lock()
            while readCount - emittedCount >= window { condition.wait() }
            condition.unlock()
            let job = source()
            condition.lock()
            if sourceEnded {  // the caller stopped the run while the source was blocked
                condition.unlock()
                return
            }
            if let job {
                queued.append((readCount, job))
                readCount += 1
            } else {
                sourceEnded = true
            }
            condition.broadcast()
            condition.unlock()
            if job == nil { return }
        }
    }

    /// A worker: takes the oldest queued job, works on it, files the output; ends when the
    /// source has ended and nothing is queued.
    private func runWorker() {
        condition.lock()
        while true {
            if queuedStart < queued.count {
                let (sequence, job) = queued[queuedStart]
                queuedStart += 1
                if queuedStart > 64 && queuedStart * 2 > queued.count {
                    queued.removeFirst(queuedStart)  // drop the taken prefix now and then
                    queuedStart = 0
                }
                condition.unlock()
                let output = work(job)
                condition.lock()
                finished[sequence] = output
                condition.broadcast()
            } else if sourceEnded {
                runningWorkers -= 1
                condition.broadcast()
                condition.unlock()
                return
            } else {
                condition.wait()
            }
        }
    }
}
