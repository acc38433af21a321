import FaceDetectRecords
import FaceDetection
import Foundation

/// A people page made from the two redistributable fixture photos, for the page's tests: Grace
/// Hopper under a name that needs escaping (her photo twice, the copy in a folder and under a name
/// with a space, `#` and `&`), the astronaut unnamed with eight faces (more than a row shows), and
/// a person whose only photo cannot be read.
enum PeoplePageFixture {
    /// The name given to the first person, with markup and quotes that must stay text.
    static let markedUpName = "Grace <b>Hopper</b> & \"co\""
    /// The faces of the second person.
    static let astronautFaces = 8

    /// The people of the photos in `directory` (which `writePhotos(in:)` filled), by absolute path.
    static func people(in directory: URL) -> PeopleFile {
        let grace = Rect(x: 176.14, y: 131.22, width: 179.28, height: 204.15)
        let astronaut = Rect(x: 178.58, y: 69.3, width: 91.33, height: 107.51)
        let photos = directory.appendingPathComponent("photos")
        let gracePhoto = photos.appendingPathComponent("grace_hopper.jpg").path
        let graceCopy = photos.appendingPathComponent("copies/grace #1 & co.jpg").path
        let astronautPhoto = photos.appendingPathComponent("astronaut.png").path
        let broken = photos.appendingPathComponent("broken.jpg").path
        return PeopleFile(
            people: [
                .init(
                    id: 1, name: markedUpName,
                    faces: [
                        .init(file: gracePhoto, box: grace, score: 0.94, descriptor: nil),
                        .init(file: graceCopy, box: grace, score: 0.93, descriptor: nil),
                    ]),
                .init(
                    id: 2, name: nil,
                    faces: (0..<astronautFaces).map { k in
                        var box = astronaut
                        box.x += Float(k * 4)
                        return .init(file: astronautPhoto, box: box, score: 0.93, descriptor: nil)
                    }),
                .init(id: 5, name: "  ", faces: [.init(file: broken, box: grace, score: 0.9, descriptor: nil)]),
            ],
            files: [gracePhoto, graceCopy, astronautPhoto, broken])
    }

    /// Copies the fixture photos into `directory/photos` and writes a file there that is no image.
    static func writePhotos(in directory: URL) throws {
        let photos = directory.appendingPathComponent("photos")
        try FileManager.default.createDirectory(
            at: photos.appendingPathComponent("copies"), withIntermediateDirectories: true)
        let grace = TestInputs.fixture("grace_hopper.jpg")
        try FileManager.default.copyItem(at: grace, to: photos.appendingPathComponent("grace_hopper.jpg"))
        try FileManager.default.copyItem(at: grace, to: photos.appendingPathComponent("copies/grace #1 & co.jpg"))
        try FileManager.default.copyItem(
            at: TestInputs.fixture("astronaut.png"), to: photos.appendingPathComponent("astronaut.png"))
        try Data("not a photo".utf8).write(to: photos.appendingPathComponent("broken.jpg"))
    }
}
