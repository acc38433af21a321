import FaceDetection     // pure Swift: images, detectors, landmarks, attributes, drawing
import FaceDetectionIO   // JPEG/PNG files through libjpeg and libpng

let detector = FaceDetector()                          // the tool's defaults: every face from 10 px
let photo = try DecodedImage(contentsOf: "photo.jpg")  // upright: EXIF orientation applied
for face in detector.detect(in: photo) {               // thread-safe: share one detector
    print(face.bounds, face.score, face.eulerY ?? 0, face.smilingProbability ?? 0)
    if let eye = face.landmark(.leftEye) { print(eye.position) }
}
var canvas = photo.image
canvas.draw(detector.detect(in: photo))               // boxes and landmark dots
try canvas.write(to: "faces.png")                      // atomic; format from the extension
