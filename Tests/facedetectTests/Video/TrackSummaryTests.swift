import FaceDetectRecords
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

/// With `--keep`/`--hide-only` a track counts its frames left visible, with `--match` the person it matched on the
/// most frames; a later part of the track joined adds its counts.
@Test func aTrackSaysHowOftenItWasShownAndWhomItMatched() {
    func match(_ person: String) -> FaceMatch { FaceMatch(person: person, id: nil, distance: 0.5) }
    var track = TrackSummary(file: "a.mp4", trackingId: 3, frame: 0, score: 0.9)
    track.count(match: match("Ada"), visibility: FaceVisibility(shown: true, reason: .match))
    track.add(frame: 1, score: 0.9)
    track.count(match: nil, visibility: FaceVisibility(shown: false, reason: .undecided))
    var later = TrackSummary(file: "a.mp4", trackingId: 7, frame: 5, score: 0.9)
    later.count(match: match("Grace"), visibility: FaceVisibility(shown: true, reason: .match))
    later.add(frame: 6, score: 0.9)
    later.count(match: match("Grace"), visibility: FaceVisibility(shown: true, reason: .match))
    #expect(track.framesShown == 1 && track.match == "Ada")
    track.join(later)
    #expect(track.framesShown == 3 && track.match == "Grace" && track.framesSeen == 4)
    #expect(track.jsonLine.contains(#""framesSeen": 4, "framesShown": 3, "match": "Grace", "bestFrame""#))
    // Without those options neither key is written.
    let plain = TrackSummary(file: "a.mp4", trackingId: 1, frame: 0, score: 1).jsonLine
    #expect(!plain.contains("framesShown") && !plain.contains("match"))
}
