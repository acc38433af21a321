import FaceDetectRecords
import FaceDetection
import FaceDetectionIO
import Synchronization

/// What became of one input: its record, and the error line if it failed.
struct ImageOutcome: Sendable {
    /// The JSON Lines record.
    var record: PredictionRecord
    /// `path: reason` when the image (or one of its outputs) failed.
    var failure: String?
}

/// Output paths already written in this run, shared by the worker threads, so that two inputs
/// that map to the same output never overwrite each other.
final class OutputClaims: Sendable {
    /// The paths claimed so far.
    private let paths = Mutex<Set<String>>([])

    /// Claims `path`; false when another input of this run already has it.
    func claim(_ path: String) -> Bool { paths.withLock { $0.insert(path).inserted } }
}

/// The work of one worker thread on one image: decode (at reduced size when the smallest face
/// allows), detect, choose faces, write the annotated or anonymised image and the crops.
struct ImageProcessor: Sendable {
    /// What the command line asked for.
    let options: CommandLineOptions
    /// Where annotated images go.
    let outputs: OutputPlan
    /// The detector, for every image and every DCT scale (`FaceDetector.detect(in: DecodedImage)`
    /// gives faces in full-size coordinates).
    let detector: FaceDetector
    /// Output paths taken so far.
    let claims: OutputClaims
    /// The decoded pixels all workers may hold at once (`--max-pixels`).
    let pixelBudget: MemoryBudget
    /// The bytes of files all workers may hold read at once (`fileBudgetBytes`).
    let fileBudget = MemoryBudget(total: ImageProcessor.fileBudgetBytes)
    /// 128 MiB of files read at once: dozens of photos of a few megabytes, while two hostile
    /// 300 MB files are read one after the other (each file is held whole while it is decoded).
    static let fileBudgetBytes = 128 << 20
    /// Removes temporary files that a killed run left where this run writes.
    let sweeper = TemporaryFileSweeper()
    /// The run's plan: no output may replace one of its inputs, even when it comes from another
    /// input (`facedetect x/a.png a.png -o .`).
    let plan: RunPlan
    /// `--match`'s people, if any.
    let matcher: FaceMatcher?
    /// `--keep`'s or `--hide-only`'s people, if any.
    let keepRule: KeepRule?

    /// A processor for `options` and the outputs and inputs of `plan` whose detector uses
    /// `detectorThreads` threads per image, labelling faces by `matcher` and hiding them as
    /// `keepRule` says.
    init(
        options: CommandLineOptions, plan: RunPlan, detectorThreads: Int, matcher: FaceMatcher? = nil,
        keepRule: KeepRule? = nil
    ) {
        self.options = options
        outputs = plan.output
        var detectorOptions = options.detector
        detectorOptions.threads = detectorThreads
        detector = FaceDetector(options: detectorOptions)
        claims = OutputClaims()
        self.plan = plan
        self.matcher = matcher
        self.keepRule = keepRule
        pixelBudget = MemoryBudget(total: options.decodeLimits.maxPixels)
    }

    /// Whether images are written (annotated or anonymised with `-o`, or crops).
    private var writesImages: Bool { outputs != .none || options.crop != nil }

    /// Processes `item` (a directory that could not be read just becomes its failure).
    func process(_ item: InputItem) -> ImageOutcome {
        switch item {
        case .failure(let path, let reason):
            var record = PredictionRecord(file: path)
            record.error = reason
            return ImageOutcome(record: record, failure: "\(path): \(reason)")
        case .image(let input):
            return process(input)
        }
    }

