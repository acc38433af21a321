import FaceDetection
import FaceDetectionIO

let detector = FaceDetector(options: .init(mode: .accurate, landmarks: .all, classification: .all))
let image = try DecodedImage(contentsOf: "photo.jpg").image
let search = Task { try await detector.process(image) }   // checks cancellation between stages
// search.cancel() here would make it throw CancellationError instead
for face in try await search.value {
    print(face.bounds, face.smilingProbability ?? 0)
}
