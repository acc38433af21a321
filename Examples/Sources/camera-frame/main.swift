import FaceDetection
import FaceDetectionIO

// A camera hands out BGRA frames with padded rows; here one is made from a photo.
let photo = try DecodedImage(contentsOf: "photo.jpg").image
let bytesPerRow = photo.width * 4 + 64
var frame = [UInt8](repeating: 0, count: bytesPerRow * photo.height)
for y in 0..<photo.height {
    for x in 0..<photo.width {
        let color = photo[x, y]
        let i = y * bytesPerRow + x * 4
        (frame[i], frame[i + 1], frame[i + 2], frame[i + 3]) = (color.b, color.g, color.r, 255)
    }
}
let detector = FaceDetector()
let faces = try frame.withUnsafeBytes { bytes in
    let buffer = try PixelBuffer(
        width: photo.width, height: photo.height, format: .bgra8(.straight),
        planes: [.init(bytes: bytes, bytesPerRow: bytesPerRow)], orientation: .up)
    return detector.detect(in: buffer)   // the frame's memory is read during this call only
}
print(faces.map(\.bounds))
