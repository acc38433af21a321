import FaceDetection
import FaceDetectionIO

let image = try DecodedImage(contentsOf: "photo.jpg").image  // upright: EXIF orientation applied
try image.write(to: "copy.png")                               // atomic; format from the extension
