import Testing

@testable import FaceDetection

/// A face of `size` pixels whose top-left corner is at (`x`, `y`), scoring `score`.
private func face(_ x: Float, _ y: Float, size: Float = 60, score: Float = 0.9) -> Face {
    Face(bounds: Rect(x: x, y: y, width: size, height: size), score: score)
}

/// Frames at 30 per second.
private func time(_ frame: Int) -> Double { Double(frame) / 30 }

/// The descriptor of person `n` (0, 1, 2…): perpendicular unit vectors, √2 apart.
private func person(_ n: Int) -> FaceDescriptor {
    var values = [Float](repeating: 0, count: 8)
    values[n] = 1
    return FaceDescriptor(values)!
}

@Test func aFaceThatReturnsWithinTheMemoryGetsItsIdentifierBack() {
    var options = FaceTracker.Options()
    options.maxMissedFrames = 3
    var tracker = FaceTracker(options: options)
    let first = tracker.update([face(100, 100)], time: time(0)) { _ in person(0) }
    #expect(first.map(\.trackingId) == [1])
    #expect(first[0].descriptor == person(0))
    // Gone for 2 s (the track ends after 3 frames), then back elsewhere, beside a stranger.
    for frame in 1...60 { _ = tracker.update([], time: time(frame)) { _ in nil } }
    #expect(tracker.liveTracks.isEmpty)
    let appearances = [person(1), person(0)]
    let back = tracker.update([face(400, 300), face(700, 100)], time: time(61)) { appearances[$0] }
    #expect(back.map(\.trackingId) == [2, 1])
    // Beyond the memory, a new identifier.
    for frame in 62...(62 + 11 * 30) { _ = tracker.update([face(400, 300)], time: time(frame)) { _ in person(1) } }
    let late = tracker.update([face(400, 300), face(900, 100)], time: time(62 + 11 * 30 + 1)) {
        [person(1), person(0)][$0]
    }
    #expect(late.map(\.trackingId) == [2, 3])
}

@Test func withoutDescriptorsAReturningFaceGetsANewIdentifier() {
    var options = FaceTracker.Options()
    options.maxMissedFrames = 3
    var tracker = FaceTracker(options: options)
    _ = tracker.update([face(100, 100)], time: time(0))
    for frame in 1...10 { _ = tracker.update([], time: time(frame)) }
    #expect(tracker.update([face(100, 100)], time: time(11)).map(\.trackingId) == [2])
}

@Test func appearanceDecidesAnAmbiguousMatch() {
    // A moves right, B left; in frame 10 both detections overlap both predictions, each the other's
    // more than its own (motion alone swaps them).
    let descriptors = (a: person(0), b: person(1))
    func run(describing: Bool) -> [Int] {
        var tracker = FaceTracker()
        for frame in 0..<10 {
            let detections = [face(100 + Float(frame) * 10, 200), face(330 - Float(frame) * 10, 200)]
            _ = tracker.update(detections, time: time(frame)) { describing ? [descriptors.a, descriptors.b][$0] : nil }
        }
        // Predicted: A at 200, B at 230. Detected: A at 235, B at 195.
        let detections = [face(235, 200), face(195, 200)]
        return tracker.update(detections, time: time(10)) { describing ? [descriptors.a, descriptors.b][$0] : nil }
            .map(\.trackingId)
    }
    #expect(run(describing: false) == [2, 1])
    #expect(run(describing: true) == [1, 2])
}

@Test func descriptorsAreAskedForOnlyWhereTheTrackerNeedsThem() {
    var options = FaceTracker.Options()
    options.describeEvery = 30
    var tracker = FaceTracker(options: options)
    var asked: [Int] = []
    for frame in 0..<100 {
        _ = tracker.update([face(100 + Float(frame), 100, score: 0.9)], time: time(frame)) { _ in
            asked.append(frame)
            return person(0)
        }
    }
    // The start, then one refresh at most every 30 detections (scores are equal: each due frame refreshes).
    #expect(asked == [0, 30, 60, 90])
}

@Test func aTrackIsConfirmedByAConfidentDetectionOrByEnoughDetections() {
    var tracker = FaceTracker()
    let confident = tracker.update([face(100, 100, score: 0.9)], time: time(0))
    #expect(confident[0].isConfirmed)
    var flags: [Bool] = []
    for frame in 0..<12 {
        let tracked = tracker.update([face(100, 100, score: 0.9), face(500, 100, score: 0.4)], time: time(frame + 1))
        flags.append(tracked[1].isConfirmed)
    }
    // The weak track is confirmed at its 10th detection and stays so.
    #expect(flags == [Bool](repeating: false, count: 9) + [true, true, true])
}
