import FaceDetection
import Foundation
import Testing

/// End-to-end runs of the tool on clips made from the fixture photos, where the truth is known.
@Suite(.serialized) struct VideoClipTests {
    /// Detector settings that keep these debug runs short: faces of at least 15 % of the width.
    static let flags = ["--min-face-size", "0.15", "--landmarks", "none", "--classification", "none", "--no-progress"]

    /// The `trackingId` of the detection matched to each true face of a record (`nil` when none
    /// is): pairs of IoU ≥ 0.3 are matched one to one, best first, as multi-object tracking
    /// benchmarks match them (a duplicate or a stray box near a face is then not taken for it).
    static func ids(in record: [String: Any], matching truths: [Rect]) -> [Int?] {
        let faces = record["faces"] as? [[String: Any]] ?? []
        var pairs: [(overlap: Float, truth: Int, id: Int)] = []
        for face in faces {
            guard let box = face["box"] as? [Double], let id = face["trackingId"] as? Int else { continue }
            let rect = Rect(x: Float(box[0]), y: Float(box[1]), width: Float(box[2]), height: Float(box[3]))
            for (index, truth) in truths.enumerated() where rect.iou(truth) >= 0.3 {
                pairs.append((rect.iou(truth), index, id))
            }
        }
        var result = [Int?](repeating: nil, count: truths.count)
        var used: Set<Int> = []
        for pair in pairs.sorted(by: { $0.overlap > $1.overlap }) where result[pair.truth] == nil {
            guard used.insert(pair.id).inserted else { continue }
            result[pair.truth] = pair.id
        }
        return result
    }

    /// `box` shrunk by 10 % on each side (the part of a face that must be hidden whatever the rounding).
    static func inner(_ box: Rect) -> Rect {
        Rect(x: box.x + box.width * 0.1, y: box.y + box.height * 0.1, width: box.width * 0.8, height: box.height * 0.8)
    }

