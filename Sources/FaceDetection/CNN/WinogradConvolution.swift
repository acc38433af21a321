/// A 3×3, stride-1, unpadded convolution computed with Winograd's minimal filtering F(2×2, 3×3)
/// (Lavin & Gray 2016): each 2×2 block of outputs costs 16 multiplications per input/output
/// channel pair instead of 36. Same result as `Convolution` up to float rounding.
///
/// Per 2×2 output tile: the 4×4 input patch d becomes V = Bᵀ d B (per input channel, SIMD over
/// channels); M[p] = Σ_c V[p][c] · U[p][c] for the 16 positions p, where U = G g Gᵀ are the
/// transformed weights (SIMD over 16 output channels, two tiles sharing each weight load);
/// the outputs are Aᵀ M A, then bias and activation.
struct WinogradConvolution: Sendable {
    /// Input channels read.
    let inputChannels: Int
    /// Output channels produced.
    let outputChannels: Int
    /// Output channels rounded up to a multiple of 16.
    let paddedOutputs: Int
    /// Transformed weights `[16 positions][inputChannels][paddedOutputs]`.
    let weights: [Float]
    /// `[paddedOutputs]`.
    let bias: [Float]
    /// Activation applied to the output, if any.
    let activation: PReLU?

    /// The Winograd form of a 3×3 stride-1 convolution.
    init(_ conv: Convolution) {
        precondition(conv.kernelHeight == 3 && conv.kernelWidth == 3 && conv.stride == 1)
        inputChannels = conv.inputChannels
        outputChannels = conv.outputChannels
        paddedOutputs = conv.paddedOutputs
        bias = conv.bias
        activation = conv.activation
        let g: [[Double]] = [[1, 0, 0], [0.5, 0.5, 0.5], [0.5, -0.5, 0.5], [0, 0, 1]]
        let (inputChannels, outputChannels, paddedOutputs) = (
            conv.inputChannels, conv.outputChannels, conv.paddedOutputs
        )
        var u = [Float](repeating: 0, count: 16 * inputChannels * paddedOutputs)
        for c in 0..<inputChannels {
            for o in 0..<outputChannels {
                // k[ky][kx] from the direct convolution's packed [ky][kx][c][o] layout
                let k = (0..<3).map { ky in
                    (0..<3).map { kx in Double(conv.weights[((ky * 3 + kx) * inputChannels + c) * paddedOutputs + o]) }
                }
                for i in 0..<4 {
                    for j in 0..<4 {
                        // (G k Gᵀ)[i][j]
                        var sum = 0.0
                        for a in 0..<3 { for b in 0..<3 { sum += g[i][a] * k[a][b] * g[j][b] } }
                        u[((i * 4 + j) * inputChannels + c) * paddedOutputs + o] = Float(sum)
                    }
                }
            }
        }
        weights = u
    }

