import FaceDetectionIO

/// One image to process.
struct ImageInput: Sendable, Equatable {
    /// The path as the tool reached it: the argument itself, or a directory argument joined with
    /// the path below it (`images/0--Parade/x.jpg`).
    var path: String
    /// The path below the argument it came from (the file name for a file argument, the path
    /// itself for a path read from standard input, without a leading `/`, `.` or `..`
    /// components); outputs for several inputs mirror it, and `--shard` hashes it.
    var relativePath: String
    /// What the path named when the walk reached it.
    var kind: FileSystem.Kind
}

/// What walking the inputs yields, in order.
enum InputItem: Sendable, Equatable {
    /// An image to process.
    case image(ImageInput)
    /// A directory that could not be read.
    case failure(path: String, reason: String)
}

/// Turns the INPUT arguments into images, one at a time (so a huge tree streams).
///
/// The argument `-` stands for the lines of standard input, read as they come: each non-empty
/// line is a path, treated like an argument (a file or a directory to walk).
/// A file argument is yielded as it is (whatever it holds: reading it reports what is wrong).
/// A directory argument is walked depth-first with each directory's entries sorted by name
/// (byte order), i.e. sorted by path component by component. An entry whose name says it is an
/// image (`.jpg`, `.jpeg`, `.png`, `.heic`, `.heif`, `.hif`, `.avif`, `.webp`, any case) is always
/// yielded, whatever it is (empty, unreadable, not decodable, a pipe, a broken link): the processor
/// then records why it failed, so that no photo is lost without a word. Other files count as images
/// when their first bytes are an image's (`ImageFormat.sniff`: JPEG, PNG, HEIF, AVIF, WebP);
/// everything else is skipped, and the videos among it (`VideoContainer(path:)`) are counted in
/// `skippedVideos`, so that the summary can say they were not searched.
/// Symbolic links are followed, and a directory already visited under the same argument is
/// not entered again, so link loops end. The output directory, if it lies among the inputs, is
/// not entered (a second run must not pick up the first run's annotated images).
struct InputWalker: Sequence, IteratorProtocol {
    /// A file or directory still to look at.
    private enum Pending {
        case file(ImageInput)
        case directory(ImageInput, device: UInt64, inode: UInt64)
    }

    /// Arguments not yet started, last one first.
    private var arguments: [InputArgument]
    /// Work for the current argument, next one last.
    private var pending: [Pending] = []
    /// Directories (device, inode) entered under the current argument.
    private var visited: Set<[UInt64]> = []
    /// Directories never to enter (where annotated images and crops go).
    private let excludedDirectories: [String]
    /// Which images to keep (checked before a file is opened): `--shard`, `--resume`.
    private let isWanted: @Sendable (ImageInput) -> Bool
    /// Whether standard input is being read (for the `-` argument).
    private var readingStandardInput = false
    /// Counts the videos met in directories and skipped.
    private let skippedVideos: SkipCounter?

    /// A walker over `arguments`, in their order, that does not enter `excludedDirectories`,
    /// yields only the images `isWanted` accepts and counts the videos it skips in `skippedVideos`.
    init(
        arguments: [InputArgument], excluding excludedDirectories: [String] = [], skippedVideos: SkipCounter? = nil,
        isWanted: @escaping @Sendable (ImageInput) -> Bool = { _ in true }
    ) {
        self.arguments = arguments.reversed()
        self.excludedDirectories = excludedDirectories
        self.skippedVideos = skippedVideos
        self.isWanted = isWanted
    }

    /// The next argument, with what its path names: from the list, or the next path on standard
    /// input while `-` is being read.
    private mutating func nextArgument() -> (path: String, kind: FileSystem.Kind, fromStandardInput: Bool)? {
        while true {
            if readingStandardInput {
                if let line = readLine(strippingNewline: true) {
                    if line.isEmpty { continue }
                    return (line, FileSystem.kind(of: line), true)
                }
                readingStandardInput = false
            }
            guard let argument = arguments.popLast() else { return nil }
            guard let kind = argument.kind else {
                readingStandardInput = true
                continue
            }
            return (argument.path, kind, false)
        }
    }

    /// `path` without a leading `/` and without `.` or `..` components, for mirroring and sharding
    /// (`/data/./a/../b.jpg` → `data/a/b.jpg`).
    static func relativeForm(of path: String) -> String {
        path.split(separator: "/").filter { $0 != "." && $0 != ".." }.joined(separator: "/")
    }

    /// Whether the last component of `path` ends in an image's extension (`ImageFormat(path:)`: `.jpg`,
    /// `.jpeg`, `.png`, `.heic`, `.heif`, `.hif`, `.avif`, `.webp`, any case): such a file in a
    /// directory is processed (and its failure reported) even when it is not an image.
    static func isNamedAsImage(_ path: String) -> Bool { ImageFormat(path: path) != nil }

    /// The next image or failure, or `nil` when all arguments are done.
    mutating func next() -> InputItem? {
        while true {
            guard let work = pending.popLast() else {
                guard let (argument, kind, fromStandardInput) = nextArgument() else { return nil }
                visited = []
                let root = fromStandardInput ? InputWalker.relativeForm(of: argument) : ""
                if case .directory(let device, let inode) = kind {
                    pending.append(
                        .directory(
                            ImageInput(path: argument, relativePath: root, kind: kind), device: device, inode: inode))
                    continue
                }
                let input = ImageInput(
                    path: argument,
                    relativePath: fromStandardInput ? root : FileSystem.lastComponent(of: argument), kind: kind)
                if isWanted(input) { return .image(input) }
                continue
            }
            switch work {
            case .file(let input):
                guard isWanted(input) else { continue }
                // Named as an image: always processed, so that a broken one gets its error record.
                if InputWalker.isNamedAsImage(input.path) { return .image(input) }
                // Unreadable files are kept: the reader then says why they cannot be read.
                // 64 bytes hold the brands of a HEIF or AVIF file's `ftyp` box.
                guard let bytes = try? FileReading.firstBytes(atPath: input.path, count: 64) else {
                    return .image(input)
                }
                if ImageFormat.sniff(bytes) != nil { return .image(input) }
                if VideoContainer(path: input.path) != nil { skippedVideos?.add() }
            case .directory(let directory, let device, let inode):
                if let failure = enter(directory, device: device, inode: inode) { return failure }
            }
        }
    }

    /// Queues the entries of `directory` (the directory `device`, `inode`) in sorted order; a
    /// failure if it cannot be listed.
    private mutating func enter(_ directory: ImageInput, device: UInt64, inode: UInt64) -> InputItem? {
        guard visited.insert([device, inode]).inserted else { return nil }
        for excluded in excludedDirectories {
            if case .directory(device, inode) = FileSystem.kind(of: excluded) { return nil }
        }
        let names: [String]
        do {
            names = try FileSystem.names(inDirectory: directory.path)
        } catch {
            return .failure(path: error.path, reason: error.reason)
        }
        let sorted = names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        for name in sorted.reversed() {
            let path = FileSystem.join(directory.path, name)
            let child = ImageInput(
                path: path, relativePath: directory.relativePath.isEmpty ? name : directory.relativePath + "/" + name,
                kind: FileSystem.kind(of: path))
            switch child.kind {
            case .regularFile: pending.append(.file(child))
            case .directory(let device, let inode): pending.append(.directory(child, device: device, inode: inode))
            case .other, .unavailable:
                // Pipes, devices, broken links: never opened here; reported when named as images.
                if InputWalker.isNamedAsImage(name) { pending.append(.file(child)) }
            }
        }
        return nil
    }
}