    @Test func twoCrossingFacesKeepTheirIdentifiersAndAreHiddenInEveryFrame() throws {
        try withTemporaryDirectory { folder in
            let clip = folder.appendingPathComponent("crossing.mp4")
            let faces = TestClips.MovingFace.crossing
            try TestClips.make(faces, seconds: 3, to: clip)
            let output = folder.appendingPathComponent("blurred.mp4")
            let result = try ToolProcess.run(
                [clip.path, "-o", output.path, "--blur", "--json", "faces.jsonl", "--tracks", "tracks.jsonl"]
                    + Self.flags, in: folder)
            #expect(result.status == 0, "\(result.standardError)")

            // One record per frame, numbered and timed.
            let records = try TestInputs.records(
                String(contentsOf: folder.appendingPathComponent("faces.jsonl"), encoding: .utf8))
            #expect(records.count == 30)
            #expect(records.map { $0["frame"] as? Int } == (0..<30).map { $0 })
            #expect(abs((records.last?["time"] as? Double ?? 0) - 2.9) < 1e-6)

            // Each face keeps one identifier, and the two differ.
            var idsOfFace: [Set<Int>] = [[], []]
            var matchedFrames = [0, 0]
            for (frame, record) in records.enumerated() {
                let ids = Self.ids(in: record, matching: faces.map { $0.faceBox(at: Double(frame) / 10) })
                for (index, id) in ids.enumerated() {
                    guard let id else { continue }
                    idsOfFace[index].insert(id)
                    matchedFrames[index] += 1
                }
            }
            #expect(idsOfFace[0].count == 1 && idsOfFace[1].count == 1, "\(idsOfFace)")
            #expect(idsOfFace[0].isDisjoint(with: idsOfFace[1]))
            #expect(matchedFrames.allSatisfy { $0 >= 15 }, "\(matchedFrames)")

            // Same frames, same duration, the audio copied; every visible face hidden in every frame.
            let inputStreams = try TestClips.streams(of: clip)
            let outputStreams = try TestClips.streams(of: output)
            #expect(outputStreams.first { $0["codec_type"] == "video" }?["nb_frames"] == "30")
            let inputAudio = inputStreams.first { $0["codec_type"] == "audio" }
            let outputAudio = outputStreams.first { $0["codec_type"] == "audio" }
            #expect(outputAudio?["codec_name"] == inputAudio?["codec_name"])
            #expect(outputAudio?["nb_frames"] == inputAudio?["nb_frames"])
            let inputDuration = Double(inputStreams.first { $0["codec_type"] == "video" }?["duration"] ?? "") ?? 0
            let outputDuration = Double(outputStreams.first { $0["codec_type"] == "video" }?["duration"] ?? "") ?? -1
            #expect(abs(inputDuration - outputDuration) < 0.05)
            let original = try TestClips.frames(of: clip, width: 288, height: 180)
            let blurred = try TestClips.frames(of: output, width: 288, height: 180)
            #expect(original.count == 30 && blurred.count == 30)
            var unhidden: [String] = []
            for (frame, (before, after)) in zip(original, blurred).enumerated() {
                for face in faces {
                    let box = face.faceBox(at: Double(frame) / 10)
                    guard TestClips.isInside(box, width: 288, height: 180) else { continue }
                    let sharp = TestClips.detail(of: before, in: Self.inner(box))
                    if TestClips.detail(of: after, in: Self.inner(box)) > 0.5 * sharp {
                        unhidden.append("\(face.fixture)@\(frame)")
                    }
                }
            }
            #expect(unhidden.isEmpty, "faces not hidden: \(unhidden)")
            // The background stays as it was (a corner far from both paths).
            let corner = Rect(x: 0, y: 150, width: 40, height: 30)
            #expect(TestClips.detail(of: blurred[15], in: corner) < 2000)

            // One summary per track, the two faces' tracks among them.
            let tracks = try TestInputs.records(
                String(contentsOf: folder.appendingPathComponent("tracks.jsonl"), encoding: .utf8))
            let trackIds = Set(tracks.compactMap { $0["trackingId"] as? Int })
            #expect(idsOfFace[0].union(idsOfFace[1]).isSubset(of: trackIds))
            for track in tracks {
                let first = track["firstFrame"] as? Int ?? -1
                let last = track["lastFrame"] as? Int ?? -1
                let best = track["bestFrame"] as? Int ?? -1
                #expect(first <= best && best <= last)
                #expect((track["framesSeen"] as? Int ?? 0) <= last - first + 1)
            }
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
                $0.hasPrefix(".")
            }
            #expect(leftovers.isEmpty)
        }
    }

    @Test func aFaceThatLeavesAndComesBackIsHiddenWhileShownAndGetsANewIdentifier() throws {
        try withTemporaryDirectory { folder in
            let clip = folder.appendingPathComponent("return.mkv")
            var face = TestClips.MovingFace.astronaut(x: 40, y: 30, vx: 20)
            face.shown = [0...1.2, 2.8...4]
            try TestClips.make([face], seconds: 4, audio: false, to: clip)
            let output = folder.appendingPathComponent("hidden.mkv")
            let result = try ToolProcess.run(
                [clip.path, "-o", output.path, "--pixelate", "--json", "-"] + Self.flags, in: folder)
            #expect(result.status == 0, "\(result.standardError)")
            let records = try TestInputs.records(result.standardOutput)
            #expect(records.count == 40)
            var before: Set<Int> = []
            var after: Set<Int> = []
            for (frame, record) in records.enumerated() {
                guard let id = Self.ids(in: record, matching: [face.faceBox(at: Double(frame) / 10)])[0] else {
                    continue
                }
                if frame < 12 { before.insert(id) } else if frame >= 28 { after.insert(id) }
            }
            #expect(before.count == 1 && after.count == 1, "\(before) \(after)")
            #expect(before.isDisjoint(with: after))

            let original = try TestClips.frames(of: clip, width: 288, height: 180)
            let hidden = try TestClips.frames(of: output, width: 288, height: 180)
            #expect(hidden.count == 40)
            var unhidden: [Int] = []
            for (frame, (a, b)) in zip(original, hidden).enumerated() where face.isShown(at: Double(frame) / 10) {
                let box = Self.inner(face.faceBox(at: Double(frame) / 10))
                if TestClips.detail(of: b, in: box) > 0.5 * TestClips.detail(of: a, in: box) { unhidden.append(frame) }
            }
            #expect(unhidden.isEmpty, "frames where the face shows: \(unhidden)")
        }
    }

    @Test func anOddSizedClipGainsACopyOfItsLastColumnAndRowInH264() throws {
        try withTemporaryDirectory { folder in
            // H.264 in 4:2:0 takes even sides only; lossless FFV1 keeps the source at 289 × 181.
            let clip = folder.appendingPathComponent("odd.mkv")
            try TestClips.ffmpeg([
                "-v", "error", "-f", "lavfi", "-i", "testsrc2=s=320x200:r=10:d=1", "-vf", "scale=289:181", "-c:v",
                "ffv1", "-pix_fmt",
                "yuv444p", clip.path,
            ])
            let output = folder.appendingPathComponent("out.mp4")
            let result = try ToolProcess.run([clip.path, "-o", output.path] + Self.flags, in: folder)
            #expect(result.status == 0, "\(result.standardError)")
            let original = try TestClips.frames(of: clip, width: 289, height: 181)
            let written = try TestClips.frames(of: output, width: 290, height: 182)
            #expect(original.count == 10 && written.count == 10)
            guard let before = original.last, let after = written.last else { return }
            // The picture is kept where it was, and the added column and row repeat their neighbours.
            func difference(_ a: RGBImage, _ ax: Int, _ ay: Int, _ b: RGBImage, _ bx: Int, _ by: Int) -> Double {
                let i = (ay * a.width + ax) * 3
                let j = (by * b.width + bx) * 3
                return Double((0..<3).map { abs(Int(a.pixels[i + $0]) - Int(b.pixels[j + $0])) }.reduce(0, +)) / 3
            }
            let kept = (0..<181).flatMap { y in (0..<289).map { x in difference(after, x, y, before, x, y) } }
            let column = (0..<181).map { y in difference(after, 289, y, after, 288, y) }
            let row = (0..<289).map { x in difference(after, x, 181, after, x, 180) }
            for (part, values) in [("kept", kept), ("column", column), ("row", row)] {
                let mean = values.reduce(0, +) / Double(values.count)
                #expect(mean < 6, "\(part): mean difference \(mean)")
            }
        }
    }

    @Test func aVariableRateClipKeepsItsTimingAndItsSoundInSync() throws {
        try withTemporaryDirectory { folder in
            // 4 s at 30 fps with two frames in three dropped from 1 s to 2 s: 100 frames, 4 s of sound.
            let clip = folder.appendingPathComponent("variable.mp4")
            try TestClips.ffmpeg([
                "-v", "error", "-f", "lavfi", "-i", "testsrc2=s=96x64:r=30:d=4", "-f", "lavfi", "-i", "sine=d=4",
                "-vf", "select='not(between(t,1,2)*mod(n,3))'", "-fps_mode", "vfr", "-c:v", "libx264", "-c:a", "aac",
                clip.path,
            ])
            #expect(try TestClips.streams(of: clip).first { $0["codec_type"] == "video" }?["nb_frames"] == "100")
            let output = folder.appendingPathComponent("out.mp4")
            let result = try ToolProcess.run(
                [clip.path, "-o", output.path, "--json", "faces.jsonl"] + Self.flags, in: folder)
            #expect(result.status == 0, "\(result.standardError)")
            // Frames at 30 per second from start to end, the held ones repeated: frame n at n / 30 s.
            let records = try TestInputs.records(
                String(contentsOf: folder.appendingPathComponent("faces.jsonl"), encoding: .utf8))
            #expect(records.count == 120)
            #expect(abs((records.last?["time"] as? Double ?? 0) - 119.0 / 30) < 1e-6)
            let streams = try TestClips.streams(of: output)
            let video = Double(streams.first { $0["codec_type"] == "video" }?["duration"] ?? "") ?? 0
            let audio = Double(streams.first { $0["codec_type"] == "audio" }?["duration"] ?? "") ?? 0
            #expect(abs(video - 4) < 0.05 && abs(audio - 4) < 0.05, "video \(video) s, audio \(audio) s")
        }
    }
}

