import FaceDetection

/// The texts `--help` and `--version` print.
enum HelpText {
    /// The tool's version.
    static let version = "0.1.0"

    /// The usage text for `--help`.
    static let usage = """
    USAGE: facedetect [OPTIONS] INPUT...

    Finds the faces in JPEG and PNG images.

    INPUT is an image file or a directory. Directories are walked recursively in path order;
    files in them are recognised as images by their content, other files are skipped.

    OPTIONS:
      -o, --output PATH       Write the image with the faces drawn on it. With one image
                              input, PATH is the output file (format from its extension:
                              .png, .jpg, .jpeg) or an existing directory. With several
                              inputs or a directory input, PATH is a directory (created if
                              needed) that mirrors the inputs' tree.
      --json [FILE|-]         Write one JSON object per image (JSON Lines) to FILE, or to
                              standard output when FILE is '-' or left out. The next
                              argument is taken as FILE only if it is '-' or ends in .json
                              or .jsonl; --json=FILE always takes FILE.
      --mode MODE             Detector: \(FaceDetector.Mode.allCases.map(\.rawValue).joined(separator: ", ")) (default: \(FaceDetector.Options().mode.rawValue)).
      --min-face-size SIZE    Smallest face: a fraction of the image width (0 < F <= 1,
                              default 0.1) or pixels (e.g. 40px).
      --threads N             Threads for the detector (default 1).
      -q, --query             Print nothing; exit 0 if a face was found, 2 if none.
      -h, --help              Show this help.
      --version               Show the version.

    Without -o, --json or -q, a short summary per image goes to standard output.
    Errors and warnings go to standard error, one line each, naming the file.

    EXIT STATUS:
      0   success (with -q: a face was found)
      1   an input failed (the other inputs are still processed; failures are
          listed at the end)
      2   with -q: no face was found
      64  bad usage
    """
}
