extension YCbCrSampler {
    /// Writes row `y` of the stored picture, `width` pixels, to `target` as RGB: the colour
    /// conversion of `store(x:y:to:)` with the same fixed-point arithmetic (so the same bytes;
    /// `PixelBufferTests` compares both with `PixelBuffer.referenceRGBImage()`), sixteen pixels
    /// at a time, the chroma terms computed once for each pair of pixels that shares them. For
    /// upright buffers, whose rows need no turning (a video decoder's frames).
    func storeRow(y: Int, width: Int, to target: UnsafeMutablePointer<UInt8>) {
        let lumaRow = luma + y * lumaBytesPerRow
        let cbRow = cb + (y >> 1) * cbBytesPerRow
        let crRow = cr + (y >> 1) * crBytesPerRow
        let c = coefficients
        // Interleaved chroma (NV12, NV21) is read from whichever of Cb and Cr comes first.
        let chromaRow = chromaStep == 2 ? min(cbRow, crRow) : cbRow
        let cbFirst = cbRow <= crRow
        @inline(__always) func bytes(_ value: SIMD8<Int32>) -> SIMD8<UInt8> {
            SIMD8<UInt8>(
                truncatingIfNeeded: (value &>> 16).clamped(lowerBound: .zero, upperBound: .init(repeating: 255)))
        }
        var x = 0
        while x + 16 <= width {
            // Safety: x + 15 < width, so luma[x...x + 15] and chroma samples up to (x + 15) / 2 are in the row.
            let lumaValues = SIMD16<Int32>(
                truncatingIfNeeded: UnsafeRawPointer(lumaRow + x).loadUnaligned(as: SIMD16<UInt8>.self))
            let u: SIMD8<Int32>
            let v: SIMD8<Int32>
            if chromaStep == 2 {
                let pairs = UnsafeRawPointer(chromaRow + x).loadUnaligned(as: SIMD16<UInt8>.self)
                let first = SIMD8<Int32>(truncatingIfNeeded: pairs.evenHalf) &- 128
                let second = SIMD8<Int32>(truncatingIfNeeded: pairs.oddHalf) &- 128
                (u, v) = cbFirst ? (first, second) : (second, first)
            } else {
                u =
                    SIMD8<Int32>(
                        truncatingIfNeeded: UnsafeRawPointer(cbRow + x / 2).loadUnaligned(as: SIMD8<UInt8>.self))
                    &- 128
                v =
                    SIMD8<Int32>(
                        truncatingIfNeeded: UnsafeRawPointer(crRow + x / 2).loadUnaligned(as: SIMD8<UInt8>.self))
                    &- 128
            }
            let scaled = (lumaValues &- c.yOffset) &* c.yScale &+ 32768
            let red = c.rFromCr &* v
            let green = c.gFromCb &* u &+ c.gFromCr &* v
            let blue = c.bFromCb &* u
            // Even and odd pixels share the chroma sample of their pair.
            let (even, odd) = (scaled.evenHalf, scaled.oddHalf)
            let (r0, g0, b0) = (bytes(even &+ red), bytes(even &- green), bytes(even &+ blue))
            let (r1, g1, b1) = (bytes(odd &+ red), bytes(odd &- green), bytes(odd &+ blue))
            let out = target + 3 * x
            for k in 0..<8 {
                out[6 * k] = r0[k]
                out[6 * k + 1] = g0[k]
                out[6 * k + 2] = b0[k]
                out[6 * k + 3] = r1[k]
                out[6 * k + 4] = g1[k]
                out[6 * k + 5] = b1[k]
            }
            x += 16
        }
        for x in x..<width { store(x: x, y: y, to: target + 3 * x) }
    }
}
