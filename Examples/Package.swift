// swift-tools-version:6.0
import PackageDescription

/// The library's examples as an outside package would use them: each executable's `main.swift` is
/// one snippet of README.md or the DocC articles, verbatim (`tools/dev/examples.sh` checks that, builds
/// them and runs them on a fixture photo).
/// Both library products, as an app that reads photos depends on them.
let libraries: [Target.Dependency] = [
    .product(name: "FaceDetection", package: "facedetect"),
    .product(name: "FaceDetectionIO", package: "facedetect"),
]

let package = Package(
    name: "facedetect-examples",
    // As the library's own: a dependent may not ask for older Apple systems than its dependency.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    dependencies: [.package(name: "facedetect", path: "..")],
    targets: [
        // MARK: - README "The library" and Getting started, "Find the faces in a photo"

        .executableTarget(name: "find-faces", dependencies: libraries),

        // MARK: - Getting started: camera frames, cancellation

        .executableTarget(name: "camera-frame", dependencies: libraries),
        .executableTarget(name: "cancel-search", dependencies: libraries),

        // MARK: - The FaceDetection and FaceDetectionIO overviews

        .executableTarget(name: "detect-frame", dependencies: [.product(name: "FaceDetection", package: "facedetect")]),
        .executableTarget(name: "read-write", dependencies: libraries),
        .executableTarget(name: "detect-file", dependencies: libraries),
    ],
    swiftLanguageModes: [.v6]
)
