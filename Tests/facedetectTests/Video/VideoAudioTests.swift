import Foundation
import Testing

@testable import FaceDetectCLI

/// The output's sound: each audio stream copied where the container takes its codec, else
/// encoded, so that a camera's PCM sound does not stop an MP4 from being written.
struct VideoAudioTests {
    @Test func eachAudioStreamsCodecIsReadInOrder() throws {
        // ffprobe prints a stream's codec_name before its codec_type.
        let text = """
            codec_name=h264
            codec_type=video
            width=64
            height=48
            r_frame_rate=25/1
            codec_name=pcm_s16le
            codec_type=audio
            codec_type=audio
            codec_name=AAC; rm -rf
            codec_type=audio
            """
        let info = try VideoStreamInfo.parse(Array(text.utf8))
        #expect(info.audioCodecs == ["pcm_s16le", "unknown", "unknown"])
        #expect(info.hasAudio)
    }

    @Test func aStreamIsCopiedOnlyWhereTheContainerTakesItsCodec() {
        let arguments = VideoContainer.mp4.codecArguments(width: 64, height: 48, audio: ["aac", "pcm_s16le"])
        #expect(Array(arguments.suffix(6)) == ["-c:a:0", "copy", "-c:a:1", "aac", "-b:a:1", "192k"])
        #expect(VideoContainer.mov.copies(audio: "pcm_s16le") && !VideoContainer.mov.copies(audio: "opus"))
        #expect(VideoContainer.mkv.copies(audio: "unknown") && !VideoContainer.avi.copies(audio: "alac"))
        let webm = VideoContainer.webm.codecArguments(width: 64, height: 48, audio: ["vorbis", "aac"])
        #expect(Array(webm.suffix(4)) == ["-c:a:0", "copy", "-c:a:1", "libopus"])
    }

    @Test func aCamerasPCMSoundGoesIntoAnMP4AsAAC() throws {
        try withTemporaryDirectory { folder in
            let clip = folder.appendingPathComponent("camera.mov")
            try TestClips.ffmpeg([
                "-v", "error", "-f", "lavfi", "-i", "testsrc2=s=96x64:r=10:d=1", "-f", "lavfi", "-i", "sine=d=1",
                "-c:v", "libx264", "-c:a", "pcm_s16le", clip.path,
            ])
            let output = folder.appendingPathComponent("out.mp4")
            let result = try ToolProcess.run([clip.path, "-o", output.path] + VideoClipTests.flags, in: folder)
            #expect(result.status == 0, "\(result.standardError)")
            let streams = try TestClips.streams(of: output)
            #expect(streams.map { $0["codec_name"] } == ["h264", "aac"])
            let seconds = Double(streams.last?["duration"] ?? "") ?? 0
            #expect(abs(seconds - 1) < 0.05, "\(seconds) s of sound")
        }
    }

    @Test func ffmpegsFirstErrorLineSaysWhatWentWrong() throws {
        let child = try ChildProcess(
            [
                "sh", "-c",
                "echo '[mp4 @ 0x55d0c8a1e2c0] Could not find tag for codec x' >&2; echo 'Conversion failed!' >&2; exit 1",
            ], pipeInput: false, pipeOutput: false)
        #expect(child.wait() == 1)
        #expect(child.firstErrorLine == "mp4: Could not find tag for codec x")
        #expect(child.lastErrorLine == "Conversion failed!")
    }
}
