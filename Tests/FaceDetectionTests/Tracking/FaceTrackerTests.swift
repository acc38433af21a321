import Testing

@testable import FaceDetection

/// A face of `size` pixels whose top-left corner is at (`x`, `y`).
private func face(_ x: Float, _ y: Float, size: Float = 60) -> Face {
    Face(
        bounds: Rect(x: x, y: y, width: size, height: size), score: 0.9,
        landmarks: [Landmark(type: .leftEye, position: Point(x: x + size * 0.7, y: y + size * 0.4))])
}

/// Frames at 30 per second.
private func time(_ frame: Int) -> Double { Double(frame) / 30 }

@Test func oneMovingFaceKeepsOneIdentifier() {
    var tracker = FaceTracker()
    var ids: Set<Int> = []
    for frame in 0..<90 {
        let tracked = tracker.update([face(10 + Float(frame) * 6, 100)], time: time(frame))
        #expect(tracked.count == 1)
        ids.insert(tracked[0].trackingId)
    }
    #expect(ids == [1])
}

@Test func twoCrossingFacesKeepTheirIdentifiers() {
    // Face A moves right, face B moves left on the same row, a little lower; they cross at frame 30,
    // where for 6 frames the detector sees only the front one (A).
    var tracker = FaceTracker()
    var idOfA: Set<Int> = []
    var idOfB: Set<Int> = []
    for frame in 0..<60 {
        let a = face(100 + Float(frame) * 10, 200)
        let b = face(700 - Float(frame) * 10, 215)
        let occluded = (28..<34).contains(frame)
        let detections = occluded ? [a] : (frame % 2 == 0 ? [a, b] : [b, a])  // order must not matter
        let tracked = tracker.update(detections, time: time(frame))
        #expect(tracked.count == detections.count)
        for (detection, result) in zip(detections, tracked) {
            if detection == a { idOfA.insert(result.trackingId) } else { idOfB.insert(result.trackingId) }
        }
    }
    #expect(idOfA.count == 1)
    #expect(idOfB.count == 1)
    #expect(idOfA.isDisjoint(with: idOfB))
}

@Test func aFaceMissedForAFewFramesKeepsItsIdentifierAndItsPredictedBox() {
    var tracker = FaceTracker()
    _ = tracker.update([face(100, 100)], time: time(0))
    _ = tracker.update([face(110, 100)], time: time(1))
    for frame in 2..<6 {
        #expect(tracker.update([], time: time(frame)).isEmpty)
        let live = tracker.liveTracks
        #expect(live.count == 1)
        #expect(live[0].missedFrames == frame - 1)
        #expect(live[0].detectedBounds == nil)
        // Constant velocity: 10 px a frame to the right.
        #expect(abs(live[0].face.bounds.x - (110 + Float(frame - 1) * 10)) < 0.01)
    }
    let back = tracker.update([face(160, 100)], time: time(6))
    #expect(back.map(\.trackingId) == [1])
}

@Test func aFaceThatLeavesAndReturnsGetsANewIdentifierNeverReused() {
    var options = FaceTracker.Options()
    options.maxMissedFrames = 3
    var tracker = FaceTracker(options: options)
    #expect(tracker.update([face(100, 100)], time: time(0)).map(\.trackingId) == [1])
    for frame in 1...4 { _ = tracker.update([], time: time(frame)) }
    #expect(tracker.liveTracks.isEmpty)
    #expect(tracker.update([face(100, 100)], time: time(5)).map(\.trackingId) == [2])
    #expect(tracker.update([face(100, 100), face(400, 300)], time: time(6)).map(\.trackingId) == [2, 3])
}

@Test func smoothingStopsTheJitterOfAStillFace() {
    var tracker = FaceTracker()
    var unsmoothedOptions = FaceTracker.Options()
    unsmoothedOptions.smoothing = false
    var raw = FaceTracker(options: unsmoothedOptions)
    var rng = SeededRandom(seed: 7)
    var spread: (smoothed: Float, raw: Float) = (0, 0)
    for frame in 0..<120 {
        let jitter = Float.random(in: -3...3, using: &rng)
        let detection = face(300 + jitter, 200 - jitter)
        let smoothed = tracker.update([detection], time: time(frame))[0]
        let unsmoothed = raw.update([detection], time: time(frame))[0]
        #expect(smoothed.detectedBounds == detection.bounds)
        #expect(unsmoothed.face == detection)
        if frame >= 30 {
            spread.smoothed += abs(smoothed.face.bounds.x - 300)
            spread.raw += abs(unsmoothed.face.bounds.x - 300)
            let eye = smoothed.face.landmark(.leftEye)!.position
            #expect(abs(eye.x - (300 + 42)) < 3)
        }
    }
    #expect(spread.smoothed < spread.raw / 2)
}

@Test func smoothingFollowsAMovingFaceClosely() {
    var tracker = FaceTracker()
    for frame in 0..<60 {
        let x = 100 + Float(frame) * 8
        let tracked = tracker.update([face(x, 100)], time: time(frame))[0]
        if frame > 10 { #expect(abs(tracked.face.bounds.x - x) < 12, "frame \(frame)") }
    }
}

@Test func oneEuroFilterPassesTheFirstSampleAndConvergesOnAConstant() {
    var filter = OneEuroFilter(minCutoff: 1, beta: 0)
    #expect(filter.filter(10, interval: 0.1) == 10)
    var value: Float = 10
    for _ in 0..<100 { value = filter.filter(20, interval: 0.1) }
    #expect(abs(value - 20) < 0.01)
}

@Test func aSecondBoxOnATrackedFaceIsDroppedNotANewTrack() {
    var tracker = FaceTracker()
    for frame in 0..<5 { _ = tracker.update([face(100 + Float(frame) * 5, 100)], time: time(frame)) }
    // The detector gives the face twice (IoU 0.6), the weaker box better placed for the track.
    let strong = Face(bounds: Rect(x: 135, y: 110, width: 60, height: 70), score: 0.9)
    let weak = Face(bounds: Rect(x: 126, y: 100, width: 60, height: 60), score: 0.5)
    let tracked = tracker.update([strong, weak], time: time(5))
    #expect(tracked.map(\.trackingId) == [1])
    #expect(tracked[0].detectedBounds == weak.bounds)
    #expect(tracker.liveTracks.count == 1)
    // A face beside it is no duplicate.
    let other = Face(bounds: Rect(x: 300, y: 100, width: 60, height: 60), score: 0.5)
    #expect(tracker.update([face(130, 100), other], time: time(6)).map(\.trackingId) == [1, 2])
}
