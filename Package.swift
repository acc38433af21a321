// swift-tools-version:6.0
import Foundation
import PackageDescription

/// The CPU the core (FaceDetection) is compiled for, from `FACEDETECT_CPU`:
/// - unset: `haswell`, i.e. x86-64-v3 (AVX2, FMA, BMI: x86-64 CPUs since about 2015), when the building
///   machine has it, so that the CNN kernels' multiply-adds are fused, 3-operand instructions
///   (YuNet about 1.4× faster, README); otherwise, on a tagged checkout (a release that another
///   package depends on, which must not see an unsafe flag) and on arm64, the portable baseline;
/// - `portable`: the baseline, for binaries that must run on any x86-64 CPU;
/// - any other value: that CPU (`-target-cpu`, e.g. `haswell`, `znver4`).
/// A v3 build defines `X86_64_V3` in the core and the tool; the tool then checks the CPU before
/// it detects anything and stops with a one-line error instead of an illegal instruction.
let requestedCPU = Context.environment["FACEDETECT_CPU"]
let hostHasV3: Bool = {
    #if arch(x86_64) && os(Linux)
        guard let info = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
            let flagsLine = info.split(separator: "\n").first(where: { $0.hasPrefix("flags") })
        else { return false }
        // The manifest cannot import the tool; this list is BuildCPU.haswellFlags, which the tool checks.
        let flags = Set(flagsLine.split(separator: " ").map(String.init))
        return ["avx", "avx2", "bmi1", "bmi2", "f16c", "fma", "abm", "movbe", "xsave"].allSatisfy(flags.contains)
    #else
        return false
    #endif
}()
let targetCPU: String? =
    switch requestedCPU {
    case "portable": nil
    case nil: hostHasV3 && Context.gitInformation?.currentTag == nil ? "haswell" : nil
    case let name?: name
    }
let isV3 = targetCPU == "haswell"
let cpuSettings: [SwiftSetting] =
    targetCPU.map { [.unsafeFlags(["-target-cpu", $0]), .define("FUSED_MULTIPLY_ADD")] } ?? []
let v3Define: [SwiftSetting] = isV3 ? [.define("X86_64_V3")] : []
/// The core's networks are optimised in debug builds too (`swift test`): unoptimised, YuNet takes
/// about 9 s on a 512 × 512 photo instead of a few tens of milliseconds, and the tests run the
/// detector at its defaults on many photos (the suite: 655 s unoptimised, 15 s so). Whole-module,
/// so that the kernels' small generic SIMD helpers in other files are specialised and inlined
/// (`-O` alone leaves them generic: 2.2 s for that photo). Left out where unsafe flags are not
/// allowed (a tagged checkout that another package depends on). One cost (CONTRIBUTING.md): after
/// a change to the core's interface, SwiftPM may link its dependents' stale objects in a debug
/// build; `rm -rf .build/debug/*Tests.build` then rebuilds them.
let optimisedDebug: [SwiftSetting] =
    Context.gitInformation?.currentTag == nil
    ? [
        .unsafeFlags(
            ["-O", "-whole-module-optimization", "-num-threads", "2", "-disable-batch-mode"],
            .when(configuration: .debug))
    ] : []

let package = Package(
    name: "facedetect",
    products: [
        .library(name: "FaceDetection", targets: ["FaceDetection"]),
        .library(name: "FaceDetectionIO", targets: ["FaceDetectionIO"]),
        .executable(name: "facedetect", targets: ["facedetect"]),
        /// The tool's logic (options, pipeline, outputs) as a library, for the fuzz targets in `Fuzz/`,
        /// which reach its parsers with `@testable import`. Not an API: its only public symbol is
        /// `FaceDetectTool.main()`.
        .library(name: "FaceDetectCLI", targets: ["FaceDetectCLI"]),
    ],
    targets: [
        // MARK: - C at the edge

        /// libjpeg(-turbo) decode/encode, each call inside one setjmp.
        .target(name: "CJPEG", linkerSettings: [.linkedLibrary("jpeg")]),
        /// libpng's simplified API.
        .target(name: "CPNG", linkerSettings: [.linkedLibrary("png16")]),
        /// libheif: HEIC (HEVC) and AVIF (AV1), the decoders it brings. LGPL, linked dynamically (NOTICE).
        .target(name: "CHEIF", linkerSettings: [.linkedLibrary("heif")]),
        /// libwebp, and its demuxer for animations.
        .target(name: "CWebP", linkerSettings: [.linkedLibrary("webp"), .linkedLibrary("webpdemux")]),
        /// The default trained models, embedded into the binary with C23 #embed.
        .target(name: "CModels"),

        // MARK: - Swift

        /// Pure-Swift core: images, detectors, landmarks, attributes, drawing.
        .target(
            name: "FaceDetection", dependencies: ["CModels"], swiftSettings: cpuSettings + v3Define + optimisedDebug,
            linkerSettings: [.linkedLibrary("m")]),
        /// Files: JPEG/PNG decode and encode, HEIF/AVIF/WebP decode, EXIF orientation, atomic writes.
        .target(name: "FaceDetectionIO", dependencies: ["FaceDetection", "CJPEG", "CPNG", "CHEIF", "CWebP"]),
        /// The command-line tool's logic: options, the batch pipeline, outputs.
        .target(
            name: "FaceDetectCLI", dependencies: ["FaceDetection", "FaceDetectionIO"],
            swiftSettings: v3Define),
        /// The command-line tool: `FaceDetectTool.main()`.
        .executableTarget(name: "facedetect", dependencies: ["FaceDetectCLI"]),

        // MARK: - Tests

        .testTarget(name: "FaceDetectionTests", dependencies: ["FaceDetection"]),
        .testTarget(name: "FaceDetectionIOTests", dependencies: ["FaceDetectionIO"]),
        .testTarget(
            name: "facedetectTests", dependencies: ["facedetect", "FaceDetectCLI", "FaceDetectionIO"]),
    ],
    swiftLanguageModes: [.v6],
    cLanguageStandard: .c2x
)
