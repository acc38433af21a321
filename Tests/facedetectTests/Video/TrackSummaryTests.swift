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

/// The best frame is the one of the highest capture quality; a measured quality beats none, whatever the score.
@Test func aTracksBestFrameIsItsBestQuality() {
    var track = TrackSummary(file: "a.mp4", trackingId: 1, frame: 0, score: 0.99)
    track.add(frame: 1, score: 0.7, quality: 0.5)
    track.add(frame: 2, score: 0.95, quality: 0.4)
    track.add(frame: 3, score: 0.99)
    track.add(frame: 4, score: 0.6, quality: 0.81)
    #expect(track.bestFrame == 4 && track.bestQuality == 0.81 && track.bestScore == 0.6)
    #expect(track.jsonLine.hasSuffix(#""bestFrame": 4, "bestScore": 0.6, "bestQuality": 0.81}"#))
}
