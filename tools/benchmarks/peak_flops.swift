// Peak multiply-add throughput of one core, for docs/yunet-speed.md's "arithmetic limit": 12 independent
// chains a = a·x + y of 4-, 8- and 16-lane vectors, unfused or (with an argument) fused.
//   swiftc -O tools/benchmarks/peak_flops.swift -o /tmp/peak && taskset -c 0 /tmp/peak
//   swiftc -O -target-cpu haswell tools/benchmarks/peak_flops.swift -o /tmp/peak-v3 && taskset -c 0 /tmp/peak-v3 fused
//   swiftc -O -target-cpu skylake-avx512 tools/benchmarks/peak_flops.swift -o /tmp/peak-v4 && taskset -c 0 /tmp/peak-v4 fused
// (16 lanes are one register only in the AVX-512 build; in the others they are split.)
import Foundation
@inline(never) func run<V: SIMD>(_ type: V.Type, _ n: Int, fused: Bool) -> Float where V.Scalar == Float {
    let x = V(repeating: 1.0000001), y = V(repeating: 0.9999999)
    var a0 = V(repeating: 0), a1 = a0, a2 = a0, a3 = a0, a4 = a0, a5 = a0, a6 = a0, a7 = a0, a8 = a0, a9 = a0, a10 = a0, a11 = a0
    for _ in 0..<n {
        if fused {
            a0 = y.addingProduct(a0, x); a1 = y.addingProduct(a1, x); a2 = y.addingProduct(a2, x); a3 = y.addingProduct(a3, x)
            a4 = y.addingProduct(a4, x); a5 = y.addingProduct(a5, x); a6 = y.addingProduct(a6, x); a7 = y.addingProduct(a7, x)
            a8 = y.addingProduct(a8, x); a9 = y.addingProduct(a9, x); a10 = y.addingProduct(a10, x); a11 = y.addingProduct(a11, x)
        } else {
            a0 = a0 * x + y; a1 = a1 * x + y; a2 = a2 * x + y; a3 = a3 * x + y; a4 = a4 * x + y; a5 = a5 * x + y
            a6 = a6 * x + y; a7 = a7 * x + y; a8 = a8 * x + y; a9 = a9 * x + y; a10 = a10 * x + y; a11 = a11 * x + y
        }
    }
    let s = a0 + a1 + a2 + a3 + a4 + a5 + a6 + a7 + a8 + a9 + a10 + a11
    return s.sum()
}
let fused = CommandLine.arguments.count > 1
let n = 50_000_000
for (name, f) in [("SIMD4", { run(SIMD4<Float>.self, n, fused: fused) }), ("SIMD8", { run(SIMD8<Float>.self, n, fused: fused) }),
    ("SIMD16", { run(SIMD16<Float>.self, n, fused: fused) }),
] {
    var best = Double.infinity
    for _ in 0..<3 {
        let t = Date(); let r = f(); best = min(best, Date().timeIntervalSince(t)); if r == 0 { print("") }
    }
    let lanes = name == "SIMD4" ? 4.0 : name == "SIMD8" ? 8.0 : 16.0
    print(name, fused ? "fused" : "mul+add", String(format: "%.1f GMAC/s", Double(n) * 12 * lanes / best / 1e9))
}
