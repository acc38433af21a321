import FaceDetectRecords
import FaceDetection
import FaceDetectionIO
import Foundation
import Testing

@testable import FaceDetectCLI

@Suite("The people page: files, links, escaping, thumbnails")
struct PeoplePageTests {
    @Test func textIsEscapedAndLinksArePercentEncoded() {
        #expect(
            HTMLText.escaped("<a href=\"x\">Tom & Jerry's</a>")
                == "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;")
        #expect(HTMLText.escaped("Zoë 🙂") == "Zoë 🙂")
        #expect(HTMLText.link("../photos/a b#1?&%.jpg") == "../photos/a%20b%231%3F%26%25.jpg")
        #expect(HTMLText.link("c:/x\"y<z>.jpg") == "c%3A/x%22y%3Cz%3E.jpg")
        #expect(HTMLText.link("Zoë.jpg") == "Zo%C3%AB.jpg")
    }

    @Test func pathsAreMadeRelativeToThePage() {
        let top = RelativePath.components(of: "out/./pages/..", in: "/home/me")
        #expect(top == ["home", "me", "out"])
        let photo = RelativePath.components(of: "../photos/a.jpg", in: "/home/me/work")
        #expect(photo == ["home", "me", "photos", "a.jpg"])
        #expect(RelativePath.path(to: photo, from: top) == "../photos/a.jpg")
        #expect(RelativePath.path(to: ["home", "me", "out", "a.jpg"], from: top) == "a.jpg")
        #expect(RelativePath.path(to: ["srv", "a.jpg"], from: top) == "../../../srv/a.jpg")
        #expect(RelativePath.components(of: "/../../a.jpg", in: "/x") == ["a.jpg"])
        #expect(RelativePath.path(to: ["a.jpg"], from: []) == "a.jpg")
    }

    @Test func theFilesFolderIsNamedAfterThePage() {
        let layout = PeoplePageLayout(html: "out/people.html")
        #expect(layout.filesFolder == "out/people_files")
        #expect(layout.listPageName(0) == "people.html" && layout.listPageName(1) == "people-2.html")
        #expect(layout.path(layout.personPageName(7, 1), in: .files) == "out/people_files/person-7-2.html")
        #expect(layout.path(layout.thumbnailName(7, 0), in: .files) == "out/people_files/7/1.jpg")
        #expect(layout.link("people.html", in: .top, from: .files) == "../people.html")
        #expect(layout.link("person-7.html", in: .files, from: .top) == "people_files/person-7.html")
        #expect(PeoplePageLayout(html: "Index.HTM").filesFolder == "Index_files")
        #expect(PeoplePageLayout(html: "/tmp/page").filesFolder == "/tmp/page_files")
        #expect(PeoplePageLayout(html: ".html").filesFolder == ".html_files")
    }

    @Test func theThumbnailSquareStaysInsideThePhoto() {
        let middle = FaceThumbnails.square(around: Rect(x: 40, y: 40, width: 20, height: 40), width: 200, height: 100)
        #expect(middle == Rect(x: 20, y: 30, width: 60, height: 60))
        let corner = FaceThumbnails.square(around: Rect(x: -5, y: 90, width: 20, height: 20), width: 200, height: 100)
        #expect(corner == Rect(x: 0, y: 70, width: 30, height: 30))
        let large = FaceThumbnails.square(around: Rect(x: 0, y: 0, width: 150, height: 90), width: 200, height: 100)
        #expect(large == Rect(x: 25, y: 0, width: 100, height: 100))
        #expect(
            FaceThumbnails.square(around: Rect(x: 300, y: 0, width: 10, height: 10), width: 200, height: 100) == nil)
        #expect(
            FaceThumbnails.square(around: Rect(x: .nan, y: 0, width: 10, height: 10), width: 200, height: 100) == nil)
        #expect(FaceThumbnails.square(around: Rect(x: 0, y: 0, width: 0, height: 10), width: 200, height: 100) == nil)
    }

    @Test func anUnreadablePhotoSkipsItsThumbnailAndThePageIsWritten() throws {
        try withTemporaryDirectory { directory in
            try PeoplePageFixture.writePhotos(in: directory)
            let html = directory.appendingPathComponent("out/people.html")
            try FileManager.default.createDirectory(
                at: html.deletingLastPathComponent(), withIntermediateDirectories: true)
            var warnings: [String] = []
            try PeoplePage.write(PeoplePageFixture.people(in: directory), html: html.path) { warnings.append($0) }
            #expect(warnings.count == 1)
            #expect(
                warnings.first?.hasSuffix(
                    "broken.jpg: not a JPEG, PNG, HEIF, AVIF or WebP image (looks like text): 1 thumbnail skipped")
                    == true)

            let files = html.deletingLastPathComponent().appendingPathComponent("people_files")
            let best = try RGBImage(contentsOf: files.appendingPathComponent("1/1.jpg").path)
            #expect(best.width == FaceThumbnails.side && best.height == FaceThumbnails.side)
            #expect(!FileManager.default.fileExists(atPath: files.appendingPathComponent("5/1.jpg").path))
            #expect(!FileManager.default.fileExists(atPath: files.appendingPathComponent("person-1.html").path))
            let page = try String(contentsOf: html, encoding: .utf8)
            #expect(page.contains("Grace &lt;b&gt;Hopper&lt;/b&gt; &amp; &quot;co&quot;"))
            #expect(page.contains("href=\"../photos/copies/grace%20%231%20%26%20co.jpg\""))
            #expect(!page.contains("http") && !page.contains("data:"))
            for name in ["people.html", "people_files/person-2.html"] {
                try expectLinksResolve(in: html.deletingLastPathComponent().appendingPathComponent(name))
            }
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: files.path).filter { $0.hasPrefix(".") }
            #expect(leftovers.isEmpty)
        }
    }

    @Test func manyPeopleAndFacesArePagedWithWorkingLinks() throws {
        try withTemporaryDirectory { directory in
            let photo = directory.appendingPathComponent("astronaut.png")
            try FileManager.default.copyItem(at: TestInputs.fixture("astronaut.png"), to: photo)
            let box = Rect(x: 178.58, y: 69.3, width: 91.33, height: 107.51)
            let face = PeopleFile.Face(file: photo.path, box: box, score: 0.9, descriptor: nil)
            let many = PeoplePageLayout.facesPerPersonPage + 1
            let count = PeoplePageLayout.peoplePerPage + 1
            let people = PeopleFile(
                people: [.init(id: 1, faces: Array(repeating: face, count: many))]
                    + (2...count).map { .init(id: $0, faces: [face]) })
            let html = directory.appendingPathComponent("people.html")
            var warnings: [String] = []
            try PeoplePage.write(people, html: html.path) { warnings.append($0) }
            #expect(warnings.isEmpty)
            let first = try String(contentsOf: html, encoding: .utf8)
            #expect(
                first.components(separatedBy: "<section class=\"person\"").count - 1 == PeoplePageLayout.peoplePerPage)
            #expect(first.components(separatedBy: "<img ").count - 1 == PeoplePageLayout.facesPerRow + count - 2)
            let files = directory.appendingPathComponent("people_files")
            for name in ["people-2.html", "person-1.html", "person-1-2.html"] {
                try expectLinksResolve(in: files.appendingPathComponent(name))
            }
            try expectLinksResolve(in: html)
            let second = try String(contentsOf: files.appendingPathComponent("person-1-2.html"), encoding: .utf8)
            #expect(second.components(separatedBy: "<img ").count - 1 == 1)
            for name in ["people-3.html", "person-2.html"] {
                #expect(!FileManager.default.fileExists(atPath: files.appendingPathComponent(name).path))
            }
        }
    }

    @Test func aVideosFaceShowsTheThumbnailCutFromItsFrameAlsoInALaterRun() throws {
        try withTemporaryDirectory { directory in
            let box = Rect(x: 10, y: 10, width: 50, height: 50)
            let clip = directory.appendingPathComponent("clip.mp4").path
            #expect(FileManager.default.createFile(atPath: clip, contents: Data()))
            let people = PeopleFile(
                people: [
                    .init(
                        id: 3, name: "Ann",
                        faces: [
                            .init(file: clip, frame: 12, box: box, score: 0.9, descriptor: nil),
                            .init(file: clip, frame: 40, box: box, score: 0.8, descriptor: nil),
                        ])
                ])
            // The frame-12 face's thumbnail, as `facedetect group` cuts it from the frame it holds.
            let frame = try RGBImage(contentsOf: TestInputs.fixture("astronaut.png").path)
            let name = FaceThumbnails.frameThumbnailName(file: clip, frame: 12, box: box)
            let bytes = try #require(FaceThumbnails.frameThumbnail(of: box, in: frame))
            #expect(name.hasPrefix("frames/") && name.count == "frames/".count + 16 + ".jpg".count)
            #expect(name != FaceThumbnails.frameThumbnailName(file: clip, frame: 40, box: box))
            // The name survives the people file's 2 decimals.
            let rounded = Rect(x: 10.004, y: 10, width: 50, height: 49.998)
            #expect(FaceThumbnails.frameThumbnailName(file: clip, frame: 12, box: rounded) == name)

            let html = directory.appendingPathComponent("people.html")
            let files = directory.appendingPathComponent("people_files")
            for run in 0..<2 {
                var warnings: [String] = []
                // The second run holds no frame: the first run's file is shown again.
                try PeoplePage.write(people, html: html.path, frameThumbnails: run == 0 ? [name: bytes] : [:]) {
                    warnings.append($0)
                }
                #expect(
                    warnings == [
                        "\(clip): 1 face of the video without a thumbnail (one is cut only while the run that finds "
                            + "the face holds its frame, with --html)"
                    ])
                let thumbnail = try RGBImage(contentsOf: files.appendingPathComponent(name).path)
                #expect(thumbnail.width == FaceThumbnails.side && thumbnail.height == FaceThumbnails.side)
                let page = try String(contentsOf: html, encoding: .utf8)
                #expect(page.contains("src=\"people_files/\(name)\""))
                #expect(page.contains(">clip.mp4 frame 40 (no thumbnail)</a>"))
                #expect(page.contains("<span class=\"name\">Ann</span>"))
                try expectLinksResolve(in: html)
            }
        }
    }

    @Test func thumbnailsAndPagesNoPersonUsesAnyMoreAreRemovedAndOtherFilesStay() throws {
        try withTemporaryDirectory { directory in
            try PeoplePageFixture.writePhotos(in: directory)
            let html = directory.appendingPathComponent("people.html")
            let files = directory.appendingPathComponent("people_files")
            let before = PeoplePageFixture.people(in: directory)
            try PeoplePage.write(before, html: html.path) { _ in }
            let exists = { (name: String) in
                FileManager.default.fileExists(atPath: files.appendingPathComponent(name).path)
            }
            #expect(exists("2/8.jpg") && exists("person-2.html") && exists("1/2.jpg"))
            // Files the tool did not write, in its folders and beside them, and a stale video thumbnail.
            let keep = ["2/notes.txt", "mine.jpg", "2/cover.jpeg", "person-2.txt", "7/1.jpg.bak"]
            try FileManager.default.createDirectory(
                at: files.appendingPathComponent("7"), withIntermediateDirectories: true)
            try FileManager.default.createDirectory(
                at: files.appendingPathComponent("frames"), withIntermediateDirectories: true)
            for name in keep + ["frames/00000000000000aa.jpg"] {
                try Data("x".utf8).write(to: files.appendingPathComponent(name))
            }

            // Person 2 keeps three faces, person 1 is gone, person 5's photo stays unreadable.
            var after = before
            after.people[1].faces.removeLast(PeoplePageFixture.astronautFaces - 3)
            after.people.remove(at: 0)
            try PeoplePage.write(after, html: html.path) { _ in }
            for name in ["2/1.jpg", "2/2.jpg", "2/3.jpg"] { #expect(exists(name), "\(name)") }
            for name in ["2/4.jpg", "2/8.jpg", "person-2.html", "1/1.jpg", "1/2.jpg", "1", "frames", "5/1.jpg"] {
                #expect(!exists(name), "\(name)")
            }
            for name in keep { #expect(exists(name), "\(name)") }
            try expectLinksResolve(in: html)
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: files.path).filter { $0.hasPrefix(".") }
            #expect(leftovers.isEmpty)
        }
    }

    @Test func onlyTheToolsOwnNamesCountAsItsFiles() {
        for name in ["people-2.html", "person-1.html", "person-12-3.html"] {
            #expect(PeoplePageLayout.isPageName(name), "\(name)")
        }
        for name in ["people.html", "people-.html", "person-1-2-3.html", "person-a.html", "person-1.htm", "x.html"] {
            #expect(!PeoplePageLayout.isPageName(name), "\(name)")
        }
        #expect(PeoplePageLayout.isThumbnailName("3.jpg", in: "12"))
        #expect(
            !PeoplePageLayout.isThumbnailName("3.jpeg", in: "12")
                && !PeoplePageLayout.isThumbnailName("a.jpg", in: "12"))
        #expect(PeoplePageLayout.isThumbnailName("0123456789abcdef.jpg", in: "frames"))
        #expect(!PeoplePageLayout.isThumbnailName("0123456789ABCDEF.jpg", in: "frames"))
        #expect(!PeoplePageLayout.isThumbnailName("3.jpg", in: "frames"))
        #expect(PeoplePageLayout.isThumbnailFolderName("12") && PeoplePageLayout.isThumbnailFolderName("frames"))
        #expect(!PeoplePageLayout.isThumbnailFolderName("-1") && !PeoplePageLayout.isThumbnailFolderName("photos"))
    }

    /// Expects every `href` and `src` of the page `file` to name an existing file.
    private func expectLinksResolve(in file: URL, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let text = try String(contentsOf: file, encoding: .utf8)
        let folder = file.deletingLastPathComponent()
        var links = 0
        for attribute in ["href=\"", "src=\""] {
            for part in text.components(separatedBy: attribute).dropFirst() {
                let value = String(part.prefix { $0 != "\"" })
                let path = String(value.prefix { $0 != "#" }).removingPercentEncoding ?? value
                guard !path.isEmpty else { continue }
                let target = folder.appendingPathComponent(path).standardizedFileURL.path
                #expect(
                    FileManager.default.fileExists(atPath: target), "\(file.lastPathComponent): \(value)",
                    sourceLocation: sourceLocation)
                links += 1
            }
        }
        #expect(links > 0, sourceLocation: sourceLocation)
    }
}
