// swift-tools-version:6.0
import PackageDescription

/// The library's examples as an outside package would use them: each executable's `main.swift` is
/// one snippet of README.md or the DocC articles, verbatim (`tools/examples.sh` checks that, builds
/// them and runs them on a fixture photo).
let package = Package(
    name: "facedetect-examples",
    dependencies: [.package(name: "facedetect", path: "..")],
    targets: [
        // MARK: - README "The library" and Getting started, "Find the faces in a photo"

        .executableTarget(
            name: "find-faces",
            dependencies: [
                .product(name: "FaceDetection", package: "facedetect"),
                .product(name: "FaceDetectionIO", package: "facedetect"),
            ]),

        // MARK: - Getting started: camera frames, cancellation

        .executableTarget(
            name: "camera-frame",
            dependencies: [
                .product(name: "FaceDetection", package: "facedetect"),
                .product(name: "FaceDetectionIO", package: "facedetect"),
            ]),
        .executableTarget(
            name: "cancel-search",
            dependencies: [
                .product(name: "FaceDetection", package: "facedetect"),
                .product(name: "FaceDetectionIO", package: "facedetect"),
            ]),

        // MARK: - The FaceDetection and FaceDetectionIO overviews

        .executableTarget(name: "detect-frame", dependencies: [.product(name: "FaceDetection", package: "facedetect")]),
        .executableTarget(
            name: "read-write",
            dependencies: [
                .product(name: "FaceDetection", package: "facedetect"),
                .product(name: "FaceDetectionIO", package: "facedetect"),
            ]),
        .executableTarget(
            name: "detect-file",
            dependencies: [
                .product(name: "FaceDetection", package: "facedetect"),
                .product(name: "FaceDetectionIO", package: "facedetect"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
