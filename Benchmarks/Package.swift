// swift-tools-version:6.0
import PackageDescription

/// The two libraries of the root package, which every target here uses.
let libraries: [Target.Dependency] = [
    .product(name: "FaceDetection", package: "facedetect"),
    .product(name: "FaceDetectionIO", package: "facedetect"),
]

/// The tool's JSON Lines records, for the harnesses that write predictions as the tool does.
let records: [Target.Dependency] = [.product(name: "FaceDetectRecords", package: "facedetect")]

/// A benchmark or harness: `Sources/NAME/main.swift` on `BenchmarkSupport`, the libraries and `extra`.
func tool(_ name: String, _ extra: [Target.Dependency] = []) -> Target {
    .executableTarget(name: name, dependencies: ["BenchmarkSupport"] + libraries + extra)
}

/// Development benchmarks and evaluation harnesses for facedetect: not part of the product, not
/// built by `swift build` or `swift test` in the root package, and not run by CI.
/// Build: `swift build -c release --package-path Benchmarks`; the tools that reach internals through
/// `@testable import` (yunet-bench, image-bench, landmarker-bench, descriptor-bench, quality-bench) need `-Xswiftc -enable-testing` too.
let package = Package(
    name: "facedetect-benchmarks",
    platforms: [.macOS(.v15)],  // as the library (Synchronization.Mutex); Linux is what is tested
    dependencies: [
        .package(name: "facedetect", path: "..")
    ],
    targets: [
        // Image lists, PPM reading, repeated timing with a median.
        .target(name: "BenchmarkSupport", dependencies: libraries),
        // Times the Haar cascade detector directly, with any scan settings.
        tool("cascade-bench", records),
        // Times the public `FaceDetector` (any mode, landmarks, classification).
        tool("detect-bench", records),
        // Times YuNet's network alone, layer by layer, against its multiply-adds (`@testable`).
        tool("yunet-bench"),
        // Times SFace's network per face on the golden crop, layer by layer (`@testable`).
        tool("sface-bench"),
        // Times face mesh v2 and the blendshape model (`FaceMeshV2Estimator`) per face (`@testable`).
        tool("landmarker-bench"),
        // Times `ImageCodec.read` per file (JPEG, PNG, HEIF, AVIF, WebP), to compare the decoders
        // with their libraries' own command-line tools (tools/acceptance/photo_formats_check.sh).
        tool("decode-bench"),
        // Times resizing, blurring, pixelating and drawing, SIMD beside the scalar twins (`@testable`).
        tool("image-bench"),
        // Times the capture-quality score per face measured in full (`@testable`).
        tool("quality-bench"),
        // Writes every face above a score with the mesh's face presence, for choosing thresholds.
        tool("candidate-dump"),
        // The descriptor stage on an identity set: which points, which face sizes, its time per face (`@testable`).
        tool("descriptor-bench", records),
        // Groups identity-dev's descriptors into people (`FaceGrouping` and the methods it was chosen
        // against) and times the grouping of synthetic descriptors.
        tool("group-bench"),
    ],
    swiftLanguageModes: [.v6]
)