    /// Decodes, detects and writes the outputs of one image.
    private func process(_ input: ImageInput) -> ImageOutcome {
        var record = PredictionRecord(file: input.path)
        func failed(_ reason: String, _ line: String) -> ImageOutcome {
            record.error = reason
            return ImageOutcome(record: record, failure: line)
        }
        let clock = ContinuousClock()
        let decodeStart = clock.now
        switch input.kind {
        case .other:
            // A device or pipe: reading it could take forever.
            return failed("not a regular file", "\(input.path): not a regular file")
        case .unavailable(let reason):
            return failed(reason, "\(input.path): \(reason)")
        case .regularFile, .directory:
            break
        }
        var decoded: DecodedImage
        // The budgets are held to the last output of this image (both decodes, the drawn image):
        // the file's bytes from before it is read (unless it is too large to be read at all),
        // its pixels from its header. Waiting for them is not part of the decoding time.
        var waited = Duration.zero
        let fileSize = FileSystem.size(of: input.path) ?? 0
        let fileBytes = fileSize <= options.decodeLimits.maxFileBytes ? fileSize : 0
        var waitStart = clock.now
        let reservedBytes = fileBudget.reserve(fileBytes)
        waited += clock.now - waitStart
        defer { fileBudget.release(reservedBytes) }
        var reservedPixels = 0
        defer { pixelBudget.release(reservedPixels) }
        do {
            decoded = try ImageCodec.read(path: input.path, limits: options.decodeLimits) { fullWidth, fullHeight in
                waitStart = clock.now
                reservedPixels = pixelBudget.reserve(fullWidth * fullHeight)
                waited += clock.now - waitStart
                return detector.largestReduction(forFullWidth: fullWidth)
            }
        } catch {
            return failed(error.reason, error.description)
        }
        record.decodeSeconds = ProgressBar.seconds(clock.now - decodeStart - waited)
        record.width = decoded.fullWidth
        record.height = decoded.fullHeight
        record.warnings = decoded.warnings

        let detectStart = clock.now
        let faces = detector.detect(in: decoded)
        record.seconds = ProgressBar.seconds(clock.now - detectStart)
        record.faces = FaceSelection.select(
            faces, options.faceChoice, width: decoded.fullWidth, height: decoded.fullHeight)
        if let matcher { record.matches = record.faces.map(matcher.match) }
        if let keepRule { record.visibilities = record.faces.map(keepRule.visibility) }
        // The descriptors matched by are written only when asked for.
        if matcher != nil || keepRule != nil, !options.given.contains("--descriptors") {
            for index in record.faces.indices { record.faces[index].descriptor = nil }
        }

        guard writesImages else { return ImageOutcome(record: record, failure: nil) }
        if decoded.scale != 1 {
            // Outputs are full size: decode again without reduction.
            do {
                decoded = try ImageCodec.read(path: input.path, limits: options.decodeLimits)
            } catch {
                return failed(error.reason, error.description)
            }
        }
        // The pixels move out of `decoded`, so that the annotations are drawn on them in place
        // (no second full-size copy); the crops are cut before that.
        var image = decoded.image
        decoded.image = FaceDetection.RGBImage(width: 0, height: 0)
        do {
            if let directory = options.crop {
                try writeCrops(of: image, faces: record.faces, input: input, format: decoded.format, to: directory)
            }
            if let path = outputs.path(for: input, format: decoded.format) {
                // --keep and --hide-only leave the faces they show out of the hidden ones.
                let hidden = zip(record.faces.indices, record.faces).filter { index, _ in
                    index >= record.visibilities.count || record.visibilities[index]?.shown != true
                }.map(\.1)
                try writeAnnotated(&image, faces: options.hiding == nil ? record.faces : hidden, to: path, input: input)
            }
        } catch {
            return failed(error.description, error.description)
        }
        return ImageOutcome(record: record, failure: nil)
    }

    /// `--labels`' text for a face: its number, smile % and yaw, e.g. "#2 smile 87% yaw -14".
    static func label(number: Int, _ face: Face) -> String {
        var parts = ["#\(number)"]
        if let smile = face.smilingProbability { parts.append("smile \(Int((smile * 100).rounded()))%") }
        if let yaw = face.eulerY { parts.append("yaw \(Int(yaw.rounded()))") }
        return parts.joined(separator: " ")
    }

    /// Draws `faces` on `canvas` in place (or hides them, each box grown by `--hide-margin`) and
    /// writes it atomically to `path`, creating the mirrored directories in directory mode; never
    /// overwrites the input or an output of this run.
    private func writeAnnotated(
        _ canvas: inout FaceDetection.RGBImage, faces: [Face], to path: String, input: ImageInput
    ) throws(FileSystemError) {
        if let hiding = options.hiding {
            let margin = options.hidingMargin(videos: false)
            for face in faces { canvas.hide(face.bounds.grown(by: margin), style: hiding) }
        } else {
            canvas.draw(faces)
            if options.labels {
                for (number, face) in faces.enumerated() {
                    canvas.drawLabel(Self.label(number: number + 1, face), above: face.bounds)
                }
            }
        }
        var isDirectory = false
        if case .directory = outputs { isDirectory = true }
        try write(canvas, to: path, input: input, makingParents: isDirectory)
    }

    /// Writes one image per face to `directory`/relative path without extension + `_faceN.ext`,
    /// each crop grown by `--crop-margin`.
    private func writeCrops(
        of image: FaceDetection.RGBImage, faces: [Face], input: ImageInput, format: ImageFormat,
        to directory: String
    ) throws(FileSystemError) {
        var stem = input.relativePath
        if let dot = stem.lastIndex(of: "."), !stem[dot...].contains("/") { stem = String(stem[..<dot]) }
        for (number, face) in faces.enumerated() {
            guard let crop = image.cropped(to: face.bounds, margin: options.cropMargin) else { continue }
            let path = FileSystem.join(directory, "\(stem)_face\(number + 1).\(format.outputFormat.fileExtension)")
            try write(crop, to: path, input: input, makingParents: true)
        }
    }

    /// Writes `image` atomically to `path` once per run, never over the input.
    private func write(_ image: FaceDetection.RGBImage, to path: String, input: ImageInput, makingParents: Bool)
        throws(FileSystemError)
    {
        guard claims.claim(path) else {
            throw FileSystemError(path: path, reason: "already written for another input of this run")
        }
        guard !FileSystem.isSameFile(path, input.path) else {
            throw FileSystemError(path: path, reason: "refusing to overwrite the input image")
        }
        if plan.isInput(path) {
            throw FileSystemError(path: path, reason: "refusing to overwrite an input of this run")
        }
        if makingParents, let slash = path.lastIndex(of: "/") {
            do {
                try FileSystem.createDirectories(String(path[..<slash]))
            } catch {
                // Name the output that failed, then the folder in its way.
                throw FileSystemError(path: path, reason: "cannot write: \(error.description)")
            }
        }
        sweeper.sweepFolder(of: path)
        do {
            try ImageCodec.write(
                image, to: path, quality: options.jpegQuality, pngCompression: options.pngCompression)
        } catch {
            throw FileSystemError(path: error.path, reason: error.reason)
        }
    }
}
