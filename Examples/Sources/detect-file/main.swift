import FaceDetection
import FaceDetectionIO

let detector = FaceDetector(options: .init(mode: .accurate, minFaceSize: .pixels(80)))
let photo = try DecodedImage(contentsOf: "photo.jpg", reducedFor: detector)  // only as large as 80-px faces need
for face in detector.detect(in: photo) { print(face.bounds) }                // in the full photo's pixels
