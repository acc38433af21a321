/// The HTML of the people page's two kinds of page: a page of the list (one row per person: the
/// name or "Person N", the face count, the best faces' thumbnails, each a link to its photo, and a
/// link to the person's own page when the row cannot show all their faces) and a page of one
/// person (all their faces, a caption naming each photo). Plain HTML: headings for each person,
/// real links (keyboard-usable, a visible focus ring), thumbnails as files loaded lazily, every
/// name and path escaped (`HTMLText`).
struct PeopleHTML {
    /// One face as the pages show it.
    struct Face {
        /// The photo's name (and a video's frame), for the caption and the image's text.
        let label: String
        /// The photo's path, absolute, as `RelativePath.components(of:in:)` gives it.
        let photo: [Substring]
        /// The thumbnail's name in the files folder, or `nil` when none could be made.
        let thumbnail: String?
    }

    /// One person as the pages show them.
    struct Person {
        /// The identifier from `people.json`.
        let id: Int
        /// The name, or "Person ID".
        let title: String
        /// The faces, best first.
        let faces: [Face]
    }

    /// Where the pages and thumbnails go.
    let layout: PeoplePageLayout
    /// The absolute components of the `--html` file's folder.
    let topFolder: [Substring]
    /// The absolute components of the files folder.
    let filesFolder: [Substring]

    /// The number of pages the list of `count` people takes (1 for none).
    static func listPageCount(_ count: Int) -> Int {
        max(1, (count + PeoplePageLayout.peoplePerPage - 1) / PeoplePageLayout.peoplePerPage)
    }

    /// Whether `person` has pages of their own: when they have more faces than their row shows.
    static func hasOwnPage(_ person: Person) -> Bool { person.faces.count > PeoplePageLayout.facesPerRow }

    /// The number of pages of a person with `count` faces.
    static func personPageCount(_ count: Int) -> Int {
        max(1, (count + PeoplePageLayout.facesPerPersonPage - 1) / PeoplePageLayout.facesPerPersonPage)
    }

    /// Page `index` (from 0) of the list of `people`, who have `faceCount` faces in all.
    func listPage(_ index: Int, of people: [Person], faceCount: Int) -> String {
        let folder = layout.listPageFolder(index)
        let pageCount = Self.listPageCount(people.count)
        let first = index * PeoplePageLayout.peoplePerPage
        let shown = people[min(first, people.count)..<min(first + PeoplePageLayout.peoplePerPage, people.count)]
        let pageNote = pageCount > 1 ? " (page \(index + 1) of \(pageCount))" : ""
        var html = head(title: "People" + pageNote)
        html += "<header>\n<h1>People</h1>\n<p>\(counted(people.count, "person", "people")), "
        html += "\(counted(faceCount, "face", "faces"))\(pageNote).</p>\n"
        html += listNavigation(index, pageCount, from: folder) + "</header>\n<main>\n"
        for person in shown {
            html += "<section class=\"person\" id=\"person-\(person.id)\" data-person=\"\(person.id)\" "
            html += "aria-labelledby=\"name-\(person.id)\">\n"
            html += "<h2 id=\"name-\(person.id)\"><span class=\"name\">\(HTMLText.escaped(person.title))</span> "
            html += "<span class=\"count\">\(counted(person.faces.count, "face", "faces"))</span></h2>\n"
            html += faceList(
                person.faces.prefix(PeoplePageLayout.facesPerRow), of: person, from: folder, captions: false)
            if Self.hasOwnPage(person) {
                let personPage = layout.link(layout.personPageName(person.id, 0), in: .files, from: folder)
                html += "<p class=\"more\"><a href=\"\(personPage)\">All \(person.faces.count) faces of "
                html += "\(HTMLText.escaped(person.title))</a></p>\n"
            }
            html += "</section>\n"
        }
        if people.isEmpty { html += "<p>No faces were grouped.</p>\n" }
        html += "</main>\n" + (pageCount > 1 ? listNavigation(index, pageCount, from: folder) : "")
        return html + tail()
    }

