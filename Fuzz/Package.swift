// swift-tools-version:6.0
import PackageDescription

/// A fuzz target: `Sources/NAME`, one `LLVMFuzzerTestOneInput`, on the root package's `products`.
func fuzzTarget(_ name: String, _ products: String...) -> Target {
    .executableTarget(name: name, dependencies: products.map { .product(name: $0, package: "facedetect") })
}

/// Coverage-guided fuzz targets (libFuzzer) for every parser of outside bytes: not part of the
/// product, not built by `swift build` or `swift test` in the root package. Build and run one with
/// `tools/dev/fuzz.sh TARGET [SECONDS]` (README, "Reliability").
let package = Package(
    name: "facedetect-fuzz",
    platforms: [.macOS(.v15)],  // as the library (Synchronization.Mutex); Linux is what is tested
    dependencies: [
        .package(name: "facedetect", path: "..")
    ],
    targets: [
        // JPEG and PNG decoding through the C shims (`ImageCodec.decode`), with EXIF orientation.
        fuzzTarget("fuzz-image", "FaceDetectionIO"),
        // HEIF and AVIF decoding through the CHEIF shim (libheif; `@testable`: the codec is internal).
        fuzzTarget("fuzz-heif", "FaceDetectionIO"),
        // WebP decoding through the CWebP shim (libwebp and its demuxer), with the `EXIF` chunk
        // finder (`@testable`).
        fuzzTarget("fuzz-webp", "FaceDetectionIO"),
        // The EXIF/TIFF orientation reader (`ExifOrientation`) and the PNG `eXIf` chunk finder
        // (`@testable`).
        fuzzTarget("fuzz-exif", "FaceDetection", "FaceDetectionIO"),
        // The model container (`ModelFile`), with and without its checksum check (`@testable`:
        // `tools/dev/fuzz.sh` builds with `-enable-testing`).
        fuzzTarget("fuzz-model", "FaceDetection"),
        // The command-line parser (`Command.parse`), on the input split at NUL bytes into arguments
        // (`@testable`, like `fuzz-model`: the parser stays internal to the tool's library).
        fuzzTarget("fuzz-cli", "FaceDetectCLI"),
        // The `--resume` JSON Lines reader (`ResumeLog.Contents`) and its JSON string decoder, checked
        // against Foundation's JSON parser and against the tool's own JSON writer (`@testable`).
        fuzzTarget("fuzz-resume", "FaceDetectRecords"),
        // The tool's parser of `ffprobe` output for videos (`VideoStreamInfo`; `@testable`).
        fuzzTarget("fuzz-probe", "FaceDetectCLI"),
    ],
    swiftLanguageModes: [.v6]
)
