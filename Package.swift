// swift-tools-version:6.0
import PackageDescription

#if arch(x86_64) && os(Linux)
    import Glibc
#endif

/// The flags of the first `flags` line of `/proc/cpuinfo` on an x86-64 Linux building machine (read
/// with the C library: the manifest imports no Foundation); empty elsewhere.
func hostCPUFlags() -> Set<String> {
    #if arch(x86_64) && os(Linux)
        guard let file = fopen("/proc/cpuinfo", "r") else { return [] }
        defer { fclose(file) }
        var line: UnsafeMutablePointer<CChar>? = nil
        var capacity = 0
        defer { free(line) }
        while getline(&line, &capacity, file) > 0, let line {
            let text = String(cString: line)
            guard text.hasPrefix("flags") else { continue }
            return Set(text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).map(String.init))
        }
        return []
    #else
        return []
    #endif
}

// The manifest cannot import the tool; these lists are BuildCPU.haswellFlags and BuildCPU.avx512Flags,
// which the tool checks.
let haswellFlags = ["avx", "avx2", "bmi1", "bmi2", "f16c", "fma", "abm", "movbe", "xsave"]
let avx512Flags = ["avx512f", "avx512dq", "avx512cd", "avx512bw", "avx512vl"]

/// The CPU the core (FaceDetection) is compiled for, from `FACEDETECT_CPU`:
/// - unset: the building machine's family when it is an x86-64 Linux machine: `skylake-avx512`
///   (x86-64-v4: AVX-512, whose 16-lane multiply-adds double the kernels' arithmetic per instruction)
///   when its CPU has it, else `haswell` (x86-64-v3: AVX2, FMA, BMI; x86-64 CPUs since about 2015),
///   so that the CNN kernels' multiply-adds are fused, 3-operand instructions (CONTRIBUTING.md,
///   "Building for a CPU family"); otherwise (another system or CPU, a tagged checkout that another
///   package depends on, which must not see an unsafe flag) the portable baseline;
/// - `portable`: the baseline, for binaries that must run on any x86-64 CPU;
/// - any other value: that CPU (`-target-cpu`, e.g. `haswell`, `skylake-avx512`, `znver4`); only
///   `haswell` and `skylake-avx512` select the kernels written for those vector widths.
/// The flag applies to Linux targets only. The manifest does not see the target of a cross-compile:
/// building on an x86-64-v3 Linux machine for another architecture needs `FACEDETECT_CPU=portable`
/// (docs/platforms.md). A v3 build defines `X86_64_V3` in the core and the tool, a v4 build both
/// `X86_64_V3` and `X86_64_V4`; the tool then checks the CPU before it detects anything and stops with a
/// one-line error instead of an illegal instruction.
let requestedCPU = Context.environment["FACEDETECT_CPU"]
let targetCPU: String? =
    switch requestedCPU {
    case "portable": nil
    case nil:
        Context.gitInformation?.currentTag != nil
            ? nil
            : hostCPUFlags().isSuperset(of: haswellFlags + avx512Flags)
                ? "skylake-avx512" : hostCPUFlags().isSuperset(of: haswellFlags) ? "haswell" : nil
    case let name?: name
    }

let isV4 = targetCPU == "skylake-avx512"
let isV3 = targetCPU == "haswell" || isV4
let linux: BuildSettingCondition = .when(platforms: [.linux])
let cpuSettings: [SwiftSetting] =
    targetCPU.map { [.unsafeFlags(["-target-cpu", $0], linux), .define("FUSED_MULTIPLY_ADD", linux)] } ?? []
