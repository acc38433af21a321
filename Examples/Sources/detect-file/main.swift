import FaceDetection
import FaceDetectionIO

let detector = FaceDetector(options: .init(mode: .accurate, minFaceSize: .pixels(80)))
let faces = try detector.detect(inFileAt: "photo.jpg")  // decoded only as large as 80-px faces need
for face in faces { print(face.bounds) }                // in the full photo's pixels
