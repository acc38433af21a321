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

    @Test func aVideosFacesAreNamedOnceAndGetNoThumbnail() throws {
        try withTemporaryDirectory { directory in
            let box = Rect(x: 10, y: 10, width: 50, height: 50)
            let clip = directory.appendingPathComponent("clip.mp4").path
            let people = PeopleFile(
                people: [
                    .init(
                        id: 3, name: "Ann",
                        faces: [
                            .init(file: clip, frame: 12, box: box, score: 0.9, descriptor: nil),
                            .init(file: clip, frame: 40, box: box, score: 0.8, descriptor: nil),
                        ])
                ])
            let html = directory.appendingPathComponent("people.html")
            var warnings: [String] = []
            try PeoplePage.write(people, html: html.path) { warnings.append($0) }
            #expect(warnings == ["\(clip): a video's faces get no thumbnail (2 faces)"])
            let page = try String(contentsOf: html, encoding: .utf8)
            #expect(page.contains(">clip.mp4 frame 12 (no thumbnail)</a>"))
            #expect(page.contains("<span class=\"name\">Ann</span>"))
        }
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
