import FaceDetection
import Foundation

/// Short video clips made by `ffmpeg` from the fixture photos, with the truth known: where each
/// face is in every frame.
enum TestClips {
    /// A face cut from a fixture photo and moved across the clip at constant speed while shown.
    struct MovingFace {
        /// The fixture photo.
        var fixture: String
        /// The part of the photo pasted, `x:y:w:h` in photo pixels.
        var crop: Rect
        /// The face inside that part, in photo pixels.
        var face: Rect
        /// The pasted size in the clip.
        var width: Float, height: Float
        /// Where the pasted part's top-left corner is at time 0, in clip pixels.
        var x: Float, y: Float
        /// Its speed in pixels per second.
        var vx: Float, vy: Float = 0
        /// The time intervals (seconds, start inclusive, end exclusive) in which it is shown.
        var shown: [ClosedRange<Double>] = [0...1e9]

        /// The astronaut's face, pasted 90 × 104.
        static func astronaut(x: Float, y: Float, vx: Float) -> MovingFace {
            MovingFace(
                fixture: "astronaut.png", crop: Rect(x: 160, y: 50, width: 130, height: 150),
                face: TestInputs.astronautFace, width: 90, height: 104, x: x, y: y, vx: vx)
        }

        /// Grace Hopper's face, pasted 90 × 104.
        static func graceHopper(x: Float, y: Float, vx: Float) -> MovingFace {
            MovingFace(
                fixture: "grace_hopper.jpg", crop: Rect(x: 130, y: 80, width: 260, height: 300),
                face: TestInputs.graceHopperFace, width: 90, height: 104, x: x, y: y, vx: vx)
        }

        /// The astronaut from the left and Grace Hopper from the right, crossing in the middle.
        static let crossing = [astronaut(x: 0, y: 5, vx: 60), graceHopper(x: 198, y: 70, vx: -60)]

        /// Whether it is shown at time `t`.
        func isShown(at t: Double) -> Bool { shown.contains { $0.lowerBound <= t && t < $0.upperBound } }

        /// The face's box in the clip at time `t` (ffmpeg places overlays at whole pixels).
        func faceBox(at t: Double) -> Rect {
            let left = (x + vx * Float(t)).rounded(.down)
            let top = (y + vy * Float(t)).rounded(.down)
            let sx = width / crop.width
            let sy = height / crop.height
            return Rect(
                x: left + (face.x - crop.x) * sx, y: top + (face.y - crop.y) * sy, width: face.width * sx,
                height: face.height * sy)
        }

        /// The ffmpeg overlay expression text for x and y.
        var overlay: String {
            let enable = shown.map { "between(t,\($0.lowerBound),\($0.upperBound - 0.0001))" }.joined(separator: "+")
            return "x='\(x)+\(vx)*t':y='\(y)+\(vy)*t':enable='\(enable)'"
        }
    }

    /// Makes a clip of `faces` on a plain background (an H.264 MP4 unless `url` says otherwise),
    /// with a sine tone as audio when `audio`.
    static func make(
        _ faces: [MovingFace], width: Int = 288, height: Int = 180, fps: Int = 10, seconds: Double,
        audio: Bool = true, to url: URL
    ) throws {
        var arguments = [
            "-v", "error", "-y", "-f", "lavfi", "-i", "color=c=0x5a6a7a:s=\(width)x\(height):r=\(fps):d=\(seconds)",
        ]
        for face in faces {
            arguments += ["-loop", "1", "-i", TestInputs.fixture(face.fixture).path]
        }
        var graph: [String] = []
        var last = "0"
        for (index, face) in faces.enumerated() {
            let c = face.crop
            graph.append(
                "[\(index + 1)]crop=\(Int(c.width)):\(Int(c.height)):\(Int(c.x)):\(Int(c.y)),"
                    + "scale=\(Int(face.width)):\(Int(face.height))[p\(index)]")
            graph.append("[\(last)][p\(index)]overlay=\(face.overlay):shortest=1[v\(index)]")
            last = "v\(index)"
        }
        if audio { arguments += ["-f", "lavfi", "-i", "sine=frequency=300:duration=\(seconds)"] }
        arguments += ["-filter_complex", graph.joined(separator: ";"), "-map", "[\(last)]"]
        if audio { arguments += ["-map", "\(faces.count + 1):a", "-c:a", "aac"] }
        arguments += ["-c:v", "libx264", "-preset", "ultrafast", "-crf", "12", "-pix_fmt", "yuv420p", url.path]
        try ffmpeg(arguments)
    }

    /// Runs `ffmpeg` with `arguments`, returning its standard output; throws when it fails.
    @discardableResult
    static func ffmpeg(_ arguments: [String], program: String = "ffmpeg") throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [program] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw TestInputError(message: "\(program) \(arguments.joined(separator: " ")) failed")
        }
        return data
    }

    /// Every frame of the video at `url` as RGB images of `width` × `height`.
    static func frames(of url: URL, width: Int, height: Int) throws -> [RGBImage] {
        let data = try ffmpeg(["-v", "error", "-i", url.path, "-f", "rawvideo", "-pix_fmt", "rgb24", "pipe:1"])
        let size = width * height * 3
        return stride(from: 0, to: data.count - size + 1, by: size).map { start in
            RGBImage(width: width, height: height, pixels: [UInt8](data[start..<(start + size)]))
        }
    }

    /// `ffprobe`'s `key=value` description of `url`'s streams (codec_type, codec_name, nb_frames, duration).
    static func streams(of url: URL) throws -> [[String: String]] {
        let data = try ffmpeg(
            [
                "-v", "error", "-show_entries", "stream=codec_type,codec_name,nb_frames,duration", "-of", "json",
                url.path,
            ], program: "ffprobe")
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        let streams = object?["streams"] as? [[String: Any]] ?? []
        return streams.map { $0.mapValues { "\($0)" } }
    }

    /// The sum of absolute differences between horizontal neighbours inside `box` (detail: a
    /// blurred face has far less than a sharp one).
    static func detail(of image: RGBImage, in box: Rect) -> Double {
        let x0 = max(0, Int(box.x.rounded(.up)))
        let y0 = max(0, Int(box.y.rounded(.up)))
        let x1 = min(image.width, Int(box.maxX.rounded(.down)))
        let y1 = min(image.height, Int(box.maxY.rounded(.down)))
        var sum = 0.0
        guard x1 - x0 > 1, y1 > y0 else { return 0 }
        for y in y0..<y1 {
            for x in x0..<(x1 - 1) {
                for c in 0..<3 {
                    let a = Int(image.pixels[(y * image.width + x) * 3 + c])
                    let b = Int(image.pixels[(y * image.width + x + 1) * 3 + c])
                    sum += Double(abs(a - b))
                }
            }
        }
        return sum
    }

    /// Whether `box` lies wholly inside a frame of `width` × `height`.
    static func isInside(_ box: Rect, width: Int, height: Int) -> Bool {
        box.x >= 0 && box.y >= 0 && box.maxX <= Float(width) && box.maxY <= Float(height)
    }
}
