import FaceDetectionIO
import Testing

@testable import FaceDetection

/// `FaceDetector.process(_:)`: the same faces as `detect(in:)`, and `CancellationError` from a
/// cancelled task, checked before the search and between its stages.
@Suite struct CancellationTests {
    let astronaut: RGBImage
    let detector: FaceDetector

    init() throws {
        astronaut = try RGBImage(contentsOf: FixturePaths.photo("astronaut.png"))
        detector = FaceDetector(
            options: .init(mode: .accurate, landmarks: .all, classification: .all, minFaceSize: .pixels(40)))
    }

    @Test func processGivesWhatDetectGives() async throws {
        let faces = try await detector.process(astronaut)
        #expect(!faces.isEmpty)
        #expect(faces == detector.detect(in: astronaut))
    }

    /// `process(_:)` on a `PixelBuffer` (here the photo's pixels, to be shown mirrored) gives
    /// what `detect(in:)` gives on the same buffer.
    @Test func processTakesAPixelBufferToo() async throws {
        let bytes = UnsafeMutableRawBufferPointer.allocate(byteCount: astronaut.pixels.count, alignment: 16)
        defer { bytes.deallocate() }
        bytes.copyBytes(from: astronaut.pixels)
        let buffer = try PixelBuffer(
            width: astronaut.width, height: astronaut.height, format: .rgb8,
            planes: [.init(bytes: UnsafeRawBufferPointer(bytes), bytesPerRow: astronaut.width * 3)],
            orientation: .upMirrored)
        let faces = try await detector.process(buffer)
        #expect(!faces.isEmpty)
        #expect(faces == detector.detect(in: buffer))
    }

    /// A task cancelled before it runs gets `CancellationError` at once on a 12-megapixel picture
    /// whose search alone takes seconds in a debug build (the first check is before the search).
    /// Timed inside the task, so that the wait for a thread of the shared pool (busy with other
    /// tests) does not count.
    @Test func cancelledTaskOnABigPictureStopsAtOnce() async throws {
        let big = RGBImage(width: 4000, height: 3000, fill: RGB(120, 110, 100))
        let fast = FaceDetector(options: .init(minFaceSize: .pixels(20)))
        let (elapsed, cancelled) = await withTaskGroup(of: (Duration, Bool).self) { group in
            group.cancelAll()
            group.addTask {
                let clock = ContinuousClock()
                let start = clock.now
                do {
                    _ = try await fast.process(big)
                    return (clock.now - start, false)
                } catch {
                    return (clock.now - start, error is CancellationError)
                }
            }
            return await group.next() ?? (.zero, false)
        }
        #expect(cancelled)
        #expect(elapsed < .seconds(1))  // the search alone takes many seconds here; a loaded machine may delay a thread
    }

    /// Cancelled while the first stage runs: the search stops after it; the points, the nose base
    /// and the probabilities are never computed.
    @Test func cancellationStopsBetweenStages() async {
        let detector = self.detector
        let image = astronaut
        let (stages, cancelled) = await Task { () -> ([FaceDetector.Stage], Bool) in
            var stages: [FaceDetector.Stage] = []
            do {
                _ = try detector.run(on: image) { stage in
                    stages.append(stage)
                    if stage == .detection { withUnsafeCurrentTask { $0?.cancel() } }
                    try Task.checkCancellation()
                }
                return (stages, false)
            } catch {
                return (stages, error is CancellationError)
            }
        }.value
        #expect(cancelled)
        #expect(stages == [.detection])
    }

    /// Without cancellation every stage runs, in order, each followed by a check but the last.
    @Test func everyStageRunsInOrder() throws {
        let withContours = FaceDetector(
            options: .init(
                mode: .accurate, landmarks: .all, classification: .all, contours: .all, minFaceSize: .pixels(40)))
        var stages: [FaceDetector.Stage] = []
        let faces = withContours.run(on: astronaut) { stages.append($0) }
        #expect(!faces.isEmpty)
        let measuring: [any FaceStage.Type] = [
            ONetPointsStage.self, FaceMeshStage.self, MeshPresenceStage.self, MeshBoundsStage.self,
            ContoursStage.self, BlendshapesStage.self, NoseBaseStage.self,
            FaceAttributesStage.self, PupilsStage.self,
        ]
        #expect(stages == [.detection] + measuring.map(FaceDetector.Stage.init))
    }

    /// YuNet's search asks whether to stop between groups of its layers, and stops at the first
    /// yes: after the stem it asks no more (counted, not timed). (320 × 240 searched down to
    /// 10-pixel faces: YuNet_s at full size.)
    @Test func searchStopsBetweenLayerGroups() throws {
        let picture = RGBImage(width: 320, height: 240, fill: RGB(120, 110, 100))
        let detector = FaceDetector(options: .init(minFaceSize: .pixels(10)))
        var asked = 0
        let all = detector.run(
            on: picture, afterStage: { _ in },
            stopSearch: {
                asked += 1
                return false
            })
        let questions = asked
        asked = 0
        // The first question comes before the network, the second after its stem: stop there.
        let none = detector.run(
            on: picture, afterStage: { _ in },
            stopSearch: {
                asked += 1
                return asked >= 2
            })
        #expect(all.isEmpty && none.isEmpty)
        #expect(questions >= 7)  // before the network, 5 times inside it, and once after the search
        #expect(asked == 3)  // the two, then once more after the search, which ended there
    }

    /// A task cancelled while YuNet searches ends with `CancellationError` at the search's next
    /// question, without running the rest of the network: the task cancels itself when the search
    /// asks for the second time (after the stem), with `process(_:)`'s own wiring (`stopSearch` is
    /// `Task.isCancelled`, each stage checks the cancellation). Counted, not timed, so that a loaded
    /// machine cannot make it fail.
    @Test func cancellationDuringTheSearch() async throws {
        let picture = RGBImage(width: 320, height: 240, fill: RGB(120, 110, 100))
        let detector = FaceDetector(options: .init(minFaceSize: .pixels(10)))
        let (cancelled, asked) = await Task { () -> (Bool, Int) in
            var asked = 0
            do {
                _ = try detector.run(
                    on: picture, afterStage: { _ in try Task.checkCancellation() },
                    stopSearch: {
                        asked += 1
                        if asked == 2 { withUnsafeCurrentTask { $0?.cancel() } }
                        return Task.isCancelled
                    })
                return (false, asked)
            } catch {
                return (error is CancellationError, asked)
            }
        }.value
        #expect(cancelled)
        #expect(asked == 3)  // before the network, after its stem (cancelled there), once after the search
    }

    /// `process(_:)` cancelled as soon as it is started ends with `CancellationError`, wherever the
    /// cancellation finds it (before the search or inside it).
    @Test func processCancelledRightAwayThrowsCancellationError() async throws {
        let picture = RGBImage(width: 320, height: 240, fill: RGB(120, 110, 100))
        let detector = FaceDetector(options: .init(minFaceSize: .pixels(10)))
        let task = Task { () -> Bool in
            do {
                _ = try await detector.process(picture)
                return false
            } catch {
                return error is CancellationError
            }
        }
        task.cancel()
        #expect(await task.value)
    }
}
