import FaceDetection

extension PeopleFile {
    /// Adds the faces of newly measured `files`: each face with a descriptor joins the person of this
    /// file it matches or a new person, by `grouping`'s ``FaceGrouping/assign(_:to:threads:progress:)``
    /// (the people already here start as groups and never merge with each other); a face without a
    /// descriptor is left out.
    ///
    /// The people already here keep their ids, names and faces; new people get ids from ``nextID``
    /// on, in the order of their first face in `faces`. Every person who gained a face has their
    /// faces ordered best first again (``Person/sortFaces()``); people are in the order of their ids.
    /// `files` join ``files``, which stays sorted and without repeats.
    public mutating func add(
        _ faces: [Face], measuring files: [String], grouping: FaceGrouping, threads: Int = 1
    ) {
        let newFaces = faces.filter { $0.descriptor != nil }
        // The known people that have descriptors to match against, and where they are in `people`.
        let known = people.indices.filter { people[$0].faces.contains { $0.descriptor != nil } }
        let groups = grouping.assign(
            newFaces.compactMap(\.descriptor),
            to: known.map { people[$0].faces.compactMap(\.descriptor) }, threads: threads)
        var changed: Set<Int> = []
        var newPeople: [Int: Int] = [:]
        let firstID = nextID
        for (face, group) in zip(newFaces, groups) {
            let index: Int
            if group < known.count {
                index = known[group]
            } else if let existing = newPeople[group] {
                index = existing
            } else {
                index = people.count
                newPeople[group] = index
                people.append(Person(id: firstID + newPeople.count - 1, faces: []))
            }
            people[index].faces.append(face)
            changed.insert(index)
        }
        for index in changed { people[index].sortFaces() }
        people.sort { $0.id < $1.id }
        self.files = Array(Set(self.files).union(files)).sorted()
    }
}
