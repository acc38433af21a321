import FaceDetection

/// A video frame as ffmpeg decodes and encodes it: planar 4:2:0 YCbCr (`-pix_fmt yuv420p`), the
/// full-size Y plane, then Cb and Cr at half the width and height (rounded up), no row padding.
///
/// Frames stay in this form from the decoder to the encoder: half the bytes of RGB through each
/// pipe, no colour conversion in either ffmpeg, and the pixels that nothing hides or draws on are
/// written exactly as they were decoded. The detector gets an RGB copy (`rgbImage`); hiding and
/// drawing convert only the part they work on, and store back only the pixels they changed.
/// Colours convert both ways through the stream's matrix and range (`VideoColors`).
struct VideoFrame: Sendable, Equatable {
    /// Width in pixels.
    let width: Int
    /// Height in pixels.
    let height: Int
    /// `VideoFrame.byteCount(width:height:)` bytes: the Y, Cb and Cr planes in turn.
    private(set) var bytes: [UInt8]
    /// How the samples map to colours.
    let colors: VideoColors

    /// Wraps the planes in `bytes` (`byteCount(width:height:)` of them), samples as `colors` says.
    init(width: Int, height: Int, bytes: [UInt8], colors: VideoColors = .standard) {
        precondition(
            width >= 0 && height >= 0 && bytes.count == Self.byteCount(width: width, height: height),
            "VideoFrame: \(bytes.count) bytes do not make a \(width)x\(height) frame")
        self.width = width
        self.height = height
        self.bytes = bytes
        self.colors = colors
    }

    /// `image` converted to YCbCr through `colors` (each chroma sample from the mean colour of its
    /// 2 × 2 pixels).
    init(_ image: RGBImage, colors: VideoColors = .standard) {
        self.init(
            width: image.width, height: image.height,
            bytes: [UInt8](repeating: 0, count: Self.byteCount(width: image.width, height: image.height)),
            colors: colors)
        store(image, x: 0, y: 0, changed: nil)
    }

    /// The bytes of a `width` × `height` frame.
    static func byteCount(width: Int, height: Int) -> Int {
        width * height + 2 * ((width + 1) / 2) * ((height + 1) / 2)
    }

    /// Samples per row of a chroma plane.
    private var chromaWidth: Int { (width + 1) / 2 }
    /// Where the Cb plane starts in `bytes`.
    private var cbStart: Int { width * height }
    /// Where the Cr plane starts in `bytes`.
    private var crStart: Int { width * height + chromaWidth * ((height + 1) / 2) }

    /// The whole frame in RGB: what the detector searches.
    var rgbImage: RGBImage { rgb(x: 0, y: 0, width: width, height: height) }

    /// Blurs the pixels `rect` touches (`RGBImage.blur(_:radius:)`).
    mutating func blur(_ rect: Rect) {
        edit(covering: rect) { image, shifted in image.blur(shifted) }
    }

    /// Pixelates the pixels `rect` touches (`RGBImage.pixelate(_:blocks:)`).
    mutating func pixelate(_ rect: Rect) {
        edit(covering: rect) { image, shifted in image.pixelate(shifted) }
    }

    /// Hides the pixels `rect` touches as `style` says (`RGBImage.hide(_:style:)`).
    mutating func hide(_ rect: Rect, style: HidingStyle) {
        edit(covering: rect) { image, shifted in image.hide(shifted, style: style) }
    }

    /// Draws `faces` as `RGBImage.draw(_:style:)` does on the whole frame.
    mutating func draw(_ faces: [Face]) {
        guard !faces.isEmpty else { return }
        edit(x0: 0, y0: 0, x1: width, y1: height) { $0.draw(faces) }
    }

    /// Runs `body` on the RGB picture of the pixels `rect` touches (grown to even corners, so that
    /// whole chroma samples are covered, and clipped to the frame), with `rect` in that picture's
    /// coordinates, and stores what it changed.
    private mutating func edit(covering rect: Rect, _ body: (inout RGBImage, Rect) -> Void) {
        guard rect.x.isFinite, rect.y.isFinite, rect.width.isFinite, rect.height.isFinite,
            rect.width >= 0, rect.height >= 0
        else { return }
        func clamped(_ value: Float, _ limit: Int) -> Int { Int(min(max(value, 0), Float(limit))) }
        let x0 = clamped(rect.x.rounded(.down), width) & ~1
        let y0 = clamped(rect.y.rounded(.down), height) & ~1
        let x1 = clamped(rect.maxX.rounded(.up), width)
        let y1 = clamped(rect.maxY.rounded(.up), height)
        let shifted = Rect(x: rect.x - Float(x0), y: rect.y - Float(y0), width: rect.width, height: rect.height)
        edit(x0: x0, y0: y0, x1: x1, y1: y1) { body(&$0, shifted) }
    }

