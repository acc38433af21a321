import FaceDetectionIO

/// The CPU features that the core was compiled to use, checked before it runs: a build for
/// x86-64-v3 or v4 (Package.swift, `FACEDETECT_CPU`) stopped with an illegal instruction on an older
/// CPU; with this check it says why and how to rebuild.
enum BuildCPU {
    /// The `/proc/cpuinfo` flags that a `haswell` (x86-64-v3) build needs (LZCNT is reported as `abm`).
    static let haswellFlags = ["avx", "avx2", "bmi1", "bmi2", "f16c", "fma", "abm", "movbe", "xsave"]

    /// The further flags that a `skylake-avx512` (x86-64-v4) build needs.
    static let avx512Flags = ["avx512f", "avx512dq", "avx512cd", "avx512bw", "avx512vl"]

    /// The flags of `required` that the first `flags` line of `cpuinfo` lacks (all of them when
    /// it has no such line).
    static func missing(_ required: [String], cpuinfo: String) -> [String] {
        guard let line = cpuinfo.split(separator: "\n").first(where: { $0.hasPrefix("flags") }) else {
            return required
        }
        let present = Set(line.split(separator: " ").map(String.init))
        return required.filter { !present.contains($0) }
    }

    /// Why this machine cannot run this build, or nil when it can (always nil for portable builds,
    /// and where `/proc/cpuinfo` cannot be read the build is trusted).
    static func problem() -> String? {
        #if X86_64_V3
            guard let bytes = try? FileReading.bytes(atPath: "/proc/cpuinfo", maxBytes: 1 << 24) else { return nil }
            let info = String(decoding: bytes, as: UTF8.self)
            #if X86_64_V4
                let (required, family) = (haswellFlags + avx512Flags, "x86-64-v4 CPUs (AVX-512)")
            #else
                let (required, family) = (haswellFlags, "x86-64-v3 CPUs (AVX2, FMA)")
            #endif
            let lacking = missing(required, cpuinfo: info)
            guard !lacking.isEmpty else { return nil }
            return "this build is for \(family) and this CPU lacks " + lacking.joined(separator: ", ")
                + "; rebuild with 'FACEDETECT_CPU=portable swift build -c release'"
        #else
            return nil
        #endif
    }
}
