import Testing

@testable import FaceDetectCLI

/// The `--tracks` record of one track, as the records' encoder writes it.
@Test func aTrackSummaryIsOneRecordWithItsBestFrame() {
    var track = TrackSummary(file: "a.mp4", trackingId: 2, frame: 4, score: 0.5)
    track.add(frame: 9, score: 0.876_54)
    #expect(
        track.jsonLine
            == #"{"file": "a.mp4", "trackingId": 2, "firstFrame": 4, "lastFrame": 9, "framesSeen": 2, "#
            + #""bestFrame": 9, "bestScore": 0.8765}"#)
}
