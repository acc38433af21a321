import Foundation
import Testing

@testable import FaceDetectCLI

@Test func videoOptionsAreParsedAndChecked() throws {
    guard
        case .detect(let options) = try Command.parse([
            "a.mp4", "--every", "5", "--tracks", "t.jsonl", "--hide-margin", "0.3",
        ])
    else {
        Issue.record("not a detect command")
        return
    }
    #expect(options.every == 5 && options.tracks == "t.jsonl" && options.hideMargin == 0.3)
    for bad in [["--every", "0"], ["--every", "x"], ["--hide-margin", "2"], ["--hide-margin", "nan"]] {
        #expect(throws: UsageError.self) { try Command.parse(["a.mp4"] + bad) }
    }
}

@Test func videoOnlyOptionsAndMixedInputsAreUsageErrors() throws {
    try withTemporaryDirectory { folder in
        try TestInputs.copyFixture("astronaut.png", to: folder.appendingPathComponent("a.png"))
        let cases: [([String], String)] = [
            (["a.png", "--every", "2"], "--every is for videos"),
            (["a.png", "--tracks", "t.jsonl"], "--tracks is for videos"),
            (["a.png", "clip.mp4"], "videos and images cannot be mixed"),
            (["clip.mp4", "--csv", "x.csv"], "--csv is for photos"),
            (["clip.mp4", "--blur"], "--blur, --pixelate and --fill need -o"),
        ]
        for (arguments, message) in cases {
            let result = try ToolProcess.run(arguments, in: folder)
            #expect(result.status == 64, "\(arguments)")
            #expect(result.standardError.contains(message), "\(arguments): \(result.standardError)")
        }
    }
}

/// What `-o` means is decided once for photos, videos and sequences: a format its extension does
/// not tell, a file where several inputs need a folder and an input folder are usage errors (64)
/// for each, found before any input is read.
@Test func outputMistakesAreUsageErrorsForPhotosVideosAndSequences() throws {
    try withTemporaryDirectory { folder in
        try TestInputs.copyFixture("astronaut.png", to: folder.appendingPathComponent("a.png"))
        _ = try folder.folder("frames")
        try Data("text".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        let cases: [([String], String)] = [
            (["a.png", "-o", "out.mpg"], "-o: cannot tell the image format of 'out.mpg' (use .png, .jpg or .jpeg)"),
            (
                ["clip.mp4", "-o", "out.mpg"],
                "-o: cannot tell the video format of 'out.mpg' (use .mp4, .mov, .mkv, .webm or .avi)"
            ),
            (["a.png", "b.png", "-o", "out.png"], "-o: 'out.png' looks like an image file, but several inputs"),
            (["a.mp4", "b.mp4", "-o", "out.mp4"], "-o: 'out.mp4' looks like a video file, but several inputs"),
            (["a.mp4", "b.mp4", "-o", "notes.txt"], "-o: 'notes.txt' must be a directory when there are several"),
            (["--sequence", "frames", "-o", "frames"], "-o: 'frames' is the input directory 'frames'; choose another"),
            (["--sequence", "frames", "-o", "notes.txt"], "-o: 'notes.txt' must be a directory"),
        ]
        for (arguments, message) in cases {
            let result = try ToolProcess.run(arguments + ["--no-progress"], in: folder)
            #expect(result.status == 64, "\(arguments): \(result.standardError)")
            #expect(result.errorLines.count == 1, "\(arguments): \(result.standardError)")
            #expect(result.standardError.hasPrefix("facedetect: " + message), "\(arguments): \(result.standardError)")
        }
        // Nothing was written.
        #expect(
            Set(try FileManager.default.contentsOfDirectory(atPath: folder.path)) == ["a.png", "frames", "notes.txt"])
    }
}

/// An output named on the command line that is an input is refused before anything is read, with
/// one line naming it and exit 1, for videos as for photos (`OutputFaultTests.noOutputReplacesAnInput`).
@Test func anOutputThatIsAnInputVideoIsRefusedBeforeAnythingIsRead() throws {
    try withTemporaryDirectory { folder in
        // Never probed: the refusal comes first.
        let clip = folder.appendingPathComponent("clip.mp4")
        try Data("not read".utf8).write(to: clip)
        for extra in [["-o", "clip.mp4"], ["--json=clip.mp4"], ["--tracks", "clip.mp4"], ["-o", "."]] {
            let result = try ToolProcess.run(["clip.mp4", "--no-progress"] + extra, in: folder)
            let path = extra.last == "." ? "./clip.mp4" : "clip.mp4"
            #expect(result.status == 1, "\(extra): \(result.standardError)")
            #expect(result.errorLines == ["error: \(path): refusing to overwrite an input of this run"], "\(extra)")
            #expect(try Data(contentsOf: clip) == Data("not read".utf8))
        }
    }
}
