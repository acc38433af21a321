/// Max pooling with PyTorch's `ceil_mode=True` output size: the last window may hang over the
/// edge (it is clipped), but never starts outside the input.
struct MaxPool: Sendable {
    /// Window side in pixels.
    let size: Int
    /// Step between windows in pixels.
    let stride: Int

    /// Output length for an input of `length` pixels: ceil((length − size) / stride) + 1, minus one
    /// if that last window would start outside the input.
    func outputLength(_ length: Int) -> Int {
        guard length > 0 else { return 0 }
        var n = (max(0, length - size) + stride - 1) / stride + 1
        if (n - 1) * stride >= length { n -= 1 }
        return n
    }

    /// Pools `input` into `output` (reshaped to fit; storage reused). SIMD over 16-channel blocks.
    func apply(_ input: FeatureMap, into output: inout FeatureMap) {
        precondition(input.pixelStride % 16 == 0 && input.border == 0)
        let oh = outputLength(input.height)
        let ow = outputLength(input.width)
        output.reshape(height: oh, width: ow, channels: input.channels)
        precondition(output.pixelStride == input.pixelStride)
        let ps = input.pixelStride
        let blocks = ps / 16
        let h = input.height
        let w = input.width
        input.values.withUnsafeBufferPointer { inBuffer in
            output.values.withUnsafeMutableBufferPointer { outBuffer in
                // Safety: outputLength keeps x0 < w, y0 < h, and x1 ≤ w, y1 ≤ h; input and output share ps
                // (precondition), so loads end ≤ h·w·ps and stores ≤ oh·ow·ps floats.
                let src = inBuffer.baseAddress!
                let dst = outBuffer.baseAddress!
                for oy in 0..<oh {
                    let y0 = oy * stride
                    let y1 = min(y0 + size, h)
                    for ox in 0..<ow {
                        let x0 = ox * stride
                        let x1 = min(x0 + size, w)
                        for block in 0..<blocks {
                            // m = max over the clipped window of in[y][x][16 channels]
                            var m = src.loadVector(at: (y0 * w + x0) * ps + block * 16)
                            for y in y0..<y1 {
                                for x in x0..<x1 {
                                    let v = src.loadVector(at: (y * w + x) * ps + block * 16)
                                    m.replace(with: v, where: v .> m)
                                }
                            }
                            dst.storeVector(m, at: (oy * ow + ox) * ps + block * 16)
                        }
                    }
                }
            }
        }
    }

    /// Scalar reference twin of `apply`.
    func applyScalar(_ input: FeatureMap, into output: inout FeatureMap) {
        let oh = outputLength(input.height)
        let ow = outputLength(input.width)
        output.reshape(height: oh, width: ow, channels: input.channels)
        for oy in 0..<oh {
            for ox in 0..<ow {
                for c in 0..<input.pixelStride {
                    var m = -Float.infinity
                    for y in (oy * stride)..<min(oy * stride + size, input.height) {
                        for x in (ox * stride)..<min(ox * stride + size, input.width) {
                            m = max(m, input.values[input.index(y, x, c)])
                        }
                    }
                    output.values[output.index(oy, ox, c)] = m
                }
            }
        }
    }
}
