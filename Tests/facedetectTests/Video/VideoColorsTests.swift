import FaceDetection
import Foundation
import Testing

@testable import FaceDetectCLI

/// `VideoColors`: the matrix and range a stream declares, read from ffprobe and used both ways.
struct VideoColorsTests {
    @Test func theStreamsTagsChooseTheMatrixAndRange() throws {
        let text = "codec_type=video\nwidth=64\nheight=48\nr_frame_rate=25/1\npix_fmt=yuv420p\n"
        let hd = try VideoStreamInfo.parse(Array((text + "color_space=bt709\ncolor_range=tv\n").utf8)).colors
        #expect(
            hd.matrix == .bt709 && hd.range == .video
                && hd.outputTags == ["-colorspace", "bt709", "-color_range", "tv"])
        let untagged = try VideoStreamInfo.parse(Array((text + "color_space=unknown\ncolor_range=unknown\n").utf8))
        #expect(untagged.colors == .standard && untagged.colors.outputTags.isEmpty)
        // A yuv420p stream tagged full range reaches the tool as it is; ffmpeg turns yuvj420p into video range.
        let full = try VideoStreamInfo.parse(Array((text + "color_range=pc\n").utf8)).colors
        #expect(full.range == .full && full.matrix == .bt601 && full.outputTags == ["-color_range", "pc"])
        let jpeg = VideoColors(colorSpace: "bt470bg", colorRange: "pc", pixelFormat: "yuvj420p")
        #expect(jpeg.range == .video && jpeg.outputTags == ["-colorspace", "bt470bg", "-color_range", "tv"])
        // An RGB stream (FFV1, PNG in MOV) is turned into BT.601 video-range YCbCr; its `gbr` is no matrix.
        let rgb = VideoColors(colorSpace: "gbr", colorRange: "pc", pixelFormat: "bgr0")
        #expect(rgb.range == .video && rgb.matrix == .bt601 && rgb.outputTags == ["-color_range", "tv"])
        // An HDR stream's primaries and transfer are passed on too.
        let hlg = VideoColors(
            colorSpace: "bt2020nc", colorRange: "tv", pixelFormat: "yuv420p10le", primaries: "bt2020",
            transfer: "arib-std-b67")
        #expect(hlg.matrix == .bt2020)
        #expect(
            hlg.outputTags == [
                "-colorspace", "bt2020nc", "-color_range", "tv", "-color_primaries", "bt2020", "-color_trc",
                "arib-std-b67",
            ])
        // Anything but ffmpeg's own names is not passed on.
        let odd = VideoColors(
            colorSpace: "bt709 -y", colorRange: "-f", pixelFormat: nil, primaries: "unknown", transfer: "BT709")
        #expect(odd.matrix == .bt601 && odd.outputTags.isEmpty)
    }

    @Test(arguments: [PixelFormat.YUVRange.video, .full], [PixelFormat.YUVMatrix.bt601, .bt709])
    func rgbThroughYCbCrAndBackStaysClose(range: PixelFormat.YUVRange, matrix: PixelFormat.YUVMatrix) {
        let colors = VideoColors(range: range, matrix: matrix, spaceTag: nil, rangeTag: nil)
        let image = VideoFrameTests.gradient(width: 33, height: 17)
        let frame = VideoFrame(image, colors: colors)
        #expect(VideoFrameTests.largestDifference(frame.rgbImage, image) <= 4, "\(range) \(matrix)")
    }

    @Test func aBT709ClipIsReadInItsColoursAndWrittenTaggedAsIt() throws {
        try withTemporaryDirectory { folder in
            // A flat skin tone, turned into BT.709 YCbCr by ffmpeg and tagged so.
            let clip = folder.appendingPathComponent("hd.mkv")
            try TestClips.ffmpeg([
                "-v", "error", "-f", "lavfi", "-i", "color=c=0xC8785A:s=64x48:r=10:d=0.5", "-vf",
                "scale=out_color_matrix=bt709:out_range=tv,format=yuv420p", "-colorspace", "bt709", "-color_range",
                "tv", "-color_primaries", "bt709", "-color_trc", "bt709", "-c:v", "ffv1", clip.path,
            ])
            let info = try VideoProbe.probe(clip.path)
            #expect(info.colors.matrix == .bt709)
            let decoder = try VideoDecoder(path: clip.path, info: info)
            let frame = try #require(try decoder.nextFrame())
            let centre = frame.rgbImage[32, 24]
            let error = max(abs(Int(centre.r) - 0xC8), abs(Int(centre.g) - 0x78), abs(Int(centre.b) - 0x5A))
            #expect(error <= 4, "\(centre)")  // read as BT.601 it would be 8 off
            while try decoder.nextFrame() != nil {}

            let output = folder.appendingPathComponent("out.mp4")
            let result = try ToolProcess.run([clip.path, "-o", output.path] + VideoClipTests.flags, in: folder)
            #expect(result.status == 0, "\(result.standardError)")
            let tags = try TestClips.ffmpeg(
                [
                    "-v", "error", "-show_entries", "stream=color_space,color_range,color_primaries,color_transfer",
                    "-of", "csv=p=0", output.path,
                ],
                program: "ffprobe")
            #expect(
                String(decoding: tags, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
                    == "tv,bt709,bt709,bt709")
        }
    }

    @Test func anRGBClipIsReadInTheColoursFFmpegConvertsItTo() throws {
        try withTemporaryDirectory { folder in
            // FFV1 in RGB, tagged full range: ffmpeg hands it over as BT.601 video-range YCbCr.
            let clip = folder.appendingPathComponent("rgb.mkv")
            try TestClips.ffmpeg([
                "-v", "error", "-f", "lavfi", "-i", "color=c=0xC8785A:s=64x48:r=10:d=0.3", "-pix_fmt", "gbrp",
                "-c:v", "ffv1", clip.path,
            ])
            let info = try VideoProbe.probe(clip.path)
            let decoder = try VideoDecoder(path: clip.path, info: info)
            let frame = try #require(try decoder.nextFrame())
            let centre = frame.rgbImage[32, 24]
            let error = max(abs(Int(centre.r) - 0xC8), abs(Int(centre.g) - 0x78), abs(Int(centre.b) - 0x5A))
            #expect(error <= 4, "\(centre)")  // read as full range it was 12 off
            while try decoder.nextFrame() != nil {}
        }
    }
}
