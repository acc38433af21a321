import FaceDetection     // pure Swift: images, detectors, landmarks, attributes, drawing
import FaceDetectionIO   // JPEG/PNG files through libjpeg and libpng

let detector = FaceDetector()                          // the tool's defaults: every face from 10 px
let photo = try DecodedImage(contentsOf: "photo.jpg")  // upright: EXIF orientation applied
let faces = detector.detect(in: photo)                 // thread-safe: share one detector
for face in faces {
    print(face.bounds, face.score, face.eulerY ?? 0, face.smilingProbability ?? 0)
    if let eye = face.landmark(.leftEye) { print(eye.position) }
}
var canvas = photo.image
canvas.draw(faces)                                     // boxes and landmark dots
try canvas.write(to: "faces.png")                      // atomic; format from the extension
