import FaceDetection
import FaceDetectionIO

let image = try RGBImage(contentsOf: "photo.jpg")   // upright: EXIF orientation applied
try image.write(to: "copy.png")                      // atomic; format from the extension
