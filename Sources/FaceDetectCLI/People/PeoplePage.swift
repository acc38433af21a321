import FaceDetectRecords
import FaceDetectionIO

/// The people page (`facedetect group --html people.html`): the people of a `PeopleFile` as HTML
/// pages that work from `file://` with no network, with a thumbnail of each face written beside
/// them (`PeoplePageLayout` says where each file goes, `PeopleHTML` what the pages hold,
/// `FaceThumbnails` how the thumbnails are cut).
enum PeoplePage {
    /// Writes the page `html` (the first page of the list of people) and its files folder (the
    /// further pages and the thumbnails), each file atomically, the thumbnails first and `html`
    /// last. A photo that cannot be read, a box outside its photo and a video's face get no
    /// thumbnail: one `warning` each (a video's once), and the face is shown by its photo's name.
    /// Relative photo paths are taken from the working directory. A folder or file that cannot be
    /// written stops with the error.
    static func write(_ people: PeopleFile, html: String, warning: (String) -> Void) throws(FileSystemError) {
        let layout = PeoplePageLayout(html: html)
        let workingDirectory = RelativePath.workingDirectory()
        try FileSystem.createDirectories(layout.filesFolder)
        let pages = PeopleHTML(
            layout: layout,
            topFolder: RelativePath.components(
                of: layout.topFolder.isEmpty ? "." : layout.topFolder, in: workingDirectory),
            filesFolder: RelativePath.components(of: layout.filesFolder, in: workingDirectory))

        var requests: [FaceThumbnails.Request] = []
        var videos: [String: Int] = [:]
        var videoOrder: [String] = []
        for person in people.people where !person.faces.isEmpty {
            try FileSystem.createDirectories(layout.path(String(person.id), in: .files))
            for (rank, face) in person.faces.enumerated() where face.frame == nil {
                let name = layout.thumbnailName(person.id, rank)
                requests.append(.init(photo: face.file, box: face.box, path: layout.path(name, in: .files)))
            }
            for face in person.faces where face.frame != nil {
                if videos[face.file] == nil { videoOrder.append(face.file) }
                videos[face.file, default: 0] += 1
            }
        }
        for video in videoOrder {
            let count = videos[video]!
            warning("\(video): a video's faces get no thumbnail (\(count) face\(count == 1 ? "" : "s"))")
        }
        let written: [Bool]
        do {
            written = try FaceThumbnails.write(requests, warning: warning)
        } catch {
            throw FileSystemError(path: error.path, reason: error.reason)
        }

        var shown: [PeopleHTML.Person] = []
        var request = 0
        for person in people.people where !person.faces.isEmpty {
            var faces: [PeopleHTML.Face] = []
            faces.reserveCapacity(person.faces.count)
            for (rank, face) in person.faces.enumerated() {
                var thumbnail: String? = nil
                if face.frame == nil {
                    if written[request] { thumbnail = layout.thumbnailName(person.id, rank) }
                    request += 1
                }
                let label = FileSystem.lastComponent(of: face.file) + (face.frame.map { " frame \($0)" } ?? "")
                faces.append(
                    .init(
                        label: label, photo: RelativePath.components(of: face.file, in: workingDirectory),
                        thumbnail: thumbnail))
            }
            shown.append(.init(id: person.id, title: title(of: person), faces: faces))
        }

        let faceCount = shown.reduce(0) { $0 + $1.faces.count }
        for (index, person) in shown.enumerated() where PeopleHTML.hasOwnPage(person) {
            for page in 0..<PeopleHTML.personPageCount(person.faces.count) {
                let text = pages.personPage(person, page: page, listIndex: index / PeoplePageLayout.peoplePerPage)
                try write(text, to: layout.path(layout.personPageName(person.id, page), in: .files))
            }
        }
        for index in (0..<PeopleHTML.listPageCount(shown.count)).reversed() {
            let text = pages.listPage(index, of: shown, faceCount: faceCount)
            try write(text, to: layout.path(layout.listPageName(index), in: layout.listPageFolder(index)))
        }
    }

    /// The person's name, or "Person ID" while none was written.
    static func title(of person: PeopleFile.Person) -> String {
        guard let name = person.name, name.contains(where: { !$0.isWhitespace }) else { return "Person \(person.id)" }
        return name
    }

    /// Writes `text` to `path` atomically.
    private static func write(_ text: String, to path: String) throws(FileSystemError) {
        do {
            try AtomicFileWriter.write(Array(text.utf8), to: path)
        } catch {
            throw FileSystemError(path: error.path, reason: error.reason)
        }
    }
}
