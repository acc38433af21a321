import FaceDetection
import Testing

@testable import FaceDetectCLI

/// A face of 60 px at (`x`, 100) scoring `score`.
private func face(_ x: Float, score: Float) -> Face {
    Face(bounds: Rect(x: x, y: 100, width: 60, height: 60), score: score)
}

/// The records of 12 analysed frames with a confident face throughout and, in frames 0–3 only, a
/// weak one (a flicker on the background that never reaches confirmation), and the summaries.
private func run(reportsUnconfirmed: Bool) -> (records: [[String]], tracks: [TrackSummary]) {
    var stage = FrameTracking<RGBImage>(
        file: "v.mp4", every: 1, margin: 0, holdsFrames: false, frameBytes: 1, reportsUnconfirmed: reportsUnconfirmed)
    var lines: [String] = []
    for frame in 0..<12 {
        let faces = frame < 4 ? [face(100, score: 0.9), face(500, score: 0.4)] : [face(100, score: 0.9)]
        let detected = stage.track(faces, frame: frame, time: Double(frame) / 30)
        lines += stage.report(
            file: "v.mp4", frame: frame, time: nil, width: 640, height: 360, seconds: 0, detected: detected
        ).map(\.jsonLine)
    }
    lines += stage.flushRecords().map(\.jsonLine)
    let records = lines.map { line in
        line.split(separator: "{").dropFirst().map { entry in
            entry.contains(#""confirmed": false"#) ? "unconfirmed" : "confirmed"
        }
    }
    return (records, stage.tracks)
}

@Test func unconfirmedTracksAreLeftOutUnlessFacesAreHidden() {
    let shown = run(reportsUnconfirmed: false)
    #expect(shown.records.count == 12)
    #expect(shown.records.allSatisfy { $0 == ["confirmed"] })
    #expect(shown.tracks.map(\.trackingId) == [1])
    let hidden = run(reportsUnconfirmed: true)
    #expect(hidden.records.prefix(4).allSatisfy { $0 == ["confirmed", "unconfirmed"] })
    #expect(hidden.records.dropFirst(4).allSatisfy { $0 == ["confirmed"] })
    #expect(hidden.tracks.map(\.isConfirmed) == [true, false])
    #expect(hidden.tracks[1].jsonLine.contains(#""trackingId": 2, "confirmed": false,"#))
}

@Test func aTrackConfirmedLaterIsReportedFromItsFirstFrame() {
    var stage = FrameTracking<RGBImage>(
        file: "v.mp4", every: 1, margin: 0, holdsFrames: false, frameBytes: 1, reportsUnconfirmed: false)
    var counts: [Int] = []
    for frame in 0..<20 {
        let detected = stage.track([face(100, score: 0.4)], frame: frame, time: Double(frame) / 30)
        counts += stage.report(
            file: "v.mp4", frame: frame, time: nil, width: 640, height: 360, seconds: 0, detected: detected
        ).map(\.faces.count)
    }
    counts += stage.flushRecords().map(\.faces.count)
    // Confirmed at its 10th detection, in time for the records held back.
    #expect(counts == [Int](repeating: 1, count: 20))
    #expect(stage.tracks.first?.firstFrame == 0)
}

@Test func tracksWhoseAppearancesMatchAreOnePerson() {
    var stage = FrameTracking<RGBImage>(
        file: "v.mp4", every: 1, margin: 0, holdsFrames: false, frameBytes: 1, reportsUnconfirmed: false)
    var a = [Float](repeating: 0, count: 4)
    a[0] = 1
    var b = [Float](repeating: 0, count: 4)
    b[1] = 1
    let appearances = [FaceDescriptor(a)!, FaceDescriptor(b)!, FaceDescriptor(a)!]
    // Three tracks, the first and the last of one person (a photo of her beside her).
    for frame in 0..<30 {
        let faces = [face(100, score: 0.9), face(500, score: 0.9), face(900, score: 0.9)]
        let detected = stage.track(faces, frame: frame, time: Double(frame) / 30) { appearances[$0] }
        _ = stage.report(
            file: "v.mp4", frame: frame, time: nil, width: 1280, height: 360, seconds: 0, detected: detected)
    }
    _ = stage.flushRecords()
    #expect(stage.tracks.map(\.trackingId) == [1, 2, 3])
    #expect(stage.tracks.map(\.person) == [1, 2, 1])
    #expect(stage.tracks[0].jsonLine.contains(#""trackingId": 1, "person": 1,"#))
}