/// `--best-frames`: each track's face cut from the frame `--tracks` names as its best, 0.2 of the box around it,
/// and a second video of the same name in another folder written under a numbered name, not over the first.
@Test func eachTracksBestFrameIsWrittenAsTheFaceCutFromThatFrame() throws {
    try withTemporaryDirectory { folder in
        let clip = folder.appendingPathComponent("crossing.mp4")
        try TestClips.make(TestClips.MovingFace.crossing, seconds: 1.5, audio: false, to: clip)
        let other = folder.appendingPathComponent("other")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: clip, to: other.appendingPathComponent("crossing.mp4"))
        let result = try ToolProcess.run(
            [
                clip.path, other.appendingPathComponent("crossing.mp4").path, "--json", "faces.jsonl", "--tracks",
                "tracks.jsonl", "--best-frames", "best", "--min-face-size", "0.15", "--no-progress",
            ], in: folder)
        #expect(result.status == 0, "\(result.standardError)")
        let records = try TestInputs.records(
            String(contentsOf: folder.appendingPathComponent("faces.jsonl"), encoding: .utf8))
        let tracks = try TestInputs.records(
            String(contentsOf: folder.appendingPathComponent("tracks.jsonl"), encoding: .utf8))
        let frames = try TestClips.frames(of: clip, width: 288, height: 180)
        let written = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("best").path)
        #expect(written.count == tracks.count, "\(written)")
        #expect(tracks.count >= 4, "\(tracks)")
        for track in tracks {
            let id = track["trackingId"] as? Int ?? -1
            let best = track["bestFrame"] as? Int ?? -1
            let file = track["file"] as? String ?? ""
            #expect(track["bestQuality"] is Double, "\(track)")
            let name = (file.hasPrefix(other.path) ? "crossing-2" : "crossing") + "_track\(id).jpg"
            let cut = try RGBImage(contentsOf: folder.appendingPathComponent("best/\(name)").path)
            // The face of that track on that frame, cut from the clip's own frame the same way.
            let record = records.first { $0["file"] as? String == file && $0["frame"] as? Int == best }
            let face = (record?["faces"] as? [[String: Any]])?.first { $0["trackingId"] as? Int == id }
            let box = face?["box"] as? [Double] ?? []
            try #require(box.count == 4, "\(track)")
            let rect = Rect(x: Float(box[0]), y: Float(box[1]), width: Float(box[2]), height: Float(box[3]))
            let expected = try #require(frames[best].cropped(to: rect, margin: 0.2))
            #expect(abs(cut.width - expected.width) <= 1 && abs(cut.height - expected.height) <= 1)
            let width = min(cut.width, expected.width)
            let height = min(cut.height, expected.height)
            var difference = 0
            for y in 0..<height {
                for x in 0..<width * 3 {
                    difference += abs(
                        Int(cut.pixels[y * cut.width * 3 + x]) - Int(expected.pixels[y * expected.width * 3 + x]))
                }
            }
            let mean = Double(difference) / Double(width * height * 3)
            #expect(mean < 12, "\(name): mean difference \(mean)")
        }
    }
}
