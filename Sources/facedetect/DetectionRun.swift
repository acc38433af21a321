import FaceDetection
import FaceDetectionIO

/// One pass over all inputs: decode, detect, report, draw; a failed image is recorded and the
/// run goes on, and failures are listed again at the end when there was more than one input.
struct DetectionRun {
    /// What the command line asked for.
    let options: CommandLineOptions
    /// Where annotated images go.
    let outputs: OutputPlan
    /// The detector, shared by all images.
    let detector: FaceDetector
    /// Where JSON Lines go, if anywhere.
    let json: TextOutput?
    /// Summaries.
    let standardOutput: TextOutput
    /// Errors and warnings.
    let standardError: TextOutput

    /// Processes every input in order and returns the exit status.
    func run() -> ExitStatus {
        var failures: [String] = []
        var itemCount = 0
        var foundFace = false
        var writtenOutputs: Set<String> = []

        var excluded: String?
        if case .directory(let path) = outputs { excluded = path }
        for item in InputWalker(arguments: options.inputs, excluding: excluded) {
            itemCount += 1
            switch item {
            case .failure(let path, let reason):
                failures.append("\(path): \(reason)")
                standardError.writeLine("error: \(path): \(reason)")
            case .image(let input):
                let (record, failure) = process(input, writtenOutputs: &writtenOutputs)
                if !record.warnings.isEmpty {
                    standardError.writeLine("warning: \(input.path): " + record.warnings.joined(separator: "; "))
                }
                if let failure {
                    failures.append(failure)
                    standardError.writeLine("error: \(failure)")
                }
                foundFace = foundFace || !record.faces.isEmpty
                json?.writeLine(record.jsonLine)
                if options.printsSummary && failure == nil {
                    for line in Summary.lines(for: record) { standardOutput.writeLine(line) }
                }
            }
        }
        if let json, let reason = json.failure {
            failures.append("\(json.name): cannot write: \(reason)")
            standardError.writeLine("error: \(json.name): cannot write: \(reason)")
        }
        if !failures.isEmpty {
            if itemCount > 1 {
                standardError.writeLine("facedetect: \(failures.count) of \(itemCount) inputs failed:")
                for failure in failures { standardError.writeLine("  \(failure)") }
            }
            return .inputFailed
        }
        if options.query && !foundFace { return .noFace }
        return .success
    }

    /// Decodes, detects and draws one image. Returns its record and, if it failed, the error line
    /// (`path: reason`, naming the file that failed: the input, or the output it could not write).
    private func process(_ input: ImageInput, writtenOutputs: inout Set<String>) -> (PredictionRecord, String?) {
        var record = PredictionRecord(file: input.path)
        let clock = ContinuousClock()

        let decodeStart = clock.now
        let decoded: DecodedImage
        if case .other = FileSystem.kind(of: input.path) {
            // A device or pipe named on the command line: reading it could take forever.
            record.error = "not a regular file"
            return (record, "\(input.path): not a regular file")
        }
        do {
            decoded = try ImageIO.read(path: input.path)
        } catch let error as ImageIOError {
            record.error = error.reason
            return (record, error.description)
        } catch {
            record.error = "\(error)"
            return (record, "\(input.path): \(error)")
        }
        record.decodeSeconds = seconds(clock.now - decodeStart)
        record.width = decoded.fullWidth
        record.height = decoded.fullHeight
        record.warnings = decoded.warnings

        let detectStart = clock.now
        let faces: [Face]
        do {
            faces = try detector.detect(in: decoded.image)
        } catch {
            record.error = "detection failed: \(error)"
            return (record, "\(input.path): detection failed: \(error)")
        }
        record.seconds = seconds(clock.now - detectStart)
        record.faces = decoded.scale == 1 ? faces : faces.map { scaled($0, by: Float(decoded.scale)) }

        if let outputPath = outputs.path(for: input, format: decoded.format) {
            do {
                try writeAnnotated(decoded.image, faces: faces, to: outputPath, input: input, writtenOutputs: &writtenOutputs)
            } catch {
                record.error = error.description
                return (record, error.description)
            }
        }
        return (record, nil)
    }

    /// Draws `faces` on `image` and writes it atomically to `path`, creating the mirrored
    /// directories in directory mode; never overwrites the input or an output of this run.
    private func writeAnnotated(_ image: FaceDetection.Image, faces: [Face], to path: String, input: ImageInput,
                                writtenOutputs: inout Set<String>) throws(FileSystemError) {
        guard writtenOutputs.insert(path).inserted else {
            throw FileSystemError(path: path, reason: "already written for another input of this run")
        }
        guard !FileSystem.isSameFile(path, input.path) else {
            throw FileSystemError(path: path, reason: "refusing to overwrite the input image")
        }
        if case .directory = outputs, let slash = path.lastIndex(of: "/") {
            try FileSystem.createDirectories(String(path[..<slash]))
        }
        var canvas = image
        canvas.draw(faces)
        do {
            try ImageIO.write(canvas, to: path)
        } catch let error as ImageIOError {
            throw FileSystemError(path: error.path, reason: error.reason)
        } catch {
            throw FileSystemError(path: path, reason: "\(error)")
        }
    }

    /// `face` with every coordinate multiplied by `factor` (from a reduced decode to full size).
    private func scaled(_ face: Face, by factor: Float) -> Face {
        var result = face
        let box = face.bounds
        result.bounds = Rect(x: box.x * factor, y: box.y * factor, width: box.width * factor, height: box.height * factor)
        result.landmarks = face.landmarks.map {
            Landmark(type: $0.type, position: Point(x: $0.position.x * factor, y: $0.position.y * factor))
        }
        return result
    }

    /// A duration in seconds.
    private func seconds(_ duration: Duration) -> Double {
        let parts = duration.components
        return Double(parts.seconds) + Double(parts.attoseconds) * 1e-18
    }
}
