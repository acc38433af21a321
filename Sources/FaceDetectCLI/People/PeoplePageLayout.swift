/// Where the files of a people page go, and the links between them: `people.html` (the first page
/// of the list of people) beside a folder `people_files/` that holds the rest: the list's further
/// pages (`people-2.html`, …), the pages of each person with more faces than a row of the list
/// shows (`person-ID.html`, and `person-ID-2.html`, … when they have more faces than one page
/// shows) and the thumbnails, one folder per person
/// (`ID/1.jpg` for the best face, `ID/2.jpg`, …).
///
/// Each page is bounded, whatever the number of people and faces: ``peoplePerPage`` rows of at
/// most ``facesPerRow`` thumbnails, or ``facesPerPersonPage`` faces of one person.
struct PeoplePageLayout {
    /// The two folders pages live in.
    enum Folder {
        /// The folder of the `--html` file.
        case top
        /// The files folder beside it.
        case files
    }

    /// People on one page of the list.
    static let peoplePerPage = 200
    /// Thumbnails in one row of the list (a person's best faces).
    static let facesPerRow = 6
    /// Faces on one page of a person.
    static let facesPerPersonPage = 300

    /// The `--html` file.
    let html: String
    /// The folder the `--html` file is in, as a prefix ("" or ending in "/").
    let topFolder: String
    /// The files folder's name: the page's name without `.html` (or `.htm`), then `_files`.
    let filesName: String

    /// The layout of the page `html`.
    init(html: String) {
        self.html = html
        let slash = html.lastIndex(of: "/")
        topFolder = slash.map { String(html[...$0]) } ?? ""
        var name = slash.map { String(html[html.index(after: $0)...]) } ?? html
        for suffix in [".html", ".htm"] where name.lowercased().hasSuffix(suffix) && name.count > suffix.count {
            name.removeLast(suffix.count)
            break
        }
        filesName = name + "_files"
    }

    /// The files folder's path.
    var filesFolder: String { topFolder + filesName }

    /// The name of page `index` (from 0) of the list, in its folder: the `--html` file's own for the first.
    func listPageName(_ index: Int) -> String {
        index == 0
            ? String(html[(html.lastIndex(of: "/").map { html.index(after: $0) } ?? html.startIndex)...])
            : "people-\(index + 1).html"
    }

    /// The folder page `index` of the list is in.
    func listPageFolder(_ index: Int) -> Folder { index == 0 ? .top : .files }

    /// The name of page `index` (from 0) of person `id`, in the files folder.
    func personPageName(_ id: Int, _ index: Int) -> String {
        index == 0 ? "person-\(id).html" : "person-\(id)-\(index + 1).html"
    }

    /// The name of the thumbnail of person `id`'s face `rank` (0 for the best), in the files folder.
    func thumbnailName(_ id: Int, _ rank: Int) -> String { "\(id)/\(rank + 1).jpg" }

    /// Whether `name` is one the tool gives a further page of the list or a person's page in the
    /// files folder (`people-N.html`, `person-ID.html`, `person-ID-N.html`).
    static func isPageName(_ name: String) -> Bool {
        guard name.hasSuffix(".html") else { return false }
        let stem = name.dropLast(5)
        if stem.hasPrefix("people-") { return isNumber(stem.dropFirst(7)) }
        guard stem.hasPrefix("person-") else { return false }
        let parts = stem.dropFirst(7).split(separator: "-", omittingEmptySubsequences: false)
        return (parts.count == 1 || parts.count == 2) && parts.allSatisfy(isNumber)
    }

    /// Whether `name` is a folder of thumbnails the tool makes in the files folder: a person's
    /// (their id) or the videos' faces' (`FaceThumbnails.frameFolder`).
    static func isThumbnailFolderName(_ name: String) -> Bool {
        name == FaceThumbnails.frameFolder || isNumber(Substring(name))
    }

    /// Whether `name` is one the tool gives a thumbnail in the thumbnail folder `folder`: `N.jpg`
    /// in a person's, 16 hex digits and `.jpg` in the videos' faces'.
    static func isThumbnailName(_ name: String, in folder: String) -> Bool {
        guard name.hasSuffix(".jpg") else { return false }
        let stem = name.dropLast(4)
        if folder == FaceThumbnails.frameFolder {
            return stem.count == 16 && stem.allSatisfy { $0.isHexDigit && !$0.isUppercase }
        }
        return isNumber(stem)
    }

    /// Whether `text` is a whole number the tool writes: ASCII digits, no sign.
    private static func isNumber(_ text: Substring) -> Bool {
        !text.isEmpty && text.allSatisfy { $0 >= "0" && $0 <= "9" }
    }

    /// The path of `name` in `folder`.
    func path(_ name: String, in folder: Folder) -> String {
        folder == .top ? topFolder + name : filesFolder + "/" + name
    }

    /// The link from a page in `page` to the file `name` in `target` (for an `href` or `src`).
    func link(_ name: String, in target: Folder, from page: Folder) -> String {
        switch (page, target) {
        case (.top, .files): return HTMLText.link(filesName + "/" + name)
        case (.files, .top): return HTMLText.link("../" + name)
        default: return HTMLText.link(name)
        }
    }
}
