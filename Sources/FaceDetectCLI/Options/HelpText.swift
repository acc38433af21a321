import FaceDetection

/// The texts `--help` and `--version` print.
enum HelpText {
    /// The tool's version.
    static let version = "0.3.0"

    /// The usage text for `--help`.
    static let usage = """
        USAGE: facedetect [OPTIONS] INPUT...

        Finds the faces in JPEG, PNG, HEIC/HEIF, AVIF and WebP images, one photo or millions.

        INPUT is an image file, a directory, or - (paths on standard input, one per line).
        Directories are walked recursively in path order. A file in them named .jpg, .jpeg,
        .png, .heic, .heif, .hif, .avif or .webp (any case) is always processed, and reported as
        failed if it is not a readable image; other files are recognised as images by their
        content, or skipped silently.
        Results come in input order.

        Without --json, --csv, --crop or -q, each face is printed as 'x y w h' (whole pixels),
        as Debian's older facedetect printed it; with several inputs each line starts with
        'path: '. A batch ends with a summary on standard error.

        OUTPUTS:
          --json [FILE|-]         One JSON object per image (JSON Lines) to FILE, or to standard
                                  output when FILE is '-' or left out. The next argument is taken
                                  as FILE only if it is '-' or ends in .json or .jsonl.
          --csv FILE|-            One row per face: file,face,x,y,width,height,score.
          -o, --output PATH       The image with the faces drawn on it. One image input: PATH is
                                  the output file (.png, .jpg, .jpeg) or an existing directory.
                                  Several inputs: PATH is a directory mirroring the inputs' tree.
                                  HEIC, AVIF and WebP inputs are written as PNG there.
          --blur, --pixelate      Hide the faces in the -o images instead of drawing boxes.
          --crop DIR              One image per face in DIR (mirroring the inputs' tree),
                                  named <name>_face<N>.jpg (JPEG inputs) or .png (the others).
          --crop-margin F         Grow each crop by F times the face size per side (default 0.2).
          --labels                In -o images, write each face's number, smile % and yaw
                                  above its box.
          --jpeg-quality Q        Quality of JPEG -o and --crop images, 1...100 (default 92).
          --png-compression L     zlib level of PNG -o and --crop images, 0...9 (default 1:
                                  fast; 9: smallest and many times slower).
          -c, --center            Print the centre 'x y' of each face instead of 'x y w h'.
          -q, --query             Print nothing; exit 0 if a face was found, 2 if none.

        DETECTION:
          --mode MODE             accurate (YuNet_n, with MTCNN's O-Net placing the landmarks:
                                  the most faces; the default), fast (YuNet_s: fewer faces in
                                  less time) or thorough (every face at any cost, the mode for
                                  hiding faces: YuNet_n also on the picture turned 90, 180 and
                                  270 degrees, mirrored, and enlarged twice for faces under
                                  32 px, merged by voting; detection-dev AP 0.873 against 0.837;
                                  about 8 to 30 times accurate mode's search, 5 times its whole
                                  pipeline, measured on a loaded machine; docs/thorough.md).
                                  All search a scale pyramid: every face from --min-face-size
                                  up to the whole frame, found once.
          --rotations none|all    Also search the picture turned by 90, 180 and 270 degrees,
                                  for scans and sideways photos without EXIF: the turn with
                                  the most confident faces is taken as upright, the others
                                  add faces scoring 0.8 or more (default: none; thorough always
                                  does). The search costs 3 to 10 times as much (measured on a
                                  loaded machine).
          --detector NAME         Run this detector whatever the mode: yunet (YuNet_n), yunet-s,
                                  mtcnn (a CNN cascade), or cascade (a boosted Haar cascade:
                                  frontal faces only); see docs/results.md.
          --landmarks all|none    Android's landmarks for the face's yaw, and the Euler angles
                                  (default: all).
          --classification all|none
                                  Smiling and eye-open probabilities (default: all).
          --contours all|none     ML Kit's 15 contours (face oval, eyebrows, eyes, lips, nose,
                                  cheeks: 133 points) from the face mesh, in the JSON and as
                                  lines in the -o images (default: none).
          --min-score S           Drop faces scoring below S, 0...1 (default for YuNet: 0.3 for
                                  faces under 48 px, 0.5 for larger ones, which must also be a
                                  face to the face mesh below 0.6 when it runs; with --blur or
                                  --pixelate 0.2 and 0.3, as a face missed is a face shown;
                                  thorough: 0.1 on its passes' mean score; 0.25 for the other
                                  detectors; 0 keeps all).
          --prominent-face-only   Report only the largest face of each image (= --biggest).
          --min-face-size SIZE    Smallest face: pixels (default 10px, the smallest YuNet finds)
                                  or a fraction of the image width (0 < F <= 1; 0.1 is ML Kit's
                                  camera default). The search costs about the work of the image
                                  scaled so that this face is 10 px wide. On 1024 px photos, one
                                  thread: 10px 30 ms (detection-dev AP 0.84), 20px 10 ms (0.69),
                                  40px 2 ms (0.38), 0.1 under 1 ms (0.09), boxes only. Large
                                  JPEGs are decoded at 1/2, 1/4 or 1/8 size when it allows.
          --best                  Report only the best face (score, size, centrality).

        VIDEOS (MP4, MOV, MKV, WebM, AVI; decoded and encoded by ffmpeg, which must be installed):
          facedetect clip.mp4 -o out.mp4 --blur
                                  Writes the video with the faces hidden (or drawn), same size,
                                  frame rate and frame count, audio copied. Faces are tracked:
                                  --json gives one record per frame with each face's trackingId.
          --every N               Detect on every N-th frame only (default 1).
          --tracks FILE           One JSON Lines summary per track (first/last/best frame).
          --hide-margin F         Grow each hidden face by F times its size per side (default 0.1).
          --sequence DIR          Track the numbered frames (.jpg, .jpeg, .png) in DIR as one
                                  video; -o DIR writes them there, hidden or drawn.

        LIMITS (an input beyond them fails with an error, unread or undecoded):
          --max-pixels N          Largest image, width x height from its header, before any
                                  pixel is decoded (default 100000000; and 32768 per side).
          --max-file-size BYTES   Largest file read (default 1073741824, 1 GiB).

        BATCHES:
          --threads N             Images processed at once (default: one per CPU core); with
                                  a single image, threads for its detector.
          --progress, --no-progress
                                  Show a progress bar on standard error (default: when it is
                                  a terminal and there are several inputs).
          --resume                Skip images that already have a record in the --json FILE,
                                  and append to it (a last line cut short is removed first).
          --shard K/N             Process only shard K of N (1 <= K <= N): a stable split by a
                                  hash (FNV-1a) of each image's path below its input root.
          --shard auto/N          K from SLURM_ARRAY_TASK_ID, JOB_COMPLETION_INDEX or
                                  AWS_BATCH_JOB_ARRAY_INDEX (counting from 0: index i is K = i+1).

          -h, --help              Show this help.
          --version               Show the version.

        Errors and warnings go to standard error, one line each, naming the file.
        Options of the older facedetect that have no meaning here (--data-dir, -s/--search,
        --search-threshold, -d/--debug) are refused.

        EXIT STATUS:
          0    success (with -q: a face was found)
          1    an input failed (the other inputs are still processed; failures are
               listed at the end)
          2    with -q: no face was found
          64   bad usage
          69   this build needs a newer CPU (built for x86-64-v3 on a machine that has it;
               FACEDETECT_CPU=portable builds for any x86-64)
          130  interrupted (Ctrl-C; 143 for SIGTERM): the images in flight were finished
               and only complete records were written
        """
}
