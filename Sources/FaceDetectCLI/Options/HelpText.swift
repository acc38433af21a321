/// The texts `--help` and `--version` print; the options' part of `--help` is made from
/// `CommandLineOption.all`.
enum HelpText {
    /// The tool's version.
    static let version = "0.3.0"

    /// The width `--help` is wrapped to.
    static let width = 92
    /// The column where an option's help starts.
    static let helpColumn = 26

    /// The usage text for `--help`.
    static let usage: String = {
        var text = introduction
        for section in CommandLineOption.Section.allCases {
            text += "\n" + (section.heading.isEmpty ? "" : section.heading + "\n")
            for line in section.lead { text += wrapped(line.text, indent: line.indent) }
            for option in CommandLineOption.all where option.section == section && option.action.isListed {
                text += entry(option.synopsis, option.helpWithDefault)
            }
        }
        let refused = CommandLineOption.all.filter { !$0.action.isListed }.map { $0.names.joined(separator: "/") }
        text += "\n" + wrapped("Errors and warnings go to standard error, one line each, naming the file.")
        text += wrapped(
            "Options of the older facedetect that have no meaning here (\(refused.joined(separator: ", "))) are refused."
        )
        return text + "\n" + exitStatus
    }()

    /// `  SYNOPSIS    help…`, the help wrapped in its column (on the next line when the synopsis is long).
    static func entry(_ synopsis: String, _ help: String) -> String {
        let head = "  " + synopsis
        let lines = wrappedLines(help, width: width - helpColumn)
        var text = ""
        if head.count <= helpColumn - 2 {
            text = head + String(repeating: " ", count: helpColumn - head.count)
        } else {
            text = head + "\n" + String(repeating: " ", count: helpColumn)
        }
        return text + lines.joined(separator: "\n" + String(repeating: " ", count: helpColumn)) + "\n"
    }

    /// `text` wrapped to the help's width, each line indented by `indent` spaces.
    static func wrapped(_ text: String, indent: Int = 0) -> String {
        let margin = String(repeating: " ", count: indent)
        return wrappedLines(text, width: width - indent).map { margin + $0 + "\n" }.joined()
    }

    /// `text` broken at spaces into lines of at most `width` characters (a longer word gets a line of its own).
    static func wrappedLines(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty && line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        return lines + [line]
    }

    /// What the tool does and what it prints, before the options.
    static let introduction = """
        USAGE: facedetect [OPTIONS] INPUT...

        Finds the faces in JPEG, PNG, HEIC/HEIF, AVIF and WebP images, one photo or millions.

        INPUT is an image file, a directory, or - (paths on standard input, one per line).
        Directories are walked recursively in path order. A file in them named .jpg, .jpeg,
        .png, .heic, .heif, .hif, .avif or .webp (any case) is always processed, and reported as
        failed if it is not a readable image; other files are recognised as images by their
        content, or skipped (the summary counts the videos skipped).
        Results come in input order.

        Without --json, --csv, --crop or -q, each face is printed as 'x y w h' (whole pixels),
        as Debian's older facedetect printed it; with several inputs each line starts with
        'path: '. A batch ends with a summary on standard error.

        facedetect group INPUT... --people FILE sorts the faces into people (see
        'facedetect group --help').

        """

    /// The usage text for `facedetect group --help`.
    static let groupUsage: String = {
        var text = groupIntroduction + "\nOPTIONS:\n"
        for option in CommandLineOption.group where option.action.isListed {
            text += entry(option.synopsis, option.helpWithDefault)
        }
        return text + "\n" + exitStatus
    }()

    /// What `facedetect group` does, before its options.
    static let groupIntroduction = """
        USAGE: facedetect group INPUT... --people FILE [--html FILE] [OPTIONS]

        Sorts the faces in photos and videos into people. INPUT is walked as facedetect walks
        it (image files, directories, - for paths on standard input; a video named as an INPUT
        is sampled, --every). Every face big enough to tell
        gets an identity descriptor; faces too small are left out (the summary counts them).
        The faces are grouped into people, each person's faces best first, and written to
        the people file with every file measured. Run again with more photos and the same
        FILE: the people keep their ids and the names written into FILE, the files already
        measured are skipped, and the new faces join the people they match.

        """

    /// The exit statuses, last.
    static let exitStatus = """
        EXIT STATUS:
          0    success (with -q: a face was found)
          1    an input failed (the other inputs are still processed; failures are
               listed at the end)
          2    with -q: no face was found
          64   bad usage
          69   this build needs a newer CPU (built for x86-64-v3 or v4 on a machine that has it;
               FACEDETECT_CPU=portable builds for any x86-64)
          130  interrupted (Ctrl-C; 143 for SIGTERM): the images in flight were finished
               and only complete records were written
        """
}

extension CommandLineOption.Section {
    /// The heading `--help` gives the section.
    var heading: String {
        switch self {
        case .outputs: "OUTPUTS:"
        case .detection: "DETECTION:"
        case .videos: "VIDEOS (MP4, MOV, MKV, WebM, AVI; decoded and encoded by ffmpeg, which must be installed):"
        case .limits: "LIMITS (an input beyond them fails with an error, unread or undecoded):"
        case .batches: "BATCHES:"
        case .general: ""
        }
    }

    /// Lines `--help` prints under the heading, before the options, each with its indent.
    var lead: [(text: String, indent: Int)] {
        switch self {
        case .videos:
            [
                ("facedetect clip.mp4 -o out.mp4 --blur", 2),
                (
                    """
                    Writes the video with the faces hidden (or drawn), same size, frame rate and frame count, \
                    audio copied. Faces are tracked: --json gives one record per frame with each face's trackingId.
                    """, HelpText.helpColumn
                ),
            ]
        default: []
        }
    }
}

extension CommandLineOption.Action {
    /// Whether `--help` and the docs list the option (a refused one is only named).
    var isListed: Bool {
        if case .refused = self { return false }
        return true
    }
}