    /// Convolves `input` into `output` (reshaped to fit; its storage is reused).
    func apply(_ input: FeatureMap, into output: inout FeatureMap) {
        precondition(input.channels == inputChannels && input.height >= 3 && input.width >= 3)
        precondition(input.pixelStride % 16 == 0 && input.border == 0, "Winograd input needs 16-aligned pixels")
        let oh = input.height - 2
        let ow = input.width - 2
        output.reshape(height: oh, width: ow, channels: outputChannels)
        let tilesY = (oh + 1) / 2
        let tilesX = (ow + 1) / 2
        let ps = input.pixelStride
        let os = output.pixelStride
        let ic = inputChannels
        let po = paddedOutputs
        withUnsafeTemporaryAllocation(of: Float.self, capacity: 2 * 16 * ps + 2 * 16 * 16) { temp in
            temp.initialize(repeating: 0)  // a lone last tile reads vB: keep it finite
            let vA = temp.baseAddress!
            let vB = vA + 16 * ps
            let m = vB + 16 * ps
            input.values.withUnsafeBufferPointer { inBuffer in
                weights.withUnsafeBufferPointer { wBuffer in
                    bias.withUnsafeBufferPointer { bBuffer in
                        output.values.withUnsafeMutableBufferPointer { outBuffer in
                            // Safety: transformInput loads only pixels < h×w, storeOutput stores only y < oh, x < ow;
                            // weights 16·ic·po, bias po, os = po, c < ic ≤ ps, and vA, vB, m exactly fill temp.
                            let src = inBuffer.baseAddress!
                            let u = wBuffer.baseAddress!
                            let b = bBuffer.baseAddress!
                            let dst = outBuffer.baseAddress!
                            // Tiles in row-major order, two at a time (pairs may span rows).
                            let tiles = tilesY * tilesX
                            for first in Swift.stride(from: 0, to: tiles, by: 2) {
                                let pair = first + 1 < tiles
                                let (tyA, txA) = first.quotientAndRemainder(dividingBy: tilesX)
                                let (tyB, txB) = (first + 1).quotientAndRemainder(dividingBy: tilesX)
                                transformInput(src, input, y: 2 * tyA, x: 2 * txA, into: vA)
                                if pair { transformInput(src, input, y: 2 * tyB, x: 2 * txB, into: vB) }
                                for block in 0..<(po / 16) {
                                    // M[p] = Σ_c V[p][c] · U[p][c][16 outputs], for both tiles
                                    for p in 0..<16 {
                                        var accA = SIMD16<Float>()
                                        var accB = SIMD16<Float>()
                                        let offset: Int = p &* ic &* po &+ block &* 16
                                        var w = u + offset
                                        let vOffset: Int = p &* ps
                                        let a = vA + vOffset
                                        let bb = vB + vOffset
                                        for c in 0..<ic {
                                            let wv = w.loadVector(at: 0)
                                            accA += SIMD16(repeating: a[c]) * wv
                                            accB += SIMD16(repeating: bb[c]) * wv
                                            w += po
                                        }
                                        m.storeVector(accA, at: p * 16)
                                        m.storeVector(accB, at: (16 + p) * 16)
                                    }
                                    let bias16 = b.loadVector(at: block * 16)
                                    storeOutput(
                                        m, bias: bias16, block: block, oy: 2 * tyA, ox: 2 * txA,
                                        oh: oh, ow: ow, os: os, dst: dst)
                                    if pair {
                                        storeOutput(
                                            m + 256, bias: bias16, block: block, oy: 2 * tyB, ox: 2 * txB,
                                            oh: oh, ow: ow, os: os, dst: dst)
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// V = Bᵀ d B for the 4×4 patch at (`y`, `x`), all channels (16 at a time); rows or columns
    /// past the input's edge read as zero (they only feed outputs that are not stored).
    @inline(__always)
    private func transformInput(
        _ src: UnsafePointer<Float>, _ input: FeatureMap, y: Int, x: Int,
        into v: UnsafeMutablePointer<Float>
    ) {
        let ps = input.pixelStride
        let w = input.width
        let h = input.height
        let inside = y + 3 < h && x + 3 < w
        for block in 0..<(ps / 16) {
            let base = block * 16
            @inline(__always) func d(_ i: Int, _ j: Int) -> SIMD16<Float> {
                inside || (y + i < h && x + j < w) ? src.loadVector(at: ((y + i) * w + x + j) * ps + base) : .zero
            }
            // Columns: (Bᵀ d)[·][j] = (d0 − d2, d1 + d2, d2 − d1, d1 − d3) of column j.
            for j in 0..<4 {
                let (d0, d1, d2, d3) = (d(0, j), d(1, j), d(2, j), d(3, j))
                v.storeVector(d0 - d2, at: j * ps + base)
                v.storeVector(d1 + d2, at: (4 + j) * ps + base)
                v.storeVector(d2 - d1, at: (8 + j) * ps + base)
                v.storeVector(d1 - d3, at: (12 + j) * ps + base)
            }
            // Rows: V[i] = (t0 − t2, t1 + t2, t2 − t1, t1 − t3) of row i of Bᵀ d.
            for i in 0..<4 {
                let row = i * 4 * ps + base
                let (t0, t1, t2, t3) = (
                    v.loadVector(at: row), v.loadVector(at: row + ps),
                    v.loadVector(at: row + 2 * ps), v.loadVector(at: row + 3 * ps)
                )
                v.storeVector(t0 - t2, at: row)
                v.storeVector(t1 + t2, at: row + ps)
                v.storeVector(t2 - t1, at: row + 2 * ps)
                v.storeVector(t1 - t3, at: row + 3 * ps)
            }
        }
    }

    /// Y = Aᵀ M A for one tile (`m` holds M[p] for p = 0…15, 16 floats each), plus bias and
    /// activation, stored for the tile's outputs inside the `oh`×`ow` map.
    @inline(__always)
    private func storeOutput(
        _ m: UnsafeMutablePointer<Float>, bias: SIMD16<Float>, block: Int, oy: Int, ox: Int,
        oh: Int, ow: Int, os: Int, dst: UnsafeMutablePointer<Float>
    ) {
        @inline(__always) func at(_ i: Int, _ j: Int) -> SIMD16<Float> { m.loadVector(at: (i * 4 + j) * 16) }
        // (M A)[i] = (Mi0 + Mi1 + Mi2, Mi1 − Mi2 − Mi3)
        let l0 = at(0, 0) + at(0, 1) + at(0, 2)
        let r0 = at(0, 1) - at(0, 2) - at(0, 3)
        let l1 = at(1, 0) + at(1, 1) + at(1, 2)
        let r1 = at(1, 1) - at(1, 2) - at(1, 3)
        let l2 = at(2, 0) + at(2, 1) + at(2, 2)
        let r2 = at(2, 1) - at(2, 2) - at(2, 3)
        let l3 = at(3, 0) + at(3, 1) + at(3, 2)
        let r3 = at(3, 1) - at(3, 2) - at(3, 3)
        // Y = Aᵀ (M A): rows (0 + 1 + 2, 1 − 2 − 3)
        let y00 = l0 + l1 + l2 + bias
        let y10 = l1 - l2 - l3 + bias
        let y01 = r0 + r1 + r2 + bias
        let y11 = r1 - r2 - r3 + bias
        @inline(__always) func put(_ v: SIMD16<Float>, _ y: Int, _ x: Int) {
            guard y < oh && x < ow else { return }
            dst.storeVector(activation?.apply(v, block: block) ?? v, at: (y * ow + x) * os + block * 16)
        }
        put(y00, oy, ox)
        put(y01, oy, ox + 1)
        put(y10, oy + 1, ox)
        put(y11, oy + 1, ox + 1)
    }
}
