import FaceDetectRecords
import FaceDetectionIO

/// The people page (`facedetect group --html people.html`): the people of a `PeopleFile` as HTML
/// pages that work from `file://` with no network, with a thumbnail of each face written beside
/// them (`PeoplePageLayout` says where each file goes, `PeopleHTML` what the pages hold,
/// `FaceThumbnails` how the thumbnails are cut).
enum PeoplePage {
    /// Writes the page `html` (the first page of the list of people) and its files folder (the
    /// further pages and the thumbnails), each file atomically, the thumbnails first and `html`
    /// last; then removes the files of the folder that the tool names as it writes them (pages,
    /// thumbnails) and that no page of this run uses, such as the thumbnails of a person's faces
    /// beyond their count (`removeUnused`). A video's face shows the thumbnail `frameThumbnails`
    /// holds for it (JPEG bytes by `FaceThumbnails.frameThumbnailName`, cut by `facedetect group`
    /// from the sampled frame), or the one an earlier run wrote under that name. A photo that cannot
    /// be read, a box outside its photo and a video's face with neither get no thumbnail: one
    /// `warning` each (a video's once), and the face is shown by its photo's name. Relative photo
    /// paths are taken from the working directory. A folder or file that cannot be written stops
    /// with the error.
    static func write(
        _ people: PeopleFile, html: String, frameThumbnails: [String: [UInt8]] = [:], warning: (String) -> Void
    ) throws(FileSystemError) {
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
        var frameNames: Set<String> = []
        if !frameThumbnails.isEmpty {
            try FileSystem.createDirectories(layout.path(FaceThumbnails.frameFolder, in: .files))
        }
        for person in people.people where !person.faces.isEmpty {
            if person.faces.contains(where: { $0.frame == nil }) {
                try FileSystem.createDirectories(layout.path(String(person.id), in: .files))
            }
            for (rank, face) in person.faces.enumerated() where face.frame == nil {
                let name = layout.thumbnailName(person.id, rank)
                requests.append(.init(photo: face.file, box: face.box, path: layout.path(name, in: .files)))
            }
            for face in person.faces {
                guard let frame = face.frame else { continue }
                let name = FaceThumbnails.frameThumbnailName(file: face.file, frame: frame, box: face.box)
                if let bytes = frameThumbnails[name] {
                    try write(bytes, to: layout.path(name, in: .files))
                    frameNames.insert(name)
                } else if case .regularFile = FileSystem.kind(of: layout.path(name, in: .files)) {
                    frameNames.insert(name)
                } else {
                    if videos[face.file] == nil { videoOrder.append(face.file) }
                    videos[face.file, default: 0] += 1
                }
            }
        }
        for video in videoOrder {
            let count = videos[video]!
            warning(
                "\(video): \(count) face\(count == 1 ? "" : "s") of the video without a thumbnail (one is cut only "
                    + "while the run that finds the face holds its frame, with --html)")
        }
        let written: [Bool]
        do {
            written = try FaceThumbnails.write(requests, warning: warning)
        } catch {
            throw FileSystemError(path: error.path, reason: error.reason)
        }

        var shown: [PeopleHTML.Person] = []
        var used = frameNames
        var request = 0
        for person in people.people where !person.faces.isEmpty {
            var faces: [PeopleHTML.Face] = []
            faces.reserveCapacity(person.faces.count)
            for (rank, face) in person.faces.enumerated() {
                var thumbnail: String? = nil
                if let frame = face.frame {
                    let name = FaceThumbnails.frameThumbnailName(file: face.file, frame: frame, box: face.box)
                    if frameNames.contains(name) { thumbnail = name }
                } else {
                    if written[request] { thumbnail = layout.thumbnailName(person.id, rank) }
                    request += 1
                }
                if let thumbnail { used.insert(thumbnail) }
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
                let name = layout.personPageName(person.id, page)
                try write(Array(text.utf8), to: layout.path(name, in: .files))
                used.insert(name)
            }
        }
        for index in (0..<PeopleHTML.listPageCount(shown.count)).reversed() {
            let text = pages.listPage(index, of: shown, faceCount: faceCount)
            let name = layout.listPageName(index)
            try write(Array(text.utf8), to: layout.path(name, in: layout.listPageFolder(index)))
            if layout.listPageFolder(index) == .files { used.insert(name) }
        }
        removeUnused(in: layout.filesFolder, keeping: used)
    }

    /// Removes the files of the files folder `folder` that have a name the tool gives its own files
    /// (`PeoplePageLayout.isPageName`, `isThumbnailFolderName`, `isThumbnailName`) and are not in
    /// `used` (names relative to the folder), then the thumbnail folders left empty. Nothing else is
    /// touched: a file of another name, or in a folder of another name, stays. A file that cannot be
    /// removed stays. Each removal is one `unlink`, done after every page of the run is written.
    static func removeUnused(in folder: String, keeping used: Set<String>) {
        guard let names = try? FileSystem.names(inDirectory: folder) else { return }
        for name in names {
            let path = FileSystem.join(folder, name)
            switch FileSystem.kind(of: path) {
            case .regularFile where PeoplePageLayout.isPageName(name) && !used.contains(name):
                unlink(path)
            case .directory where PeoplePageLayout.isThumbnailFolderName(name):
                guard let inner = try? FileSystem.names(inDirectory: path) else { continue }
                for file in inner where PeoplePageLayout.isThumbnailName(file, in: name) {
                    let relative = name + "/" + file
                    if !used.contains(relative), case .regularFile = FileSystem.kind(of: path + "/" + file) {
                        unlink(path + "/" + file)
                    }
                }
                rmdir(path)  // only when empty
            default: continue
            }
        }
    }

    /// The person's name, or "Person ID" while none was written.
    static func title(of person: PeopleFile.Person) -> String {
        guard let name = person.name, name.contains(where: { !$0.isWhitespace }) else { return "Person \(person.id)" }
        return name
    }

    /// Writes `bytes` to `path` atomically.
    private static func write(_ bytes: [UInt8], to path: String) throws(FileSystemError) {
        do {
            try AtomicFileWriter.write(bytes, to: path)
        } catch {
            throw FileSystemError(path: error.path, reason: error.reason)
        }
    }
}
