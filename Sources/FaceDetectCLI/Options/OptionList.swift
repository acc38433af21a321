extension CommandLineOption {
    /// Every option of the tool, in the order `--help` and docs/usage.md list them.
    static let all: [CommandLineOption] = [
        // Outputs.
        .init(
            ["--json"],
            .optionalValue("FILE|-", takesNext: Command.isJSONFileName) { options, value throws(UsageError) in
                options.json = value.map { $0.text == "-" ? .standardOutput : .file($0.text) } ?? .standardOutput
            }, section: .outputs,
            help: """
                One JSON object per image (JSON Lines) to FILE, or to standard output when FILE is '-' or left \
                out. The next argument is taken as FILE only if it is '-' or ends in .json or .jsonl
                """),
        .init(
            ["--csv"], .value("FILE|-") { options, value throws(UsageError) in options.csv = value.text },
            section: .outputs, inputs: .photos, help: "One row per face: file,face,x,y,width,height,score"),
        .init(
            ["-o", "--output"], .value("PATH") { options, value throws(UsageError) in options.output = value.text },
            section: .outputs,
            help: """
                The image with the faces drawn on it. One image input: PATH is the output file (.png, .jpg, \
                .jpeg) or an existing directory. Several inputs: PATH is a directory mirroring the inputs' tree. \
                HEIC, AVIF and WebP inputs are written as PNG there. A video input: the video
                """),
        .init(
            ["--blur", "--pixelate", "--fill"],
            .flag { options, spelling in
                switch spelling {
                case "--blur": options.anonymization = .blur
                case "--pixelate": options.anonymization = .pixelate
                default: options.anonymization = .fill
                }
                options.detector.anonymising = true
            }, section: .outputs,
            help: """
                Hide the faces in the -o images or video instead of drawing boxes: a strong blur, a mosaic of \
                about 8 cells across, or solid black
                """),
        .init(
            ["--hide-shape"], .choice { $0.hideShape = $1 }, section: .outputs, default: .value("box"),
            help: """
                What of each hidden face's box (grown by --hide-margin) is hidden: the whole box, or the ellipse \
                inscribed in it (deface's mask), which leaves the corners as they are
                """),
        .init(
            ["--hide-margin"],
            .value("F") { options, value throws(UsageError) in
                options.hideMargin = try value.number(in: 0...1, meaning: "a fraction of the face size")
            }, section: .outputs, default: .rule("0.1 in videos, 0 in photos"),
            help: "Grow each hidden face by F times its size per side, 0...1"),
        .init(
            ["--keep"],
            .value("REF") { options, value throws(UsageError) in
                options.keep.append(value.text)
                options.detector.descriptors = true
            }, section: .outputs,
            help: """
                With --blur, --pixelate or --fill: leave the faces of this person visible (REF as --match takes it) \
                and hide every other face, also one too small to tell; in a video, a track is shown once several of \
                its frames match (docs/video.md). The JSON says each face's "visibility". Repeat for more people
                """),
        .init(
            ["--hide-only"],
            .value("REF") { options, value throws(UsageError) in
                options.hideOnly.append(value.text)
                options.detector.descriptors = true
            }, section: .outputs,
            help: """
                With --blur, --pixelate or --fill: hide only the faces of this person (REF as --match takes it) and \
                faces too small to tell, leaving the others visible; in a video, a track is hidden until several of \
                its frames are someone else. Repeat for more people
                """),
        .init(
            ["--crop"], .value("DIR") { options, value throws(UsageError) in options.crop = value.text },
            section: .outputs, inputs: .photos,
            help: """
                One image per face in DIR (mirroring the inputs' tree), named <name>_face<N>.jpg (JPEG inputs) \
                or .png (the others)
                """),
        .init(
            ["--crop-margin"],
            .value("F") { options, value throws(UsageError) in
                options.cropMargin = try value.number(in: 0...10, meaning: "a fraction of the face size")
            }, section: .outputs, inputs: .photos, default: .value("0.2"),
            help: "Grow each crop by F times the face size per side, 0...10"),
        .init(
            ["--labels"], .flag { options, _ in options.labels = true }, section: .outputs, inputs: .photos,
            help: "In -o images, write each face's number, smile % and yaw above its box"),
        .init(
            ["--jpeg-quality"],
            .value("Q") { options, value throws(UsageError) in
                options.jpegQuality = try value.wholeNumber(in: 1...100)
            }, section: .outputs, inputs: .photos, default: .value("92"),
            help: "Quality of JPEG -o and --crop images, 1...100"),
        .init(
            ["--png-compression"],
            .value("L") { options, value throws(UsageError) in
                options.pngCompression = try value.wholeNumber(in: 0...9)
            }, section: .outputs, inputs: .photos, default: .value("1"),
            help: "zlib level of PNG -o and --crop images, 0...9: 1 is fast, 9 smallest and many times slower"),
        .init(
            ["-c", "--center"], .flag { options, _ in options.center = true }, section: .outputs, inputs: .photos,
            help: "Print the centre 'x y' of each face instead of 'x y w h'"),
        .init(
            ["-q", "--query"], .flag { options, _ in options.query = true }, section: .outputs, inputs: .photos,
            help: "Print nothing; exit 0 if a face was found, 2 if none"),

        // Detection.
        .init(
            ["--mode"],
            .choice { $0.detector.mode = $1 },
            section: .detection, default: .value("accurate"),
            help: """
                accurate: YuNet_n, with MTCNN's O-Net placing the landmarks (the most faces); fast: YuNet_s \
                (fewer faces in less time); thorough: every face at any cost, the mode for hiding faces (YuNet_n \
                also on the picture turned 90, 180 and 270 degrees, mirrored, and enlarged twice for faces under \
                32 px and 1.5 times under 48 px, merged by voting; what it finds and costs: docs/thorough.md). \
                All search a scale pyramid: every face from --min-face-size up to the whole frame, found once
                """),
        .init(
            ["--rotations"],
            .choice { $0.detector.rotations = $1 }, section: .detection, default: .value("none"),
            help: """
                all: also search the picture turned by 90, 180 and 270 degrees, for scans and sideways photos \
                without EXIF: the turn with the most confident faces is taken as upright, the others add faces \
                scoring 0.8 or more (thorough always does). The search costs 4 times as much (1 thread; \
                docs/thorough.md)
                """),
        .init(
            ["--detector"],
            .choice { $0.detector.detector = $1 },
            section: .detection,
            help: """
                Run this detector whatever the mode: yunet (YuNet_n), yunet-s, mtcnn (a CNN cascade), or \
                cascade (a boosted Haar cascade: frontal faces only); see docs/results.md
                """),
        .init(
            ["--landmarks"],
            .choice { $0.detector.landmarks = $1 }, section: .detection, default: .value("all"),
            help: "Android's landmarks for the face's yaw, and the Euler angles"),
        .init(
            ["--classification"],
            .choice { $0.detector.classification = $1 }, section: .detection, default: .value("all"),
            help: """
                Smiling and eye-open probabilities, for faces at least 32 px wide (smaller ones are too small \
                to tell), every face with --contours or --blendshapes
                """),
        .init(
            ["--contours"],
            .choice { $0.detector.contours = $1 }, section: .detection, default: .value("none"),
            help: """
                ML Kit's 15 contours (face oval, eyebrows, eyes, lips, nose, cheeks: 133 points) from the face \
                mesh, for every face (the smallest too), in the JSON and as lines in the -o images
                """),
        .init(
            ["--blendshapes"],
            .choice { $0.detector.blendshapes = $1 }, section: .detection, default: .value("none"),
            help: """
                MediaPipe's 52 expression coefficients (eyeBlinkLeft, jawOpen, mouthSmileLeft, ...), 0...1, \
                for every face (the smallest too), in the JSON as an object in MediaPipe's order
                """),
        .init(
            ["--descriptors"], .flag { options, _ in options.detector.descriptors = true }, section: .detection,
            help: """
                An identity descriptor per face (SFace's 128 numbers, a unit vector: faces of one person lie close \
                together), in the JSON as "descriptor"; same person and face sizes: docs/identity.md
                """),
        .init(
            ["--match"],
            .value("REF") { options, value throws(UsageError) in
                options.match.append(value.text)
                options.detector.descriptors = true
            }, section: .detection,
            help: """
                Label each face that is one of these people with "match": the person and the distance (at most \
                FaceDescriptor.samePersonDistance, measured in docs/identity.md). REF is a photo of one person (its \
                best face), a people file of facedetect group (every person in it), or one person of it: \
                FILE.json#ID or FILE.json#NAME. Repeat for more people. In a video, a track's person is decided on \
                several of its frames (docs/video.md)
                """),
        .init(
            ["--min-score"],
            .value("S") { options, value throws(UsageError) in options.detector.minScore = try value.number(in: 0...1)
            },
            section: .detection, default: .rule("YuNet 0.3 under 48 px and 0.5 above, the others 0.25"),
            help: """
                Drop faces scoring below S, 0...1 (0 keeps all). By default, YuNet's faces of 48 px or more \
                scoring under 0.6 must also be a face to the face mesh when it runs; with --blur or --pixelate \
                YuNet's thresholds are 0.2 and 0.3, without that check, as a face missed is a face shown; \
                thorough's is 0.1 on its passes' voted score
                """),
        .init(
            ["--prominent-face-only", "--biggest"], .flag { options, _ in options.detector.prominentFaceOnly = true },
            section: .detection, help: "Report only the largest face of each image"),
        .init(
            ["--min-face-size"],
            .value("Npx|F") { options, value throws(UsageError) in
                options.detector.minFaceSize = try value.minFaceSize()
            }, section: .detection, default: .value("10px"),
            help: """
                Smallest face: pixels (10px is the smallest YuNet finds) or a fraction F of the image width \
                (0 < F <= 1; 0.1 is ML Kit's camera default). The search costs about the work of the image \
                scaled so that this face is 10 px wide (time and faces found at each size: docs/defaults.md). \
                Large JPEGs are decoded at 1/2, 1/4 or 1/8 size when it allows
                """),
        .init(
            ["--best"], .flag { options, _ in options.faceChoice = .best }, section: .detection, inputs: .photos,
            help: """
                Report only the best face: the sharpest, best exposed, most frontal with open eyes \
                (captureQuality times the eyes' openness); by score, size and centrality where none was measured
                """),
        .init(
            ["--rank"], .flag { options, _ in options.rank = true }, section: .detection, inputs: .photos,
            help: """
                After the run, list the photos best first (a burst: keep the first), each as its value and \
                path: its worst face's captureQuality times the eyes' openness (everyone sharp, eyes open); \
                photos without a face measured in full last
                """),

        // Videos.
        .init(
            ["--every"],
            .value("N") { options, value throws(UsageError) in options.every = try value.wholeNumber(in: 1...100_000) },
            section: .videos, inputs: .videos, default: .value("1"), help: "Detect on every N-th frame only"),
        .init(
            ["--tracks"], .value("FILE") { options, value throws(UsageError) in options.tracks = value.text },
            section: .videos, inputs: .videos, help: "One JSON Lines summary per track (first/last/best frame)"),
        .init(
            ["--best-frames"], .value("DIR") { options, value throws(UsageError) in options.bestFrames = value.text },
            section: .videos, inputs: .videos,
            help: """
                Write each track's face on its best frame (the highest captureQuality) to DIR as \
                VIDEO_trackN.jpg, the box grown by 0.2 of its size per side
                """),
        .init(
            ["--sequence"], .value("DIR") { options, value throws(UsageError) in options.sequence = value.text },
            section: .videos, inputs: .videos,
            help: """
                Track the numbered frames (.jpg, .jpeg, .png) in DIR as one video; -o DIR writes them there, \
                hidden or drawn
                """),

        // Limits.
        .init(
            ["--max-pixels"],
            .value("N") { options, value throws(UsageError) in
                options.decodeLimits.maxPixels = try value.count(of: "pixels")
            }, section: .limits, default: .value("100000000"),
            help: "Largest image, width x height from its header, before any pixel is decoded; at most 32768 per side"),
        .init(
            ["--max-file-size"],
            .value("BYTES") { options, value throws(UsageError) in
                options.decodeLimits.maxFileBytes = try value.count(of: "bytes")
            }, section: .limits, default: .value("1073741824"), help: "Largest file read, in bytes (1 GiB = 1073741824)"
        ),

        // Batches.
        .init(
            ["--threads"],
            .value("N") { options, value throws(UsageError) in options.threads = try value.wholeNumber(in: 1...1024) },
            section: .batches, default: .rule("one per CPU core"),
            help: "Images processed at once, 1...1024; with a single image, threads for its detector"),
        .init(
            ["--progress", "--no-progress"], .flag { options, spelling in options.progress = spelling == "--progress" },
            section: .batches, default: .rule("when standard error is a terminal, for a batch or a video"),
            help: "Show a progress bar on standard error, or not"),
        .init(
            ["--resume"], .flag { options, _ in options.resume = true }, section: .batches, inputs: .photos,
            help: """
                Skip images that already have a record in the --json FILE, and append to it (a last line cut \
                short is removed first)
                """),
        .init(
            ["--shard"],
            .value("K/N|auto/N") { options, value throws(UsageError) in
                options.shard = try ShardSelection.Request.parse(value.text)
            }, section: .batches, inputs: .photos,
            help: """
                Process only shard K of N (1 <= K <= N): a stable split by a hash (FNV-1a) of each image's path \
                below its input root. auto: K from SLURM_ARRAY_TASK_ID, JOB_COMPLETION_INDEX or \
                AWS_BATCH_JOB_ARRAY_INDEX (counting from 0: index i is K = i+1)
                """),

        // Help and version.
        .init(["-h", "--help"], .command(.help), section: .general, help: "Show this help"),
        .init(["--version"], .command(.version), section: .general, help: "Show the version"),

        // Refused: Debian's older facedetect had them; the help is the reason.
        .init(
            ["-s", "--search", "--search-threshold"], .refused, section: .general,
            help: "the older facedetect's face search has no counterpart here"),
        .init(
            ["-d", "--debug"], .refused, section: .general,
            help: "the older facedetect's debug metrics have no counterpart here"),
        .init(["--data-dir"], .refused, section: .general, help: "the models are built into facedetect"),
    ]
}