let v3Define: [SwiftSetting] =
    (isV3 ? [.define("X86_64_V3", linux)] : []) + (isV4 ? [.define("X86_64_V4", linux)] : [])
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
    // Synchronization.Mutex, which the pools and the tool's state use, needs these.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "FaceDetection", targets: ["FaceDetection"]),
        .library(name: "FaceDetectionIO", targets: ["FaceDetectionIO"]),
        /// The tool's JSON Lines records (`PredictionRecord`, the encoder, the `--resume` reader), for
        /// the harnesses in `Benchmarks/` that write records as the tool does and the fuzz targets in
        /// `Fuzz/`. Not an API for embedders, and no library product depends on it.
        .library(name: "FaceDetectRecords", targets: ["FaceDetectRecords"]),
        .executable(name: "facedetect", targets: ["facedetect"]),
        /// The tool's logic (options, pipeline, outputs) as a library, for the fuzz targets in `Fuzz/`,
        /// which reach its parsers with `@testable import`. Not an API: its only public symbol is
        /// `FaceDetectTool.main()`.
        .library(name: "FaceDetectCLI", targets: ["FaceDetectCLI"]),
    ],
    targets: [
        // MARK: - C at the edge

        /// The system's codec libraries, found through pkg-config (their include and library paths:
        /// /usr on Debian, Homebrew's prefix on macOS).
        .systemLibrary(
            name: "SystemJPEG", pkgConfig: "libjpeg", providers: [.apt(["libjpeg-dev"]), .brew(["jpeg-turbo"])]),
        .systemLibrary(
            name: "SystemPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"]), .brew(["libpng"])]),
        .systemLibrary(
            name: "SystemHEIF", pkgConfig: "libheif", providers: [.apt(["libheif-dev"]), .brew(["libheif"])]),
        .systemLibrary(
            name: "SystemWebP", pkgConfig: "libwebpdemux", providers: [.apt(["libwebp-dev"]), .brew(["webp"])]),
        /// libjpeg(-turbo) decode/encode, each call inside one setjmp.
        .target(name: "CJPEG", dependencies: ["SystemJPEG"]),
        /// libpng's simplified API.
        .target(name: "CPNG", dependencies: ["SystemPNG"]),
        /// libheif: HEIC (HEVC) and AVIF (AV1), the decoders it brings. LGPL, linked dynamically (NOTICE).
        .target(name: "CHEIF", dependencies: ["SystemHEIF"]),
        /// libwebp, and its demuxer for animations.
        .target(name: "CWebP", dependencies: ["SystemWebP"]),
        /// The default trained models, embedded into the binary with C23 #embed.
        .target(name: "CModels"),

        // MARK: - Swift

        /// Pure-Swift core: images, detectors, landmarks, attributes, drawing.
        .target(
            name: "FaceDetection", dependencies: ["CModels"], swiftSettings: cpuSettings + v3Define + optimisedDebug,
            linkerSettings: [.linkedLibrary("m", linux)]),
        /// Files: JPEG/PNG decode and encode, HEIF/AVIF/WebP decode, EXIF orientation, atomic writes.
        .target(name: "FaceDetectionIO", dependencies: ["FaceDetection", "CJPEG", "CPNG", "CHEIF", "CWebP"]),
        /// The tool's records: the JSON Lines schema types, their encoder, the `--resume` log reader.
        .target(name: "FaceDetectRecords", dependencies: ["FaceDetection"]),
        /// The command-line tool's logic: options, the batch pipeline, outputs.
        .target(
            name: "FaceDetectCLI", dependencies: ["FaceDetection", "FaceDetectionIO", "FaceDetectRecords"],
            swiftSettings: v3Define),
        /// The command-line tool: `FaceDetectTool.main()`.
        .executableTarget(name: "facedetect", dependencies: ["FaceDetectCLI"]),

        // MARK: - Tests

        .testTarget(name: "FaceDetectionTests", dependencies: ["FaceDetection"]),
        .testTarget(name: "FaceDetectionIOTests", dependencies: ["FaceDetectionIO"]),
        .testTarget(name: "FaceDetectRecordsTests", dependencies: ["FaceDetectRecords"]),
        .testTarget(
            name: "facedetectTests",
            dependencies: ["facedetect", "FaceDetectCLI", "FaceDetectionIO", "FaceDetectRecords"]),
    ],
    swiftLanguageModes: [.v6],
    cLanguageStandard: .c2x
)
