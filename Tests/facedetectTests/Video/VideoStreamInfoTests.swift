import Foundation
import Testing

@testable import FaceDetectCLI

/// What Debian's ffprobe 5.1 prints for an MP4 with H.264 video and AAC audio.
private let realOutput = """
    codec_type=video
    width=320
    height=240
    r_frame_rate=30000/1001
    duration=2.002000
    nb_frames=60
    codec_type=audio
    r_frame_rate=0/0
    duration=2.000000
    nb_frames=88
    duration=2.002000

    """

@Test func parsesRealProbeOutput() throws {
    let info = try VideoStreamInfo.parse(Array(realOutput.utf8))
    #expect(info.width == 320 && info.height == 240)
    #expect(info.frameRate == .init(numerator: 30000, denominator: 1001))
    #expect(info.frameCount == 60)
    #expect(info.duration == 2.002)
    #expect(info.hasAudio)
}

@Test func aTimeBaseGivenAsTheFrameRateGivesWayToTheAverage() throws {
    // A browser's WebM recording: r_frame_rate is the millisecond time base.
    let text = "codec_type=video\nwidth=64\nheight=48\nr_frame_rate=1000/1\navg_frame_rate=30/1\n"
    #expect(try VideoStreamInfo.parse(Array(text.utf8)).frameRate == .init(numerator: 30, denominator: 1))
    // A phone's variable rate keeps its nominal rate: a frame held longer is repeated, none dropped.
    let dark = "codec_type=video\nwidth=64\nheight=48\nr_frame_rate=60/1\navg_frame_rate=25/1\n"
    #expect(try VideoStreamInfo.parse(Array(dark.utf8)).frameRate == .init(numerator: 60, denominator: 1))
    let phone = "codec_type=video\nwidth=64\nheight=48\nr_frame_rate=30/1\navg_frame_rate=2997/100\n"
    #expect(try VideoStreamInfo.parse(Array(phone.utf8)).frameRate == .init(numerator: 30, denominator: 1))
}

@Test func aRotatedStreamSwapsItsSides() throws {
    let text = "codec_type=video\nwidth=320\nheight=240\nr_frame_rate=25/1\nnb_frames=N/A\nrotation=-90\n"
    let info = try VideoStreamInfo.parse(Array(text.utf8))
    #expect(info.width == 240 && info.height == 320)
    #expect(info.frameCount == nil && info.duration == nil && !info.hasAudio)
}

@Test func onlyTheFirstVideoStreamCounts() throws {
    let text =
        "codec_type=audio\nwidth=9\ncodec_type=video\nwidth=64\nheight=48\nr_frame_rate=10/1\r\n"
        + "codec_type=video\nwidth=1\nheight=1\nr_frame_rate=1/1\n"
    let info = try VideoStreamInfo.parse(Array(text.utf8))
    #expect(info.width == 64 && info.height == 48 && info.frameRate.value == 10 && info.hasAudio)
}

@Test func hostileProbeOutputIsRefusedNotTrusted() {
    let cases: [(String, VideoStreamInfo.ParseError)] = [
        ("", .noVideoStream),
        ("codec_type=audio\nduration=3\n", .noVideoStream),
        ("codec_type=video\n", .badValue("width, height")),
        ("codec_type=video\nwidth=0\nheight=10\nr_frame_rate=1/1\n", .badSize(width: 0, height: 10)),
        ("codec_type=video\nwidth=-5\nheight=10\nr_frame_rate=1/1\n", .badSize(width: -5, height: 10)),
        ("codec_type=video\nwidth=40000\nheight=10\nr_frame_rate=1/1\n", .badSize(width: 40000, height: 10)),
        ("codec_type=video\nwidth=99999999999999999999\nheight=10\n", .badValue("width, height")),
        ("codec_type=video\nwidth=1e3\nheight=10\n", .badValue("width, height")),
        ("codec_type=video\nwidth=10\nheight=10\nr_frame_rate=0/0\n", .badValue("r_frame_rate")),
        ("codec_type=video\nwidth=10\nheight=10\nr_frame_rate=1/0\n", .badValue("r_frame_rate")),
        ("codec_type=video\nwidth=10\nheight=10\nr_frame_rate=30\n", .badValue("r_frame_rate")),
        ("codec_type=video\nwidth=10\nheight=10\nr_frame_rate=1/1/1\n", .badValue("r_frame_rate")),
        ("codec_type=video\nwidth=10\nheight=10\nr_frame_rate=100000/1\n", .badValue("r_frame_rate")),
        ("codec_type=video\nwidth=10\nheight=10\nr_frame_rate=-30/-1\n", .badValue("r_frame_rate")),
        ("codec_type=video\nwidth=10\nheight=10\nr_frame_rate=\u{0}/1\n", .badValue("r_frame_rate")),
    ]
    for (text, expected) in cases {
        #expect(throws: expected, "\(text.debugDescription)") { try VideoStreamInfo.parse(Array(text.utf8)) }
    }
}

