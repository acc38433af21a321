// swift-tools-version:6.0
import PackageDescription

/// `FACEDETECT_CPU=haswell swift build -c release` compiles the core for a CPU family instead of
/// the portable baseline: for `haswell` (x86-64-v3: AVX2 and FMA, every x86-64 CPU since about
/// 2015) the CNN kernels' multiply-adds become fused, 3-operand instructions (measured: YuNet 1.4×
/// faster than the baseline, see README). The binary then needs such a CPU. Unset, nothing changes
/// (and a package that depends on this one never sees an unsafe flag).
let cpuSettings: [SwiftSetting] =
    Context.environment["FACEDETECT_CPU"].map { [.unsafeFlags(["-target-cpu", $0]), .define("FUSED_MULTIPLY_ADD")] }
    ?? []

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
        .target(
            name: "FaceDetection", dependencies: ["CModels"], swiftSettings: cpuSettings,
            linkerSettings: [.linkedLibrary("m")]),
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
