import FaceDetection
import FaceDetectionIO
import Foundation
import Testing

@testable import FaceDetectCLI

/// The people page in a real browser: Debian's Chromium, headless, loads the pages made from the
/// fixture photos from `file://`; the DOM after its script ran must hold one row per person and
/// every thumbnail loaded, and a screenshot is taken. `PEOPLE_PAGE_SCREENSHOT=docs/people-page.png`
/// keeps the screenshot (docs/people-page.md).
@Suite("The people page in headless Chromium")
struct PeoplePageBrowserTests {
    @Test func everyPersonIsARowAndEveryThumbnailLoads() throws {
        try withTemporaryDirectory { directory in
            try PeoplePageFixture.writePhotos(in: directory)
            let html = directory.appendingPathComponent("people.html")
            let people = PeoplePageFixture.people(in: directory)
            try PeoplePage.write(people, html: html.path) { _ in }

            let dom = try HeadlessChromium.dom(of: html)
            #expect(occurrences(of: "<section class=\"person\"", in: dom) == people.people.count)
            let shown = 2 + PeoplePageLayout.facesPerRow
            #expect(occurrences(of: "<img ", in: dom) == shown)
            #expect(occurrences(of: "data-state=\"loaded\"", in: dom) == shown)
            #expect(!dom.contains("data-state=\"broken\">"))
            #expect(dom.contains("Grace &lt;b&gt;Hopper&lt;/b&gt; &amp; \"co\""))
            #expect(!dom.contains("<b>"))
            #expect(dom.contains(">Person 2<") && dom.contains(">Person 5<"))
            #expect(dom.contains("broken.jpg (no thumbnail)"))

            let personPage = directory.appendingPathComponent("people_files/person-2.html")
            let personDOM = try HeadlessChromium.dom(of: personPage)
            #expect(occurrences(of: "data-state=\"loaded\"", in: personDOM) == PeoplePageFixture.astronautFaces)

            let environment = ProcessInfo.processInfo.environment
            let png =
                environment["PEOPLE_PAGE_SCREENSHOT"].map { URL(fileURLWithPath: $0) }
                ?? directory.appendingPathComponent("screenshot.png")
            try HeadlessChromium.screenshot(of: html, to: png)
            let screenshot = try RGBImage(contentsOf: png.path)
            #expect(screenshot.width == 1024 && screenshot.height == 640)
        }
    }

    /// How many times `needle` occurs in `text`.
    private func occurrences(of needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }
}
