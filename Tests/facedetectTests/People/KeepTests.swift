import FaceDetectRecords
import FaceDetection
import FaceDetectionIO
import Foundation
import Testing

@testable import FaceDetectCLI

/// `--keep` and `--hide-only`: which faces stay visible, in photos and (per track) in videos,
/// checked on the output's pixels and in the JSON.
@Suite(.serialized) struct KeepTests {
    @Test func keepShowsOnlyCloseMatchesAndHidesFacesWithoutADescriptor() {
        let ada = FaceMatcherTests.descriptor(axis: 0)
        let rule = KeepRule(mode: .keep, references: [.init(person: "Ada", descriptors: [ada])])
        #expect(rule.matcher.threshold == KeepRule.keepDistance && KeepRule.keepDistance < 1.10)
        let near = rule.visibility(of: FaceMatcherTests.face(FaceMatcherTests.descriptor(axis: 0, tilt: 0.3)))
        #expect(near.shown && near.reason == .match && near.match?.person == "Ada")
        #expect(rule.visibility(of: FaceMatcherTests.face(nil)) == FaceVisibility(shown: false, reason: .noDescriptor))
        // Between the keep distance and the same-person distance: not shown.
        let between = FaceMatcherTests.descriptor(axis: 0, tilt: 2)
        #expect(between.distance(to: ada) > KeepRule.keepDistance && between.distance(to: ada) < 1.10)
        #expect(rule.visibility(of: FaceMatcherTests.face(between)) == FaceVisibility(shown: false, reason: .noMatch))

        let hideOnly = KeepRule(mode: .hideOnly, references: [.init(person: "Ada", descriptors: [ada])])
        #expect(!hideOnly.visibility(of: FaceMatcherTests.face(between)).shown)
        #expect(hideOnly.visibility(of: FaceMatcherTests.face(FaceMatcherTests.descriptor(axis: 4))).shown)
        #expect(!hideOnly.visibility(of: FaceMatcherTests.face(nil)).shown)
    }

    @Test func aVisibilityIsWrittenAfterTheMatch() {
        var record = PredictionRecord(file: "a.jpg")
        record.faces = [FaceMatcherTests.face(nil), FaceMatcherTests.face(nil)]
        record.visibilities = [
            FaceVisibility(
                shown: true, reason: .match, match: FaceMatch(person: "r.jpg", distance: 0.61234), votes: 3,
                described: 5),
            FaceVisibility(shown: false, reason: .noDescriptor),
        ]
        let face = #"{"box": [0.0, 0.0, 50.0, 50.0], "score": 0.9"#
        #expect(
            record.jsonLine
                == #"{"file": "a.jpg", "faces": ["# + face
                + #", "visibility": {"shown": true, "reason": "match", "person": "r.jpg", "distance": 0.6123, "#
                + #""votes": 3, "of": 5}}, "# + face
                + #", "visibility": {"shown": false, "reason": "no descriptor"}}]}"#)
    }

    @Test func theOptionsNeedAWayToHideAndExcludeEachOther() {
        #expect(throws: UsageError.self) { try Command.parse(["a.jpg", "-o", "b.jpg", "--keep", "r.jpg"]) }
        #expect(throws: UsageError.self) {
            try Command.parse(["a.jpg", "-o", "b.jpg", "--blur", "--keep", "r.jpg", "--hide-only", "s.jpg"])
        }
        guard case .detect(let options)? = try? Command.parse(["a.jpg", "-o", "b.jpg", "--fill", "--keep", "r.jpg"])
        else { return #expect(Bool(false)) }
        #expect(options.keep == ["r.jpg"] && options.detector.descriptors && options.anonymization == .fill)
        #expect(options.hiding == HidingStyle(method: .fill(RGB(0, 0, 0))))
        #expect(options.hidingMargin(videos: false) == 0 && options.hidingMargin(videos: true) == 0.1)
    }

    /// The detail of `box`'s inner 80 % in `image` (`TestClips.detail`).
    static func innerDetail(_ image: RGBImage, _ box: Rect) -> Double {
        TestClips.detail(of: image, in: VideoClipTests.inner(box))
    }

