import FaceDetection

let frame = RGBImage(width: 640, height: 480, fill: RGB(128, 128, 128))   // e.g. a camera frame
let detector = FaceDetector(options: .init(mode: .accurate, landmarks: .all))
let faces = detector.detect(in: frame)   // non-throwing; faces in the frame's pixel coordinates
print(faces.count, "faces")
