// swift-tools-version:6.0
import PackageDescription

/// Development benchmarks and evaluation harnesses for facedetect: not part of the product, not
/// built by `swift build` or `swift test` in the root package, and not run by CI.
/// Build: `swift build -c release --package-path Benchmarks`.
let package = Package(
    name: "facedetect-benchmarks",
    dependencies: [
        .package(name: "facedetect", path: "..")
    ],
    targets: [
        /// Image lists, PPM reading, repeated timing with a median.
        .target(
            name: "BenchmarkSupport",
            dependencies: [
                .product(name: "FaceDetection", package: "facedetect"),
                .product(name: "FaceDetectionIO", package: "facedetect"),
            ]),
        /// Times the Haar cascade detector directly, with any scan settings.
        .executableTarget(
            name: "cascade-bench",
            dependencies: [
                "BenchmarkSupport", .product(name: "FaceDetection", package: "facedetect"),
                .product(name: "FaceDetectionIO", package: "facedetect"),
            ]),
        /// Times the public `FaceDetector` (any mode, landmarks, classification).
        .executableTarget(
            name: "detect-bench",
            dependencies: [
                "BenchmarkSupport", .product(name: "FaceDetection", package: "facedetect"),
                .product(name: "FaceDetectionIO", package: "facedetect"),
            ]),
        /// Times YuNet's network alone, layer by layer, against its multiply-adds (`@testable`: build
        /// with `-Xswiftc -enable-testing`).
        .executableTarget(
            name: "yunet-bench",
            dependencies: [
                "BenchmarkSupport", .product(name: "FaceDetection", package: "facedetect"),
                .product(name: "FaceDetectionIO", package: "facedetect"),
            ]),
        /// Times the mesh stage (`FaceMeshEstimator`) per face.
        .executableTarget(
            name: "mesh-bench",
            dependencies: [
                "BenchmarkSupport", .product(name: "FaceDetection", package: "facedetect"),
            ]),
        /// Times `ImageCodec.read` per file (JPEG, PNG, HEIF, AVIF, WebP), to compare the decoders
        /// with their libraries' own command-line tools (tools/photo_formats_check.sh).
        .executableTarget(
            name: "decode-bench",
            dependencies: [
                "BenchmarkSupport", .product(name: "FaceDetectionIO", package: "facedetect"),
            ]),
        /// Writes the central face's 468 mesh points (and the decoded image) per image, for fitting.
        .executableTarget(
            name: "mesh-dump",
            dependencies: [
                "BenchmarkSupport", .product(name: "FaceDetection", package: "facedetect"),
                .product(name: "FaceDetectionIO", package: "facedetect"),
            ]),
        /// Writes every face above a score with the mesh's face presence, for choosing thresholds.
        .executableTarget(
            name: "candidate-dump",
            dependencies: [
                "BenchmarkSupport", .product(name: "FaceDetection", package: "facedetect"),
                .product(name: "FaceDetectionIO", package: "facedetect"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