    @Test func aPhotoKeepsThePersonOfTheReferenceAndHidesTheOther() throws {
        try withTemporaryDirectory { directory in
            // Grace Hopper beside the astronaut, the reference a mirrored, smaller copy of her photo.
            let grace = try ImageCodec.read(path: TestInputs.fixture("grace_hopper.jpg").path).image
            let astronaut = try ImageCodec.read(path: TestInputs.fixture("astronaut.png").path).image
            var pixels = [UInt8](repeating: 90, count: 1100 * 600 * 3)
            for (image, left) in [(grace, 0), (astronaut, 560)] {
                for y in 0..<image.height {
                    for x in 0..<image.width {
                        for c in 0..<3 {
                            pixels[(y * 1100 + left + x) * 3 + c] = image.pixels[(y * image.width + x) * 3 + c]
                        }
                    }
                }
            }
            let pair = RGBImage(width: 1100, height: 600, pixels: pixels)
            try ImageCodec.write(pair, to: directory.appendingPathComponent("pair.png").path)
            try GroupTests.writeVariant(
                of: "grace_hopper.jpg", to: directory.appendingPathComponent("ref.png"), mirrored: true, scale: 0.8)
            let result = try ToolProcess.run(
                [
                    "pair.png", "--pixelate", "--hide-shape", "ellipse", "--keep", "ref.png", "-o", "out.png", "--json",
                    "-",
                ], in: directory)
            #expect(result.status == 0, "\(result.standardError)")
            let faces = try TestInputs.records(result.standardOutput).first?["faces"] as? [[String: Any]] ?? []
            #expect(faces.count == 2)
            let output = try ImageCodec.read(path: directory.appendingPathComponent("out.png").path).image
            let graceBox = TestInputs.graceHopperFace
            var astronautBox = TestInputs.astronautFace
            astronautBox.x += 560
            #expect(Self.innerDetail(output, graceBox) == Self.innerDetail(pair, graceBox))
            #expect(Self.innerDetail(output, astronautBox) < 0.5 * Self.innerDetail(pair, astronautBox))
            for face in faces {
                let visibility = try #require(face["visibility"] as? [String: Any])
                let box = try #require(face["box"] as? [Double])
                #expect((visibility["shown"] as? Bool) == (box[0] < 500), "\(face)")
                #expect(face["descriptor"] == nil)
                if box[0] < 500 { #expect(visibility["person"] as? String == "ref.png") }
            }
        }
    }

    @Test func aVideoKeepsThePersonsTrackAfterAFewFramesAndHidesTheOtherInEveryFrame() throws {
        try withTemporaryDirectory { folder in
            let faces = [
                TestClips.MovingFace.graceHopper(x: 10, y: 30, vx: 8),
                TestClips.MovingFace.astronaut(x: 170, y: 40, vx: -8),
            ]
            let clip = folder.appendingPathComponent("pair.mp4")
            try TestClips.make(faces, seconds: 3, audio: false, to: clip)
            try GroupTests.writeVariant(
                of: "grace_hopper.jpg", to: folder.appendingPathComponent("ref.png"), mirrored: true, scale: 0.8)
            let result = try ToolProcess.run(
                [
                    clip.path, "-o", "out.mp4", "--blur", "--keep", "ref.png", "--match", "ref.png", "--json",
                    "f.jsonl", "--tracks", "t.jsonl",
                    "--min-face-size", "0.15", "--no-progress",
                ], in: folder)
            #expect(result.status == 0, "\(result.standardError)")
            let records = try TestInputs.records(
                String(contentsOf: folder.appendingPathComponent("f.jsonl"), encoding: .utf8))
            #expect(records.count == 30)
            let original = try TestClips.frames(of: clip, width: 288, height: 180)
            let written = try TestClips.frames(of: folder.appendingPathComponent("out.mp4"), width: 288, height: 180)
            #expect(written.count == 30)
            var graceShown = 0
            var astronautShown: [Int] = []
            for (frame, (before, after)) in zip(original, written).enumerated() {
                let graceBox = faces[0].faceBox(at: Double(frame) / 10)
                let astronautBox = faces[1].faceBox(at: Double(frame) / 10)
                if Self.innerDetail(after, graceBox) >= 0.85 * Self.innerDetail(before, graceBox) { graceShown += 1 }
                if Self.innerDetail(after, astronautBox) >= 0.5 * Self.innerDetail(before, astronautBox) {
                    astronautShown.append(frame)
                }
            }
            // Hidden until 3 described frames match, then shown; the stranger never.
            #expect(graceShown >= 26, "\(graceShown)")
            #expect(astronautShown.isEmpty, "\(astronautShown)")
            // The JSON says so: --match labels the track, --keep's visibility gives the vote.
            let last = try #require(records.last?["faces"] as? [[String: Any]])
            let kept = last.filter { ($0["visibility"] as? [String: Any])?["shown"] as? Bool == true }
            #expect(kept.count == 1)
            #expect((kept.first?["match"] as? [String: Any])?["person"] as? String == "ref.png")
            #expect((kept.first?["visibility"] as? [String: Any])?["votes"] as? Int ?? 0 >= 3)
            let first = try #require(records.first?["faces"] as? [[String: Any]])
            #expect(first.allSatisfy { ($0["visibility"] as? [String: Any])?["reason"] as? String == "undecided" })
            // --tracks: the kept track shown on most of its frames and matched, the stranger's never shown.
            let tracks = try TestInputs.records(
                String(contentsOf: folder.appendingPathComponent("t.jsonl"), encoding: .utf8))
            let keptTracks = tracks.filter { $0["framesShown"] as? Int ?? 0 > 0 }
            #expect(keptTracks.count == 1, "\(tracks)")
            #expect(keptTracks.first?["match"] as? String == "ref.png")
            #expect(keptTracks.first?["framesShown"] as? Int ?? 0 >= 26, "\(tracks)")
            #expect(tracks.allSatisfy { $0["framesShown"] is Int }, "\(tracks)")
        }
    }
}
