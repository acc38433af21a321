import FaceDetectionIO

/// What a run reads: photos (files, directories, `-`), videos, or the numbered frames of one
/// `--sequence` folder.
enum RunMedia: Sendable, Equatable {
    /// Image files, directories walked for images, paths on standard input.
    case photos
    /// Video files, one after the other.
    case videos
    /// The frames of this folder, as one stream.
    case sequence(String)

    /// Whether `inputs` are several for this kind of run: more than one argument, a directory or
    /// `-` (photos), the frames of a sequence. `-o` is then a directory, and a photo run a batch.
    func hasSeveralInputs(_ inputs: [InputArgument]) -> Bool {
        switch self {
        case .photos: inputs.count > 1 || inputs.contains { $0.isDirectory || $0.isStandardInput }
        case .videos: inputs.count > 1
        case .sequence: true
        }
    }

    /// Whether `path` is named as a file this run writes with `-o` (an image, or a video).
    func namesOutputFile(_ path: String) -> Bool {
        self == .videos ? VideoContainer(path: path) != nil : ImageFormat(path: path) != nil
    }

    /// What such a file is, as messages say: "an image file", "a video file".
    var outputFile: String { self == .videos ? "a video file" : "an image file" }
}