    /// Page `index` (from 0) of `person`, who is on page `listIndex` of the list.
    func personPage(_ person: Person, page index: Int, listIndex: Int) -> String {
        let pageCount = Self.personPageCount(person.faces.count)
        let first = index * PeoplePageLayout.facesPerPersonPage
        let faces = person.faces[
            min(
                first, person.faces.count)..<min(
                    first + PeoplePageLayout.facesPerPersonPage, person.faces.count)]
        let pageNote = pageCount > 1 ? " (page \(index + 1) of \(pageCount))" : ""
        let title = HTMLText.escaped(person.title)
        var html = head(title: title + pageNote)
        let back = layout.link(layout.listPageName(listIndex), in: layout.listPageFolder(listIndex), from: .files)
        html += "<header>\n<p><a href=\"\(back)#person-\(person.id)\">All people</a></p>\n"
        html += "<h1 id=\"name-\(person.id)\">\(title)</h1>\n<p>\(counted(person.faces.count, "face", "faces"))"
        html += "\(pageNote), best first.</p>\n"
        let navigation = pageNavigation(index, pageCount) { layout.personPageName(person.id, $0) }
        html += navigation + "</header>\n<main>\n"
        html += "<section class=\"person\" data-person=\"\(person.id)\" aria-labelledby=\"name-\(person.id)\">\n"
        html += faceList(faces, of: person, from: .files, captions: true) + "</section>\n</main>\n" + navigation
        return html + tail()
    }

    /// The list of `faces`, each its thumbnail (or the photo's name when it has none) linking to its photo.
    private func faceList(
        _ faces: ArraySlice<Face>, of person: Person, from folder: PeoplePageLayout.Folder, captions: Bool
    ) -> String {
        let base = folder == .top ? topFolder : filesFolder
        var html = "<ul class=\"faces\">\n"
        for face in faces {
            let photo = HTMLText.link(RelativePath.path(to: face.photo, from: base))
            let label = HTMLText.escaped(face.label)
            guard let thumbnail = face.thumbnail else {
                html += "<li class=\"missing\"><a href=\"\(photo)\">\(label) (no thumbnail)</a></li>\n"
                continue
            }
            let image =
                "<img src=\"\(layout.link(thumbnail, in: .files, from: folder))\" width=\"\(FaceThumbnails.side)\" "
                + "height=\"\(FaceThumbnails.side)\" loading=\"lazy\" alt=\"\(label)\">"
            html +=
                captions
                ? "<li><figure><a href=\"\(photo)\">\(image)</a><figcaption>\(label)</figcaption></figure></li>\n"
                : "<li><a href=\"\(photo)\">\(image)</a></li>\n"
        }
        return html + "</ul>\n"
    }

    /// Links to the list's previous and next pages (none when it has one).
    private func listNavigation(_ index: Int, _ count: Int, from folder: PeoplePageLayout.Folder) -> String {
        guard count > 1 else { return "" }
        var html = "<nav class=\"pages\" aria-label=\"Pages of the list\">"
        if index > 0 {
            let name = layout.listPageName(index - 1)
            html +=
                "<a href=\"\(layout.link(name, in: layout.listPageFolder(index - 1), from: folder))\">Previous page</a>"
        }
        if index + 1 < count {
            html += "<a href=\"\(layout.link(layout.listPageName(index + 1), in: .files, from: folder))\">Next page</a>"
        }
        return html + "</nav>\n"
    }

    /// Links to a person's previous and next pages, named by `name`, all in the files folder.
    private func pageNavigation(_ index: Int, _ count: Int, name: (Int) -> String) -> String {
        guard count > 1 else { return "" }
        var html = "<nav class=\"pages\" aria-label=\"Pages of this person\">"
        if index > 0 { html += "<a href=\"\(HTMLText.link(name(index - 1)))\">Previous page</a>" }
        if index + 1 < count { html += "<a href=\"\(HTMLText.link(name(index + 1)))\">Next page</a>" }
        return html + "</nav>\n"
    }

    /// The document's start: its language, encoding, `title` (already escaped) and the style sheet.
    private func head(title: String) -> String {
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
            + "<title>\(title)</title>\n<style>\n\(PeoplePageStyle.css)\n</style>\n</head>\n<body>\n"
    }

    /// The document's end, with the script that marks loaded thumbnails.
    private func tail() -> String { "<script>\n\(PeoplePageStyle.script)\n</script>\n</body>\n</html>\n" }

    /// "1 face", "3 faces".
    private func counted(_ count: Int, _ one: String, _ many: String) -> String {
        "\(count) \(count == 1 ? one : many)"
    }
}
