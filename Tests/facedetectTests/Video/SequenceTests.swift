import FaceDetection
import Foundation
import Testing

@testable import FaceDetectCLI

@Test func sequenceFramesComeInTheOrderOfTheirNumbers() {
    let names = ["f10.png", "f2.png", "notes.txt", "f1.JPG", "f02b.png", "g1.png", "f1.png", "f010.png"]
    #expect(
        SequenceRun.frameNames(names) == ["f1.JPG", "f1.png", "f2.png", "f02b.png", "f10.png", "f010.png", "g1.png"])
}

@Test func aSequenceOfFramesIsTrackedAndHiddenLikeAVideo() throws {
    try withTemporaryDirectory { folder in
        let clip = folder.appendingPathComponent("clip.mp4")
        let faces = TestClips.MovingFace.crossing
        try TestClips.make(faces, seconds: 1.2, audio: false, to: clip)
        let frames = try folder.folder("frames")
        try TestClips.ffmpeg(["-v", "error", "-i", clip.path, "-start_number", "1", frames.path + "/frame%d.png"])
        let result = try ToolProcess.run(
            ["--sequence", "frames", "-o", "hidden", "--blur", "--json", "-"] + VideoClipTests.flags, in: folder)
        #expect(result.status == 0, "\(result.standardError)")
        let records = try TestInputs.records(result.standardOutput)
        #expect(records.map { $0["file"] as? String } == (1...12).map { "frames/frame\($0).png" })
        var idsOfFace: [Set<Int>] = [[], []]
        for (frame, record) in records.enumerated() {
            let ids = VideoClipTests.ids(in: record, matching: faces.map { $0.faceBox(at: Double(frame) / 10) })
            for (index, id) in ids.enumerated() { if let id { idsOfFace[index].insert(id) } }
        }
        #expect(idsOfFace[0].count == 1 && idsOfFace[1].count == 1 && idsOfFace[0] != idsOfFace[1], "\(idsOfFace)")
        for frame in 1...12 {
            let original = try RGBImage(contentsOf: frames.path + "/frame\(frame).png")
            let hidden = try RGBImage(contentsOf: folder.path + "/hidden/frame\(frame).png")
            for face in faces {
                let box = VideoClipTests.inner(face.faceBox(at: Double(frame - 1) / 10))
                #expect(TestClips.detail(of: hidden, in: box) < 0.5 * TestClips.detail(of: original, in: box))
            }
        }
    }
}