    /// Runs `body` on the RGB picture of columns `x0..<x1`, rows `y0..<y1` (`x0`, `y0` even; the
    /// picture grows by a column and a row to the next even corner inside the frame) and stores
    /// the pixels it changed: each one's luma, and the chroma of each 2 × 2 block with a changed
    /// pixel, from the mean of the block's colours.
    private mutating func edit(x0: Int, y0: Int, x1: Int, y1: Int, _ body: (inout RGBImage) -> Void) {
        guard x1 > x0 && y1 > y0 else { return }
        let w = min(width, x1 + (x1 - x0) % 2) - x0
        let h = min(height, y1 + (y1 - y0) % 2) - y0
        let original = rgb(x: x0, y: y0, width: w, height: h)
        var edited = original
        body(&edited)
        guard edited != original, edited.width == w, edited.height == h else { return }
        store(edited, x: x0, y: y0, changed: original)
    }

    /// The pixels `width` × `height` at (`x`, `y`) (`x` and `y` even, inside the frame) in RGB.
    private func rgb(x: Int, y: Int, width w: Int, height h: Int) -> RGBImage {
        bytes.withUnsafeBytes { raw in
            func plane(_ start: Int, end: Int, stride: Int) -> PixelBuffer.Plane {
                PixelBuffer.Plane(bytes: UnsafeRawBufferPointer(rebasing: raw[start..<end]), bytesPerRow: stride)
            }
            let chroma = (y / 2) * chromaWidth + x / 2
            let planes = [
                plane(y * width + x, end: cbStart, stride: width),
                plane(cbStart + chroma, end: crStart, stride: chromaWidth),
                plane(crStart + chroma, end: raw.count, stride: chromaWidth),
            ]
            do {
                return RGBImage(try PixelBuffer(width: w, height: h, format: colors.format, planes: planes))
            } catch {
                preconditionFailure("VideoFrame: a region inside the frame is a valid pixel buffer: \(error)")
            }
        }
    }

    /// Stores `image`, placed at (`x`, `y`) (even, inside the frame): where `changed` is given
    /// (the picture `image` was edited from), only the luma of the pixels that differ from it and
    /// the chroma of the 2 × 2 blocks holding one; else every pixel and block.
    private mutating func store(_ image: RGBImage, x: Int, y: Int, changed original: RGBImage?) {
        let w = image.width
        let h = image.height
        let blocksWide = (w + 1) / 2
        var blockChanged = [Bool](repeating: original == nil, count: blocksWide * ((h + 1) / 2))
        let frameWidth = width
        let chromaWidth = chromaWidth
        let (cbStart, crStart) = (cbStart, crStart)
        let colors = colors
        let old = original?.pixels ?? []
        image.pixels.withUnsafeBufferPointer { pixels in
            old.withUnsafeBufferPointer { old in
                bytes.withUnsafeMutableBufferPointer { bytes in
                    // Safety: `old` is empty or as large as `pixels`; (x + w, y + h) is inside the frame.
                    for row in 0..<h {
                        for column in 0..<w {
                            let i = (row * w + column) * 3
                            if !old.isEmpty && old[i] == pixels[i] && old[i + 1] == pixels[i + 1]
                                && old[i + 2] == pixels[i + 2]
                            {
                                continue
                            }
                            bytes[(y + row) * frameWidth + x + column] = colors.luma(
                                Float(pixels[i]), Float(pixels[i + 1]), Float(pixels[i + 2]))
                            blockChanged[(row / 2) * blocksWide + column / 2] = true
                        }
                    }
                    for blockRow in 0..<((h + 1) / 2) {
                        for blockColumn in 0..<blocksWide where blockChanged[blockRow * blocksWide + blockColumn] {
                            var sum: (r: Float, g: Float, b: Float) = (0, 0, 0)
                            var count: Float = 0
                            for row in (2 * blockRow)..<min(2 * blockRow + 2, h) {
                                for column in (2 * blockColumn)..<min(2 * blockColumn + 2, w) {
                                    let i = (row * w + column) * 3
                                    sum = (
                                        sum.r + Float(pixels[i]), sum.g + Float(pixels[i + 1]),
                                        sum.b + Float(pixels[i + 2])
                                    )
                                    count += 1
                                }
                            }
                            let (cb, cr) = colors.chroma(sum.r / count, sum.g / count, sum.b / count)
                            let sample = (y / 2 + blockRow) * chromaWidth + x / 2 + blockColumn
                            bytes[cbStart + sample] = cb
                            bytes[crStart + sample] = cr
                        }
                    }
                }
            }
        }
    }
}
