// swift-tools-version:6.0
import PackageDescription

/// Coverage-guided fuzz targets (libFuzzer) for every parser of outside bytes: not part of the
/// product, not built by `swift build` or `swift test` in the root package. Build and run one with
/// `tools/fuzz.sh TARGET [SECONDS]` (README, "Reliability").
let package = Package(
    name: "facedetect-fuzz",
    platforms: [.macOS(.v15)],  // as the library (Synchronization.Mutex); Linux is what is tested
    dependencies: [
        .package(name: "facedetect", path: "..")
    ],
    targets: [
        /// JPEG and PNG decoding through the C shims (`ImageCodec.decode`), with EXIF orientation.
        .executableTarget(
            name: "fuzz-image",
            dependencies: [.product(name: "FaceDetectionIO", package: "facedetect")]),
        /// HEIF and AVIF decoding through the CHEIF shim (libheif; `@testable`: the codec is internal).
        .executableTarget(
            name: "fuzz-heif",
            dependencies: [.product(name: "FaceDetectionIO", package: "facedetect")]),
        /// WebP decoding through the CWebP shim (libwebp and its demuxer), with the `EXIF` chunk
        /// finder (`@testable`).
        .executableTarget(
            name: "fuzz-webp",
            dependencies: [.product(name: "FaceDetectionIO", package: "facedetect")]),
        /// The EXIF/TIFF orientation reader (`ExifOrientation`) and the PNG `eXIf` chunk finder
        /// (`@testable`).
        .executableTarget(
            name: "fuzz-exif",
            dependencies: [
                .product(name: "FaceDetection", package: "facedetect"),
                .product(name: "FaceDetectionIO", package: "facedetect"),
            ]),
        /// The model container (`ModelFile`), with and without its checksum check (`@testable`:
        /// `tools/fuzz.sh` builds with `-enable-testing`).
        .executableTarget(
            name: "fuzz-model",
            dependencies: [.product(name: "FaceDetection", package: "facedetect")]),
        /// The command-line parser (`Command.parse`), on the input split at NUL bytes into arguments
        /// (`@testable`, like `fuzz-model`: the parser stays internal to the tool's library).
        .executableTarget(
            name: "fuzz-cli",
            dependencies: [.product(name: "FaceDetectCLI", package: "facedetect")]),
        /// The `--resume` JSON Lines reader (`ResumeLog.Contents`) and its JSON string decoder, checked
        /// against Foundation's JSON parser and against the tool's own JSON writer (`@testable`).
        .executableTarget(
            name: "fuzz-resume",
            dependencies: [.product(name: "FaceDetectionIO", package: "facedetect")]),
        /// The tool's parser of `ffprobe` output for videos (`VideoStreamInfo`; `@testable`).
        .executableTarget(
            name: "fuzz-probe",
            dependencies: [.product(name: "FaceDetectCLI", package: "facedetect")]),
    ],
    swiftLanguageModes: [.v6]
)
