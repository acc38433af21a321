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
            (["clip.mp4", "--blur"], "--blur and --pixelate need -o"),
        ]
        for (arguments, message) in cases {
            let result = try ToolProcess.run(arguments, in: folder)
            #expect(result.status == 64, "\(arguments)")
            #expect(result.standardError.contains(message), "\(arguments): \(result.standardError)")
        }
    }
}
