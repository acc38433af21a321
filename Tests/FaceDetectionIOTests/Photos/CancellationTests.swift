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
        detector = try FaceDetector(
            options: .init(mode: .accurate, landmarks: .all, classification: .all, minFaceSize: .pixels(40)))
    }

    @Test func processGivesWhatDetectGives() async throws {
        let faces = try await detector.process(astronaut)
        #expect(!faces.isEmpty)
        #expect(faces == detector.detect(in: astronaut))
    }

    /// A task cancelled before it runs gets `CancellationError` at once on a 12-megapixel picture
    /// whose search alone takes seconds in a debug build (the first check is before the search).
    /// Timed inside the task, so that the wait for a thread of the shared pool (busy with other
    /// tests) does not count.
    @Test func cancelledTaskOnABigPictureStopsAtOnce() async throws {
        let big = RGBImage(width: 4000, height: 3000, fill: RGB(120, 110, 100))
        let fast = try FaceDetector(options: .init(minFaceSize: .pixels(20)))
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
        #expect(elapsed < .milliseconds(100))
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

    /// Without cancellation every stage runs, in order.
    @Test func everyStageRunsInOrder() throws {
        let withContours = try FaceDetector(
            options: .init(
                mode: .accurate, landmarks: .all, classification: .all, contours: .all, minFaceSize: .pixels(40)))
        var stages: [FaceDetector.Stage] = []
        let faces = withContours.run(on: astronaut) { stages.append($0) }
        #expect(!faces.isEmpty)
        #expect(stages == [.detection, .points, .contours])
    }
}
