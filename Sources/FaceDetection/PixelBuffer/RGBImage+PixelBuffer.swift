extension RGBImage {
    /// The upright RGB picture of `buffer`, converted in one pass (colour conversion and the turn of
    /// `buffer.orientation` together): what ``FaceDetector`` consumes. The buffer's memory is read
    /// only during this call.
    ///
    /// The picture is `buffer.uprightWidth` × `buffer.uprightHeight`, so faces found in it are in
    /// upright coordinates. Formats: see ``PixelFormat`` (YCbCr through the format's matrix, premultiplied colour
    /// divided back by alpha, alpha otherwise ignored).
    public init(_ buffer: PixelBuffer) {
        let width = buffer.uprightWidth
        let height = buffer.uprightHeight
        let pixels = [UInt8](unsafeUninitializedCapacity: width * height * 3) { target, count in
            if width > 0 && height > 0 { RGBImage.convert(buffer, into: target.baseAddress!) }
            count = width * height * 3
        }
        self.init(width: width, height: height, pixels: pixels)
    }

    /// Fills `target` (upright width × height × 3 bytes) from `buffer` with the sampler for its format.
    private static func convert(_ buffer: PixelBuffer, into target: UnsafeMutablePointer<UInt8>) {
        // Safety: PixelBuffer.init checked that every plane holds its rows at its stride, so every
        // (x, y) inside the stored picture reads inside the planes.
        func start(_ plane: Int) -> UnsafePointer<UInt8> {
            buffer.planes[plane].bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
        }
        func stride(_ plane: Int) -> Int { buffer.planes[plane].bytesPerRow }
        func packed(_ bytesPerPixel: Int, _ red: Int, _ blue: Int) -> PackedSampler {
            PackedSampler(
                base: start(0), bytesPerRow: stride(0), bytesPerPixel: bytesPerPixel, red: red, green: 1, blue: blue)
        }
        switch buffer.format {
        case .rgb8: fill(target, from: buffer, with: packed(3, 0, 2))
        case .rgba8(.straight): fill(target, from: buffer, with: packed(4, 0, 2))
        case .bgra8(.straight): fill(target, from: buffer, with: packed(4, 2, 0))
        case .rgba8(.premultiplied): fill(target, from: buffer, with: PremultipliedSampler(packed: packed(4, 0, 2)))
        case .bgra8(.premultiplied): fill(target, from: buffer, with: PremultipliedSampler(packed: packed(4, 2, 0)))
        case .gray8: fill(target, from: buffer, with: GraySampler(base: start(0), bytesPerRow: stride(0)))
        case .nv12(let range, let matrix), .nv21(let range, let matrix):
            let cbFirst = buffer.format == .nv12(range, matrix: matrix)
            let sampler = YCbCrSampler(
                luma: start(0), lumaBytesPerRow: stride(0), cb: start(1) + (cbFirst ? 0 : 1),
                cr: start(1) + (cbFirst ? 1 : 0), cbBytesPerRow: stride(1), crBytesPerRow: stride(1), chromaStep: 2,
                coefficients: YCbCrCoefficients(range, matrix))
            fillYCbCr(target, from: buffer, with: sampler)
        case .i420(let range, let matrix):
            let sampler = YCbCrSampler(
                luma: start(0), lumaBytesPerRow: stride(0), cb: start(1), cr: start(2), cbBytesPerRow: stride(1),
                crBytesPerRow: stride(2), chromaStep: 1, coefficients: YCbCrCoefficients(range, matrix))
            fillYCbCr(target, from: buffer, with: sampler)
        }
    }

    /// `fill(_:from:with:)` for YCbCr: an upright buffer row by row with the sampler's SIMD rows.
    private static func fillYCbCr(
        _ target: UnsafeMutablePointer<UInt8>, from buffer: PixelBuffer, with sampler: YCbCrSampler
    ) {
        guard buffer.orientation == .up else { return fill(target, from: buffer, with: sampler) }
        for y in 0..<buffer.height {
            sampler.storeRow(y: y, width: buffer.width, to: target + y * buffer.width * 3)
        }
    }

    /// The one pass: walks the upright picture in 64 × 64 tiles (so that a turned picture's reads
    /// stay in cache), following the stored position with two steps per pixel instead of the
    /// reference's switch, and lets `sampler` write each pixel's colour.
    private static func fill<Sampler: PixelSampler>(
        _ target: UnsafeMutablePointer<UInt8>, from buffer: PixelBuffer, with sampler: Sampler
    ) {
        let width = buffer.uprightWidth
        let height = buffer.uprightHeight
        // The stored position of upright (x, y) is origin + x · alongRow + y · downColumn, in (x, y) pairs.
        let origin = buffer.storedPosition(ofUprightX: 0, y: 0)
        let right = buffer.storedPosition(ofUprightX: min(1, width - 1), y: 0)
        let below = buffer.storedPosition(ofUprightX: 0, y: min(1, height - 1))
        let alongRow = (x: right.x - origin.x, y: right.y - origin.y)
        let downColumn = (x: below.x - origin.x, y: below.y - origin.y)
        let tile = 64
        for tileY in Swift.stride(from: 0, to: height, by: tile) {
            for tileX in Swift.stride(from: 0, to: width, by: tile) {
                let tileEnd = min(tileX + tile, width)
                for y in tileY..<min(tileY + tile, height) {
                    var sx = origin.x + tileX * alongRow.x + y * downColumn.x
                    var sy = origin.y + tileX * alongRow.y + y * downColumn.y
                    var o = target + (y * width + tileX) * 3
                    // One tile row: one pixel's colour per step, the stored position moving by alongRow.
                    for _ in tileX..<tileEnd {
                        sampler.store(x: sx, y: sy, to: o)
                        o += 3
                        sx += alongRow.x
                        sy += alongRow.y
                    }
                }
            }
        }
    }
}
