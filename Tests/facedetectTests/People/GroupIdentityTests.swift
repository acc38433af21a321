import FaceDetection
import FaceDetectionIO
import Foundation
import Testing

/// `facedetect group` on real faces: photos of one person together, two people apart, a second
/// run that keeps the ids and a hand-written name and skips the files seen.
@Suite("facedetect group: who is who")
struct GroupIdentityTests {
    @Test func twoPhotosOfOnePersonEndUpTogetherAndTwoPeopleApartWhileABadFileIsListed() throws {
        try withTemporaryDirectory { directory in
            let photos = try directory.folder("photos")
            try TestInputs.copyFixture("grace_hopper.jpg", to: photos.appendingPathComponent("grace.jpg"))
            try GroupTests.writeVariant(
                of: "grace_hopper.jpg", to: photos.appendingPathComponent("grace-mirrored.png"), mirrored: true,
                scale: 0.7)
            try TestInputs.copyFixture("astronaut.png", to: photos.appendingPathComponent("astronaut.png"))
            try GroupTests.writeVariant(
                of: "astronaut.png", to: photos.appendingPathComponent("astronaut-mirrored.png"), mirrored: true)
            try Data("not a photo\n".utf8).write(to: photos.appendingPathComponent("broken.jpg"))

            let result = try ToolProcess.run(["group", "photos", "--people", "people.json"], in: directory)
            #expect(result.status == 1, "\(result.standardError)")
            #expect(result.errorLines.contains("facedetect: 1 of 5 inputs failed:"), "\(result.errorLines)")
            #expect(result.errorLines.last?.hasPrefix("facedetect: 4 new faces grouped: 2 people (2 new)") == true)
            let (people, files) = try GroupTests.people(directory.appendingPathComponent("people.json"))
            #expect(
                files == [
                    "photos/astronaut-mirrored.png", "photos/astronaut.png", "photos/grace-mirrored.png",
                    "photos/grace.jpg",
                ])
            #expect(people.map { $0["id"] as? Int } == [1, 2])
            let groups = GroupTests.files(of: people).map { Set($0) }
            #expect(
                Set(groups) == [
                    ["photos/astronaut.png", "photos/astronaut-mirrored.png"],
                    ["photos/grace.jpg", "photos/grace-mirrored.png"],
                ])
            // Every face measured, each person's best first.
            let qualities = GroupTests.qualities(of: people)
            #expect(qualities.map(\.count) == [2, 2])
            #expect(qualities.allSatisfy { $0 == $0.sorted(by: >) }, "\(qualities)")
        }
    }

    @Test func aSecondRunKeepsIdsAndAHandWrittenNameAndSkipsTheFilesSeen() throws {
        try withTemporaryDirectory { directory in
            let photos = try directory.folder("photos")
            try TestInputs.copyFixture("grace_hopper.jpg", to: photos.appendingPathComponent("a-grace.jpg"))
            try TestInputs.copyFixture("astronaut.png", to: photos.appendingPathComponent("b-astronaut.png"))
            let first = try ToolProcess.run(["group", "photos", "--people", "people.json"], in: directory)
            #expect(first.status == 0, "\(first.standardError)")

            // A name written by hand into the first run's file.
            let url = directory.appendingPathComponent("people.json")
            let text = try String(contentsOf: url, encoding: .utf8)
            let graceLine = try #require(text.split(separator: "\n").first { $0.contains("\"id\": 1,") })
            #expect(graceLine.contains("\"name\": \"\""))
            let named = text.replacingOccurrences(
                of: String(graceLine),
                with: graceLine.replacingOccurrences(of: "\"name\": \"\"", with: "\"name\": \"Grace\""))
            try named.write(to: url, atomically: false, encoding: .utf8)
            let firstPeople = try GroupTests.people(url).people
            let graceID = try #require(
                firstPeople.first { GroupTests.files(of: [$0])[0].contains("photos/a-grace.jpg") }?["id"] as? Int)

            try GroupTests.writeVariant(
                of: "grace_hopper.jpg", to: photos.appendingPathComponent("c-grace.png"), mirrored: true, scale: 0.8)
            try GroupTests.writeVariant(
                of: "astronaut.png", to: photos.appendingPathComponent("d-astronaut.png"), mirrored: true)
            let second = try ToolProcess.run(
                ["group", "photos", "--people", "people.json", "--no-progress"], in: directory)
            #expect(second.status == 0, "\(second.standardError)")
            #expect(
                second.errorLines.contains { $0.contains("2 images,") && $0.hasSuffix("(2 already done, skipped)") },
                "\(second.errorLines)")
            let (people, files) = try GroupTests.people(url)
            #expect(files.count == 4)
            #expect(people.count == firstPeople.count)
            let grace = try #require(people.first { $0["id"] as? Int == graceID })
            #expect(grace["name"] as? String == "Grace")
            #expect(Set(GroupTests.files(of: [grace])[0]) == ["photos/a-grace.jpg", "photos/c-grace.png"])
            let astronaut = try #require(people.first { $0["id"] as? Int != graceID })
            #expect(Set(GroupTests.files(of: [astronaut])[0]) == ["photos/b-astronaut.png", "photos/d-astronaut.png"])
        }
    }

    @Test func matchLabelsThePersonOfAReferencePhotoOrOfAPeopleFile() throws {
        try withTemporaryDirectory { directory in
            let photos = try directory.folder("photos")
            try GroupTests.writeVariant(
                of: "grace_hopper.jpg", to: photos.appendingPathComponent("grace.png"), mirrored: true, scale: 0.8)
            try TestInputs.copyFixture("astronaut.png", to: photos.appendingPathComponent("astronaut.png"))
            try TestInputs.copyFixture("grace_hopper.jpg", to: directory.appendingPathComponent("ref.jpg"))

            let result = try ToolProcess.run(["photos", "--match", "ref.jpg", "--json", "out.jsonl"], in: directory)
            #expect(result.status == 0, "\(result.standardError)")
            let records = try TestInputs.records(
                try String(contentsOf: directory.appendingPathComponent("out.jsonl"), encoding: .utf8))
            var matched: [String: [String]] = [:]
            for record in records {
                for face in (record["faces"] as? [[String: Any]]) ?? [] {
                    #expect(face["descriptor"] == nil)
                    if let match = face["match"] as? [String: Any] {
                        matched[record["file"] as? String ?? "", default: []].append(match["person"] as? String ?? "")
                        #expect((match["distance"] as? Double ?? 9) < 1.5)
                    }
                }
            }
            #expect(matched == ["photos/grace.png": ["ref.jpg"]])

            // The same through a people file's person, by the name written into it.
            let group = try ToolProcess.run(["group", "ref.jpg", "--people", "people.json"], in: directory)
            #expect(group.status == 0, "\(group.standardError)")
            let url = directory.appendingPathComponent("people.json")
            let text = try String(contentsOf: url, encoding: .utf8)
            try text.replacingOccurrences(of: "\"name\": \"\"", with: "\"name\": \"Grace\"")
                .write(to: url, atomically: false, encoding: .utf8)
            let byName = try ToolProcess.run(
                ["photos/grace.png", "photos/astronaut.png", "--match", "people.json#Grace", "--json", "-"],
                in: directory)
            #expect(byName.status == 0, "\(byName.standardError)")
            let lines = try TestInputs.records(byName.standardOutput)
            let graceFaces = (lines.first?["faces"] as? [[String: Any]]) ?? []
            #expect(graceFaces.compactMap { ($0["match"] as? [String: Any])?["person"] as? String } == ["Grace"])
            #expect(graceFaces.compactMap { ($0["match"] as? [String: Any])?["id"] as? Int } == [1])
            let astronautFaces = (lines.last?["faces"] as? [[String: Any]]) ?? []
            #expect(astronautFaces.allSatisfy { $0["match"] == nil })
        }
    }

    @Test func aVideosSampledFramesJoinThePersonOfAPhoto() throws {
        try withTemporaryDirectory { directory in
            try TestInputs.copyFixture("grace_hopper.jpg", to: directory.appendingPathComponent("grace.jpg"))
            try TestClips.make(
                [.graceHopper(x: 100, y: 40, vx: 0)], seconds: 2, audio: false,
                to: directory.appendingPathComponent("clip.mp4"))
            let result = try ToolProcess.run(
                ["group", "grace.jpg", "clip.mp4", "--people", "people.json", "--every", "5", "--html", "people.html"],
                in: directory)
            #expect(result.status == 0, "\(result.standardError)")
            #expect(!result.standardError.contains("warning"), "\(result.standardError)")
            let (people, files) = try GroupTests.people(directory.appendingPathComponent("people.json"))
            #expect(files == ["clip.mp4", "grace.jpg"])
            #expect(people.count == 1, "\(GroupTests.files(of: people))")
            let faces = (people.first?["faces"] as? [[String: Any]]) ?? []
            #expect(faces.compactMap { $0["frame"] as? Int }.sorted() == [0, 5, 10, 15])
            // The photo's face and the frames', best first.
            let qualities = GroupTests.qualities(of: people)
            #expect(qualities.map(\.count) == [5] && qualities.allSatisfy { $0 == $0.sorted(by: >) }, "\(qualities)")
            // Each sampled frame's face got its thumbnail from the frame, and the page shows all five.
            let frames = directory.appendingPathComponent("people_files/frames")
            let thumbnails = try FileManager.default.contentsOfDirectory(atPath: frames.path).filter {
                !$0.hasPrefix(".")
            }
            #expect(thumbnails.count == 4)
            let page = try String(contentsOf: directory.appendingPathComponent("people.html"), encoding: .utf8)
            #expect(page.components(separatedBy: "<img ").count - 1 == 5)
            #expect(!page.contains("no thumbnail"))

            // Run again: both files are known, nothing is measured.
            let again = try ToolProcess.run(
                ["group", "grace.jpg", "clip.mp4", "--people", "people.json"], in: directory)
            #expect(again.status == 0)
            #expect(again.errorLines.contains("facedetect: 1 video already done, skipped"), "\(again.errorLines)")
        }
    }
}
