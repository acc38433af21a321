import Testing

@testable import FaceDetectCLI

/// The check that stops an x86-64-v3 build on an older CPU with a message instead of SIGILL.
@Suite("build CPU check")
struct BuildCPUTests {
    @Test func aCPUWithEveryFlagLacksNothing() {
        let info = "processor\t: 0\nflags\t\t: fpu sse2 " + BuildCPU.haswellFlags.joined(separator: " ") + " avx512f\n"
        #expect(BuildCPU.missing(BuildCPU.haswellFlags, cpuinfo: info).isEmpty)
    }

    @Test func anOlderCPULacksAVX2AndFMA() {
        // An Ivy Bridge: AVX and F16C but no AVX2, FMA, BMI, LZCNT, MOVBE.
        let info = "processor\t: 0\nflags\t\t: fpu sse2 ssse3 sse4_1 sse4_2 popcnt avx xsave f16c\n"
        #expect(
            BuildCPU.missing(BuildCPU.haswellFlags, cpuinfo: info) == ["avx2", "bmi1", "bmi2", "fma", "abm", "movbe"])
    }

    @Test func anAVX2CPULacksAVX512() {
        let info = "flags\t: fpu " + BuildCPU.haswellFlags.joined(separator: " ") + " avx512f avx512cd\n"
        #expect(BuildCPU.missing(BuildCPU.avx512Flags, cpuinfo: info) == ["avx512dq", "avx512bw", "avx512vl"])
    }

    @Test func noFlagsLineLacksEverything() {
        #expect(BuildCPU.missing(["avx2"], cpuinfo: "processor\t: 0\n") == ["avx2"])
    }

    /// The machine that runs the tests runs this build, so the check finds nothing wrong here.
    @Test func thisMachineRunsThisBuild() {
        #expect(BuildCPU.problem() == nil)
    }
}
