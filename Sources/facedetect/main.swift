import FaceDetectCLI

FaceDetectTool.main()
