import FaceDetectionIO

/// One INPUT argument, looked at once: what its path names and whether it is read as a video. The
/// kind of run, what `-o` means and where the walk starts are decided from it (`RunPlan`), so
/// that the file system is asked about each argument once.
struct InputArgument: Sendable, Equatable {
    /// The argument as given.
    let path: String
    /// What the path names; `nil` for `-` (paths on standard input).
    let kind: FileSystem.Kind?
    /// Whether it is read as a video (`isVideo(_:kind:)`).
    let isVideo: Bool

    /// Looks at the argument `path`.
    init(_ path: String) {
        self.path = path
        if path == "-" {
            kind = nil
            isVideo = false
        } else {
            let kind = FileSystem.kind(of: path)
            self.kind = kind
            isVideo = Self.isVideo(path, kind: kind)
        }
    }

    /// Whether the argument is `-`: the paths on standard input.
    var isStandardInput: Bool { kind == nil }

    /// Whether the argument names a directory.
    var isDirectory: Bool {
        if case .directory = kind { return true }
        return false
    }

    /// Whether `path`, which names `kind`, is to be read as a video: its name ends in a video
    /// extension, or it is a regular file whose content is a known video container and whose name
    /// is not an image's (`photo.heic` that does not decode is a broken photo, not a video).
    static func isVideo(_ path: String, kind: FileSystem.Kind) -> Bool {
        if VideoContainer(path: path) != nil { return true }
        if ImageFormat(path: path) != nil { return false }
        guard kind == .regularFile else { return false }
        return VideoContainer.of(path: path) != nil
    }
}
