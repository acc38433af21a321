// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "facedetect",
    products: [
        .library(name: "FaceDetection", targets: ["FaceDetection"]),
        .library(name: "FaceDetectionIO", targets: ["FaceDetectionIO"]),
        .executable(name: "facedetect", targets: ["facedetect"]),
    ],
    targets: [
        // MARK: - C at the edge

        /// libjpeg(-turbo) decode/encode, each call inside one setjmp.
        .target(name: "CJPEG", linkerSettings: [.linkedLibrary("jpeg")]),
        /// libpng's simplified API.
        .target(name: "CPNG", linkerSettings: [.linkedLibrary("png16")]),
        /// The default trained models, embedded into the binary with C23 #embed.
        .target(name: "CModels"),

        // MARK: - Swift

        /// Pure-Swift core: images, detectors, landmarks, attributes, drawing.
        .target(name: "FaceDetection", dependencies: ["CModels"], linkerSettings: [.linkedLibrary("m")]),
        /// Files: JPEG/PNG decode and encode, EXIF orientation, atomic writes.
        .target(name: "FaceDetectionIO", dependencies: ["FaceDetection", "CJPEG", "CPNG"]),
        /// The command-line tool.
        .executableTarget(name: "facedetect", dependencies: ["FaceDetection", "FaceDetectionIO"]),

        // MARK: - Tests

        .testTarget(name: "FaceDetectionTests", dependencies: ["FaceDetection"]),
        .testTarget(name: "FaceDetectionIOTests", dependencies: ["FaceDetectionIO"]),
        .testTarget(name: "facedetectTests", dependencies: ["facedetect", "FaceDetectionIO"]),
    ],
    swiftLanguageModes: [.v6],
    cLanguageStandard: .c2x
)
