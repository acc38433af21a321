// swift-tools-version:6.0
import PackageDescription

/// Coverage-guided fuzz targets (libFuzzer) for every parser of outside bytes: not part of the
/// product, not built by `swift build` or `swift test` in the root package. Build and run one with
/// `tools/fuzz.sh TARGET [SECONDS]` (README, "Reliability").
let package = Package(
    name: "facedetect-fuzz",
    dependencies: [
        .package(name: "facedetect", path: "..")
    ],
    targets: [
        /// JPEG and PNG decoding through the C shims (`ImageCodec.decode`), with EXIF orientation.
        .executableTarget(
            name: "fuzz-image",
            dependencies: [.product(name: "FaceDetectionIO", package: "facedetect")]),
        /// The EXIF/TIFF orientation reader (`ExifOrientation`).
        .executableTarget(
            name: "fuzz-exif",
            dependencies: [.product(name: "FaceDetectionIO", package: "facedetect")]),
        /// The model container (`ModelFile`), with and without its checksum check (`@testable`:
        /// `tools/fuzz.sh` builds with `-enable-testing`).
        .executableTarget(
            name: "fuzz-model",
            dependencies: [.product(name: "FaceDetection", package: "facedetect")]),
        /// The tool's parser of `ffprobe` output for videos (`VideoStreamInfo`; `@testable`).
        .executableTarget(
            name: "fuzz-probe",
            dependencies: [.product(name: "FaceDetectCLI", package: "facedetect")]),
    ],
    swiftLanguageModes: [.v6]
)
