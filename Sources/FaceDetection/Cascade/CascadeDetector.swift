/// Finds faces with a boosted cascade: equalised grey image, a pyramid of shrunk copies,
/// every window position tested, passing windows grouped into faces and scored.
public struct CascadeDetector: Sendable {
    /// How the scan is done.
    public struct Settings: Sendable, Equatable {
        /// Ratio between successive pyramid scales (> 1).
        public var scaleFactor: Double
        /// Step between window positions, in pyramid pixels (1 or 2).
        public var step: Int
        /// From this scale on, windows are tested at every position instead of every `step`-th
        /// (OpenCV: 2; default: never, which tests fewer windows at the larger scales).
        public var denseFromScale: Float
        /// A face needs more than this many passing windows (OpenCV's usual 3; default 0: every
        /// group is reported, and its score ranks it).
        public var minNeighbors: Int
        /// Equalise the grey histogram first (as OpenCV's usual recipe).
        public var equalizeHistogram: Bool
        /// How a face's score is computed.
        public var score: CascadeFaceScore

        /// Settings with the given values.
        public init(
            scaleFactor: Double = 1.1, step: Int = 2, denseFromScale: Float = .infinity,
            minNeighbors: Int = 0, equalizeHistogram: Bool = true, score: CascadeFaceScore = .frontalFaceAlt2
        ) {
            self.scaleFactor = scaleFactor
            self.step = step
            self.denseFromScale = denseFromScale
            self.minNeighbors = minNeighbors
            self.equalizeHistogram = equalizeHistogram
            self.score = score
        }
    }

    /// The cascade that tests windows.
    public let cascade: CascadeClassifier
    /// How the scan is done.
    public let settings: Settings

    /// A detector running `cascade` with `settings`.
    public init(cascade: CascadeClassifier, settings: Settings = Settings()) {
        precondition(
            settings.scaleFactor > 1 && (settings.step == 1 || settings.step == 2), "CascadeDetector: bad settings")
        self.cascade = cascade
        self.settings = settings
    }

    /// The faces in `image` at least `minFaceSize` pixels wide, best first, using up to `threads`
    /// threads (pyramid levels are shared among them).
    public func detect(in image: RGBImage, minFaceSize: Int, threads: Int = 1) -> [Face] {
        detect(gray: image.grayscale(), minFaceSize: minFaceSize, threads: threads)
    }

    /// The faces in a grey image (see `detect(in:minFaceSize:threads:)`).
    public func detect(gray: GrayImage, minFaceSize: Int, threads: Int = 1) -> [Face] {
        let hits = scan(gray: gray, minFace: minFaceSize, threads: threads)
        let groups = CascadeHitGrouping.group(hits, minNeighbors: settings.minNeighbors)
        let lastThreshold = Double(cascade.stages[cascade.stages.count - 1].threshold)
        return groups.map { g in
            Face(
                bounds: Rect(x: Float(g.x), y: Float(g.y), width: Float(g.width), height: Float(g.height)),
                score: settings.score.probability(neighbors: g.neighbors, margin: g.bestStageSum - lastThreshold))
        }.sorted { $0.score > $1.score }
    }

    /// Every window of every pyramid level that passes the whole cascade, in image pixels,
    /// in a fixed order (whatever the number of threads).
    func scan(gray: GrayImage, minFace: Int, threads: Int) -> [CascadeHit] {
        scanLevels(gray: gray, minFace: minFace, threads: threads).sorted {
            ($0.width, $0.y, $0.x, $0.lastStageSum) < ($1.width, $1.y, $1.x, $1.lastStageSum)
        }
    }

    private func scanLevels(gray: GrayImage, minFace: Int, threads: Int) -> [CascadeHit] {
        guard gray.width >= cascade.windowWidth, gray.height >= cascade.windowHeight else { return [] }
        let source = settings.equalizeHistogram ? gray.histogramEqualized() : gray
        let pyramid = CascadePyramid(
            width: source.width, height: source.height, windowWidth: cascade.windowWidth,
            windowHeight: cascade.windowHeight, minFace: minFace,
            scaleFactor: settings.scaleFactor, step: settings.step,
            denseFromScale: settings.denseFromScale)
        let program = CascadeProgram(cascade, stride: source.width + 1)
        let workers = max(1, min(threads, pyramid.levels.count))
        if workers == 1 {
            var hits: [CascadeHit] = []
            for level in pyramid.levels { scan(level, of: source, program: program, into: &hits) }
            return hits
        }
        // share the levels out so that each worker gets about the same number of pixels
        var assignment = [[CascadePyramid.Level]](repeating: [], count: workers)
        var load = [Int](repeating: 0, count: workers)
        for level in pyramid.levels.sorted(by: { $0.width * $0.height > $1.width * $1.height }) {
            let w = load.indices.min { load[$0] < load[$1] }!
            assignment[w].append(level)
            load[w] += level.width * level.height * (level.step == 1 ? 4 : 1)
        }
        let shares = assignment
        let results = parallelMap(count: workers, threads: workers) { w -> [CascadeHit] in
            var hits: [CascadeHit] = []
            for level in shares[w] { scan(level, of: source, program: program, into: &hits) }
            return hits
        }
        return results.flatMap { $0 }
    }

    /// Appends the passing windows of one pyramid level to `hits`.
    func scan(
        _ level: CascadePyramid.Level, of source: GrayImage, program: CascadeProgram, into hits: inout [CascadeHit]
    ) {
        let shrunk = level.scale == 1 ? source : source.resized(width: level.width, height: level.height)
        let integral = IntegralImage(shrunk, stride: program.stride)
        let width = Int((Float(cascade.windowWidth) * level.scale).rounded(.toNearestOrEven))
        let height = Int((Float(cascade.windowHeight) * level.scale).rounded(.toNearestOrEven))
        CascadeLevelScanner(program: program).scan(integral, step: level.step) { x, y, stageSum in
            hits.append(
                CascadeHit(
                    x: Int((Float(x) * level.scale).rounded(.toNearestOrEven)),
                    y: Int((Float(y) * level.scale).rounded(.toNearestOrEven)),
                    width: width, height: height, lastStageSum: stageSum))
        }
    }
}
