extension RGBImage {
    /// Blurs the pixels inside `rect` (clipped to the image) so strongly that a face there cannot
    /// be recognised; pixels outside `rect` do not change.
    ///
    /// Three box blurs in a row, each along rows then down columns, approximate a Gaussian with
    /// σ ≈ `radius`. The default radius is a sixth of the rectangle's smaller side (at least 1),
    /// which leaves a face as a few soft blobs of colour. The blur reads only pixels inside the
    /// region: near its edges each mean covers just the pixels that are inside, so the picture
    /// outside neither changes nor leaks in, and no edge pixel keeps extra weight.
    /// Every pixel the rectangle touches, even partly, is blurred.
    public mutating func blur(_ rect: Rect, radius: Int? = nil) {
        blur(rect, radius: radius, simd: true)
    }

    /// `blur(_:radius:)` with the SIMD kernels (`simd`) or their scalar twins.
    mutating func blur(_ rect: Rect, radius: Int?, simd: Bool) {
        let box = PixelBox(covering: rect).clipped(toWidth: width, height: height)
        guard !box.isEmpty else { return }
        let w = box.width
        let h = box.height
        let wanted = radius ?? PixelBox.clampedInt((min(rect.width, rect.height) / 6).rounded())
        let r = min(max(wanted, 1), max(w, h))
        let count = w * h * 3
        // The region as floats, plus one spare float for the SIMD4 loads; `b` for the passes between.
        var a = [Float](unsafeUninitializedCapacity: count + 1) { buffer, initialized in
            pixels.withUnsafeBufferPointer { source in
                // Safety: box is clipped to the image, so ((y0 + y)·width + x0)·3 + i < pixels.count;
                // writes y·w·3 + i < count of the count + 1 floats allocated.
                for y in 0..<h {
                    // Row y of the region, bytes to floats.
                    let from = ((box.y0 + y) * width + box.x0) * 3
                    let to = y * w * 3
                    for i in 0..<(w * 3) { buffer[to + i] = Float(source[from + i]) }
                }
            }
            buffer[count] = 0
            initialized = count + 1
        }
        var b = [Float](repeating: 0, count: count + 1)
        var sums = [Float](repeating: 0, count: w * 3)
        let zeros = sums
        let rowScales = BoxBlurKernels.windowScales(length: w, radius: r)
        let columnScales = BoxBlurKernels.windowScales(length: h, radius: r)
        for _ in 0..<3 {
            if simd {
                BoxBlurKernels.averageAlongRowsSIMD(
                    input: a, output: &b, width: w, height: h, radius: r,
                    scales: rowScales)
                BoxBlurKernels.averageDownColumnsSIMD(
                    input: b, output: &a, width: w, height: h, radius: r,
                    scales: columnScales, sums: &sums, zeros: zeros)
            } else {
                BoxBlurKernels.averageAlongRowsScalar(
                    input: a, output: &b, width: w, height: h, radius: r,
                    scales: rowScales)
                BoxBlurKernels.averageDownColumnsScalar(
                    input: b, output: &a, width: w, height: h, radius: r,
                    scales: columnScales, sums: &sums, zeros: zeros)
            }
        }
        let stride = width
        pixels.withUnsafeMutableBufferPointer { target in
            a.withUnsafeBufferPointer { a in
                // Safety: box is clipped to the image, so to + i < pixels.count; from + i < count ≤ a.count.
                for y in 0..<h {
                    // Row y of the region, floats back to rounded bytes.
                    let to = ((box.y0 + y) * stride + box.x0) * 3
                    let from = y * w * 3
                    for i in 0..<(w * 3) { target[to + i] = ResizeKernels.byte(a[from + i]) }
                }
            }
        }
    }
}
