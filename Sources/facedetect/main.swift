import FaceDetection
print("facedetect")