@Test func unusableOptionalValuesAreDroppedNotTrusted() throws {
    let text =
        "codec_type=video\nwidth=10\nheight=10\nr_frame_rate=10/1\nnb_frames=-4\nduration=nan\n"
        + "duration=1e400\n\u{FF}\u{FE}=\u{0}\n=\nno equals sign\n"
    let info = try VideoStreamInfo.parse(Array(text.utf8))
    #expect(info.frameCount == nil && info.duration == nil)
    // Invalid UTF-8 and a huge input are read without trouble (only the first 64 KiB are looked at).
    var bytes: [UInt8] = Array("codec_type=video\nwidth=8\nheight=8\nr_frame_rate=1/1\n".utf8)
    bytes += [0xFF, 0xC0, 0x3D, 0x0A] + [UInt8](repeating: 0x3D, count: 200_000)
    #expect(try VideoStreamInfo.parse(bytes).width == 8)
}

@Test func containersAreRecognisedByContentThenName() {
    func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }
    #expect(VideoContainer.sniff([0, 0, 0, 0x20] + bytes("ftypisom") + [0, 0]) == .mp4)
    #expect(VideoContainer.sniff([0, 0, 0, 0x14] + bytes("ftypqt  ")) == .mov)
    #expect(VideoContainer.sniff([0x1A, 0x45, 0xDF, 0xA3, 0x9F, 0x42, 0x82, 0x84] + bytes("webm")) == .webm)
    #expect(VideoContainer.sniff([0x1A, 0x45, 0xDF, 0xA3, 0x9F, 0x42, 0x82, 0x88] + bytes("matroska")) == .mkv)
    #expect(VideoContainer.sniff(bytes("RIFF") + [1, 2, 3, 4] + bytes("AVI LIST")) == .avi)
    #expect(VideoContainer.sniff(bytes("RIFF") + [1, 2, 3, 4] + bytes("WAVEfmt ")) == nil)
    #expect(VideoContainer.sniff([0x89] + bytes("PNG\r\n\u{1A}\n1234")) == nil)
    #expect(VideoContainer.sniff([0, 0]) == nil)
    #expect(VideoContainer(path: "a/B.MKV") == .mkv && VideoContainer(path: "x.m4v") == .mp4)
    #expect(VideoContainer(path: "photo.jpg") == nil && VideoContainer(path: "mp4") == nil)
}

@Test func realProbeOutputsOfEachContainerParse() throws {
    let folder = ToolProcess.packageRoot.appendingPathComponent("Fixtures/video/probe")
    let expected: [String: (Int, Int, Double)] = [
        "t-mp4.txt": (320, 240, 30), "rot-mp4.txt": (240, 320, 30), "s-webm.txt": (64, 48, 25),
        "s-avi.txt": (64, 48, 30000.0 / 1001), "s-mov.txt": (64, 48, 24), "whole-mkv.txt": (320, 240, 10),
    ]
    for (name, (width, height, rate)) in expected {
        let bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))
        let info = try VideoStreamInfo.parse(bytes)
        #expect(info.width == width && info.height == height && abs(info.frameRate.value - rate) < 1e-9, "\(name)")
    }
    let audioOnly = [UInt8](try Data(contentsOf: folder.appendingPathComponent("audio-mp4.txt")))
    #expect(throws: VideoStreamInfo.ParseError.noVideoStream) { try VideoStreamInfo.parse(audioOnly) }
}
