extension CommandLineOption {
    /// The options of `facedetect group`, in the order `facedetect group --help` and docs/usage.md
    /// list them: its own, then those it shares with detection (declared once, in `all`).
    static let group: [CommandLineOption] =
        [
            .init(
                ["--people"], .value("FILE") { options, value throws(UsageError) in options.people = value.text },
                section: .outputs,
                help: """
                    The people file (JSON), written atomically. When FILE exists it is read first: its people \
                    keep their ids and the names written into it, its files are not measured again, and the new \
                    faces join its people or make new ones
                    """),
            .init(
                ["--html"], .value("FILE") { options, value throws(UsageError) in options.html = value.text },
                section: .outputs,
                help: """
                    The people page: one row per person with the faces' thumbnails (written beside FILE), \
                    the count, the name and links to the photos
                    """),
            .init(
                ["--every"],
                .value("N") { options, value throws(UsageError) in
                    options.every = try value.wholeNumber(in: 1...100_000)
                }, section: .videos, default: .rule("25, about one frame a second"),
                help: "In a video input, look for faces on every N-th frame only"),
        ] + all.filter { ["--max-pixels", "--max-file-size", "--threads", "--progress"].contains($0.name) } + [
            .init(["-h", "--help"], .command(.groupHelp), section: .general, help: "Show this help")
        ]
}
