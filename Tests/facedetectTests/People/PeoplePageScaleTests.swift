import FaceDetectRecords
import FaceDetection
import Foundation
import Testing

@testable import FaceDetectCLI

/// The people page of 100,000 synthetic faces, written into `$PEOPLE_PAGE_SCALE_DIR` (kept there
/// for measuring in a browser: docs/people-page.md); skipped without it. Every page stays bounded:
/// the list's pages hold at most `peoplePerPage` rows, a person's at most `facesPerPersonPage` faces.
@Suite("The people page of 100,000 faces")
struct PeoplePageScaleTests {
    /// How many people have how many faces: a few with thousands, most with one or two (100,000 in all).
    static let sizes: [(people: Int, faces: Int)] = [
        (1, 5000), (1, 2000), (1, 1000), (4, 500), (20, 100), (200, 20), (2000, 5), (12_000, 2), (50_000, 1),
    ]
    /// Photos the faces are spread over (hard links to the two fixture photos).
    static let photoCount = 1000

    @Test(.enabled(if: ProcessInfo.processInfo.environment["PEOPLE_PAGE_SCALE_DIR"] != nil))
    func aHundredThousandFaces() throws {
        let directory = URL(fileURLWithPath: ProcessInfo.processInfo.environment["PEOPLE_PAGE_SCALE_DIR"]!)
        let photos = directory.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        let boxes = [
            Rect(x: 176.14, y: 131.22, width: 179.28, height: 204.15),
            Rect(x: 178.58, y: 69.3, width: 91.33, height: 107.51),
        ]
        let fixtures = [TestInputs.fixture("grace_hopper.jpg"), TestInputs.fixture("astronaut.png")]
        var paths: [String] = []
        for k in 0..<Self.photoCount {
            let photo = photos.appendingPathComponent(String(format: "IMG_%05d.%@", k, k % 2 == 0 ? "jpg" : "png"))
            if !FileManager.default.fileExists(atPath: photo.path) {
                try FileManager.default.linkItem(at: fixtures[k % 2], to: photo)
            }
            paths.append(photo.path)
        }
        var people: [PeopleFile.Person] = []
        var face = 0
        for (count, faces) in Self.sizes {
            for _ in 0..<count {
                let id = people.count + 1
                let personFaces = (0..<faces).map { _ in
                    defer { face += 1 }
                    let photo = face % Self.photoCount
                    return PeopleFile.Face(file: paths[photo], box: boxes[photo % 2], score: 0.9, descriptor: nil)
                }
                people.append(.init(id: id, name: id % 7 == 0 ? "Name <\(id)> & co" : nil, faces: personFaces))
            }
        }
        #expect(face == 100_000)
        let html = directory.appendingPathComponent("people.html")
        let start = Date()
        var warnings: [String] = []
        try PeoplePage.write(PeopleFile(people: people, files: paths), html: html.path) { warnings.append($0) }
        print("people page of \(face) faces, \(people.count) people: \(Date().timeIntervalSince(start)) s")
        #expect(warnings.isEmpty)
        let first = try String(contentsOf: html, encoding: .utf8)
        #expect(first.components(separatedBy: "<section class=\"person\"").count - 1 == PeoplePageLayout.peoplePerPage)
        let pages = (people.count + PeoplePageLayout.peoplePerPage - 1) / PeoplePageLayout.peoplePerPage
        let last = directory.appendingPathComponent("people_files/people-\(pages).html")
        #expect(FileManager.default.fileExists(atPath: last.path))
    }
}
