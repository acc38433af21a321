import Testing

@testable import FaceDetection

/// `RGBImage(_ buffer:)`: every format, every orientation, tight and padded rows, against a truth
/// built without the converter (the stored picture's colours turned by `RGBImage.applying(_:)`,
/// which `ImageOrientationTests` checks against plain rotations), and the one-pass loop against the
/// plain reference converter on larger random pictures.
struct PixelBufferTests {
    /// Every format the buffer takes (both alpha kinds, both YCbCr ranges and matrices).
    static let formats: [PixelFormat] = [
        .rgb8, .rgba8(.straight), .rgba8(.premultiplied), .bgra8(.straight), .bgra8(.premultiplied), .gray8,
        .nv12(.video), .nv12(.full), .nv21(.video), .nv21(.full), .i420(.video), .i420(.full),
        .nv12(.video, matrix: .bt709), .nv21(.full, matrix: .bt709), .i420(.video, matrix: .bt709),
        .i420(.full, matrix: .bt709), .nv12(.video, matrix: .bt2020),
    ]

    /// The 6 × 5 "F" (stb's image-writer test): `#` is the letter, `.` the background.
    static let letterF = ["#####.", "#.....", "####..", "#.....", "#....."]

    /// The stored picture in packed-format colours: a red F on blue, green varying by column so
    /// that a mirrored row shows even where the letter does not.
    static func storedColor(x: Int, y: Int) -> RGB {
        let inLetter = Array(letterF[y])[x] == "#"
        return inLetter ? RGB(250, UInt8(10 * x), 0) : RGB(0, UInt8(10 * x + 5), 240)
    }

    /// Alpha of the stored picture: opaque letter, half-transparent background (for premultiplied input).
    static func storedAlpha(x: Int, y: Int) -> UInt8 { Array(letterF[y])[x] == "#" ? 255 : 128 }

    /// Luma and chroma of the YCbCr test picture: a bright F on dark, and each 2 × 2 chroma block
    /// its own (Cb, Cr), so that a swapped pair or a flipped chroma plane changes colours.
    static func storedLuma(x: Int, y: Int) -> UInt8 { Array(letterF[y])[x] == "#" ? 200 : 40 }
    static func storedChroma(blockX: Int, blockY: Int) -> (cb: UInt8, cr: UInt8) {
        (UInt8(70 + 40 * blockX), UInt8(90 + 50 * blockY))
    }

    /// ITU-R BT.601, BT.709 and BT.2020 in floating point, from their luma weights: the truth the
    /// fixed-point conversion is held to (within 1; the weights themselves are held to the
    /// standards' published coefficients below).
    static func floatRGB(
        y: UInt8, cb: UInt8, cr: UInt8, _ range: PixelFormat.YUVRange, _ matrix: PixelFormat.YUVMatrix
    ) -> (Double, Double, Double) {
        let (kr, kb) = matrix.lumaWeights
        let kg = 1 - kr - kb
        let (l, c) = range == .video ? (255 / 219 * (Double(y) - 16), 255.0 / 224) : (Double(y), 1.0)
        let u = c * (Double(cb) - 128)
        let v = c * (Double(cr) - 128)
        return (
            l + 2 * (1 - kr) * v, l - 2 * kb * (1 - kb) / kg * u - 2 * kr * (1 - kr) / kg * v, l + 2 * (1 - kb) * u
        )
    }

    @Test func bt601sFixedPointCoefficientsAreTheOnesTheDetectorWasMeasuredWith() {
        let video = YCbCrCoefficients(.video, .bt601)
        #expect(
            [video.yOffset, video.yScale, video.rFromCr, video.gFromCb, video.gFromCr, video.bFromCb] == [
                16, 76309, 104597, 25675, 53279, 132201,
            ])
        let full = YCbCrCoefficients(.full, .bt601)
        #expect(
            [full.yOffset, full.yScale, full.rFromCr, full.gFromCb, full.gFromCr, full.bFromCb] == [
                0, 65536, 91881, 22553, 46802, 116130,
            ])
    }

    @Test func theMatricesAreTheStandardsPublishedCoefficients() {
        // BT.601 video range (Rec. 601 with 8-bit quantisation), and BT.709 full range.
        let a = Self.floatRGB(y: 116, cb: 128 + 50, cr: 128 - 30, .video, .bt601)
        #expect(abs(a.0 - (1.164383 * 100 - 1.596027 * 30)) < 1e-4)
        #expect(abs(a.1 - (1.164383 * 100 - 0.391762 * 50 + 0.812968 * 30)) < 1e-4)
        #expect(abs(a.2 - (1.164383 * 100 + 2.017232 * 50)) < 1e-4)
        let b = Self.floatRGB(y: 100, cb: 128 + 50, cr: 128 - 30, .full, .bt709)
        #expect(abs(b.0 - (100 - 1.5748 * 30)) < 1e-4)
        #expect(abs(b.1 - (100 - 0.187324 * 50 + 0.468124 * 30)) < 1e-4)
        #expect(abs(b.2 - (100 + 1.8556 * 50)) < 1e-4)
        let c = Self.floatRGB(y: 100, cb: 128 + 50, cr: 128 - 30, .full, .bt2020)
        #expect(abs(c.0 - (100 - 1.4746 * 30)) < 1e-4)
        #expect(abs(c.1 - (100 - 0.164553 * 50 + 0.571353 * 30)) < 1e-4)
        #expect(abs(c.2 - (100 + 1.8814 * 50)) < 1e-4)
    }

    /// The planes of the 6 × 5 stored picture in `format`, rows padded by `padding` bytes.
    static func planes(_ format: PixelFormat, padding: Int) -> PlaneBytes {
        let (w, h) = (6, 5)
        var planes = PlaneBytes()
        func packedRow(_ y: Int, _ order: [Int], alpha: PixelFormat.Alpha?) -> [UInt8] {
            (0..<w).flatMap { x -> [UInt8] in
                let c = storedColor(x: x, y: y)
                let channels = [c.r, c.g, c.b]
                guard let alpha else { return order.map { channels[$0] } }
                let a = storedAlpha(x: x, y: y)
                let stored = alpha == .straight ? channels : channels.map { UInt8((Int($0) * Int(a) + 127) / 255) }
                return order.map { stored[$0] } + [a]
            }
        }
        let chromaRows = (0..<(h + 1) / 2)
        let chromaColumns = (0..<(w + 1) / 2)
        switch format {
        case .rgb8: planes.append(rows: (0..<h).map { packedRow($0, [0, 1, 2], alpha: nil) }, padding: padding)
        case .rgba8(let a): planes.append(rows: (0..<h).map { packedRow($0, [0, 1, 2], alpha: a) }, padding: padding)
        case .bgra8(let a): planes.append(rows: (0..<h).map { packedRow($0, [2, 1, 0], alpha: a) }, padding: padding)
        case .gray8:
            planes.append(rows: (0..<h).map { y in (0..<w).map { x in storedLuma(x: x, y: y) } }, padding: padding)
        case .nv12, .nv21, .i420:
            planes.append(rows: (0..<h).map { y in (0..<w).map { x in storedLuma(x: x, y: y) } }, padding: padding)
            let cb = chromaRows.map { by in chromaColumns.map { bx in storedChroma(blockX: bx, blockY: by).cb } }
            let cr = chromaRows.map { by in chromaColumns.map { bx in storedChroma(blockX: bx, blockY: by).cr } }
            if case .i420 = format {
                planes.append(rows: cb, padding: padding)
                planes.append(rows: cr, padding: padding)
            } else {
                let cbFirst = if case .nv12 = format { true } else { false }
                let interleaved = chromaRows.map { by in
                    chromaColumns.flatMap { bx in cbFirst ? [cb[by][bx], cr[by][bx]] : [cr[by][bx], cb[by][bx]] }
                }
                planes.append(rows: interleaved, padding: padding)
            }
        }
        return planes
    }

    /// The stored 6 × 5 picture's true colours in `format`, as doubles (premultiplied colour
    /// divided back exactly, YCbCr through the floating-point matrix).
    static func truth(_ format: PixelFormat) -> [[(Double, Double, Double)]] {
        (0..<5).map { y in
            (0..<6).map { x in
                switch format {
                case .rgb8, .rgba8, .bgra8:
                    let c = storedColor(x: x, y: y)
                    return (Double(c.r), Double(c.g), Double(c.b))
                case .gray8:
                    let v = Double(storedLuma(x: x, y: y))
                    return (v, v, v)
                case .nv12(let range, let matrix), .nv21(let range, let matrix), .i420(let range, let matrix):
                    let chroma = storedChroma(blockX: x / 2, blockY: y / 2)
                    return floatRGB(y: storedLuma(x: x, y: y), cb: chroma.cb, cr: chroma.cr, range, matrix)
                }
            }
        }
    }

    /// The F in every format and orientation, with tight rows and with padded ones: the upright
    /// result is the stored truth turned by `applying(_:)`, each channel within `tolerance` (0 for
    /// the exact formats: RGB, straight alpha, grey).
    @Test(arguments: formats)
    func letterFInEveryOrientation(format: PixelFormat) throws {
        let exact: Bool
        switch format {
        case .rgb8, .rgba8(.straight), .bgra8(.straight), .gray8: exact = true
        default: exact = false
        }
        let truth = Self.truth(format)
        for orientation in ImageOrientation.allCases {
            // Each channel of the truth, rounded, as an image that applying(_:) can turn; the
            // fraction is compared separately, through the same turn, as a second image.
            let index = RGBImage(width: 6, height: 5, pixels: (0..<30).flatMap { i in [UInt8(i), 0, 0] })
                .applying(orientation)
            for padding in [0, 7] {
                let image = try Self.planes(format, padding: padding).withBuffer(
                    width: 6, height: 5, format: format, orientation: orientation
                ) { RGBImage($0) }
                #expect(image.width == index.width && image.height == index.height)
                for y in 0..<index.height {
                    for x in 0..<index.width {
                        let stored = Int(index[x, y].r)
                        let t = truth[stored / 6][stored % 6]
                        let got = image[x, y]
                        let error = max(
                            abs(Double(got.r) - min(255, max(0, t.0))), abs(Double(got.g) - min(255, max(0, t.1))),
                            abs(Double(got.b) - min(255, max(0, t.2))))
                        #expect(
                            error <= (exact ? 0 : 1), "\(format) \(orientation) padding \(padding) at (\(x), \(y))")
                    }
                }
            }
        }
    }

    /// The one-pass loop against the reference converter on random pictures across 64-pixel tiles
    /// (odd sizes: half chroma samples at the edges), in every format and orientation, with padding.
    @Test(arguments: formats)
    func onePassMatchesReference(format: PixelFormat) throws {
        var rng = SeededRandom(seed: 11)
        for (width, height) in [(1, 1), (2, 3), (7, 5), (131, 70), (64, 129)] {
            var planes = PlaneBytes()
            for plane in 0..<format.planeCount {
                let rowBytes = format.bytesPerRow(ofPlane: plane, width: width)
                let rows = (0..<format.rows(ofPlane: plane, height: height)).map { _ in
                    (0..<rowBytes).map { _ in UInt8.random(in: 0...255, using: &rng) }
                }
                planes.append(rows: rows, padding: 3)
            }
            for orientation in ImageOrientation.allCases {
                let (fast, reference) = try planes.withBuffer(
                    width: width, height: height, format: format, orientation: orientation
                ) { (RGBImage($0), $0.referenceRGBImage()) }
                #expect(fast == reference, "\(format) \(orientation) \(width)x\(height)")
            }
        }
    }

    /// The fixed-point YCbCr matrices against the floating-point ones, over the whole cube (every
    /// third luma value, every fifth chroma value), both ranges and both matrices: rounded to the
    /// nearest value but for the coefficients' 1/65536 steps (off by at most 0.51).
    @Test(
        arguments: [PixelFormat.YUVRange.video, .full],
        [PixelFormat.YUVMatrix.bt601, .bt709, .bt2020])
    func fixedPointMatrixWithinOneOfFloat(range: PixelFormat.YUVRange, matrix: PixelFormat.YUVMatrix) {
        let coefficients = YCbCrCoefficients(range, matrix)
        var worst = 0.0
        for y in stride(from: 0, through: 255, by: 3) {
            for cb in stride(from: 0, through: 255, by: 5) {
                for cr in stride(from: 0, through: 255, by: 5) {
                    let fixed = coefficients.rgb(y: UInt8(y), cb: UInt8(cb), cr: UInt8(cr))
                    let exact = Self.floatRGB(y: UInt8(y), cb: UInt8(cb), cr: UInt8(cr), range, matrix)
                    func error(_ got: UInt8, _ want: Double) -> Double { abs(Double(got) - min(255, max(0, want))) }
                    worst = max(worst, error(fixed.r, exact.0), error(fixed.g, exact.1), error(fixed.b, exact.2))
                }
            }
        }
        #expect(worst < 0.51)
    }

    /// Premultiplied colour: divided back by alpha, 0 where alpha is 0, never above 255.
    @Test func premultipliedAlphaDividedBack() {
        #expect(PremultipliedAlpha.unpremultiplied(128, alpha: 128) == 255)
        #expect(PremultipliedAlpha.unpremultiplied(64, alpha: 128) == 128)
        #expect(PremultipliedAlpha.unpremultiplied(200, alpha: 100) == 255)
        #expect(PremultipliedAlpha.unpremultiplied(9, alpha: 0) == 0)
        #expect(PremultipliedAlpha.unpremultiplied(77, alpha: 255) == 77)
    }

    /// Descriptions that cannot hold the picture are refused before anything is read.
    @Test func badDescriptionsRefused() {
        let bytes = [UInt8](repeating: 0, count: 100)
        bytes.withUnsafeBytes { raw in
            let plane = PixelBuffer.Plane(bytes: raw, bytesPerRow: 12)
            #expect(throws: PixelBuffer.Error.negativeSize(width: -1, height: 2)) {
                try PixelBuffer(width: -1, height: 2, format: .rgb8, planes: [plane])
            }
            #expect(throws: PixelBuffer.Error.wrongPlaneCount(expected: 2, actual: 1)) {
                try PixelBuffer(width: 4, height: 2, format: .nv12(.full), planes: [plane])
            }
            #expect(throws: PixelBuffer.Error.strideTooSmall(plane: 0, bytesPerRow: 12, needed: 15)) {
                try PixelBuffer(width: 5, height: 2, format: .rgb8, planes: [plane])
            }
            // 9 rows at stride 12 need 8 × 12 + 12 = 108 bytes.
            #expect(throws: PixelBuffer.Error.planeTooSmall(plane: 0, available: 100, needed: 108)) {
                try PixelBuffer(width: 4, height: 9, format: .rgb8, planes: [plane])
            }
            #expect(throws: PixelBuffer.Error.tooLarge(width: Int.max, height: 1)) {
                try PixelBuffer(width: Int.max, height: 1, format: .rgba8(.straight), planes: [plane])
            }
            #expect(throws: PixelBuffer.Error.planeTooSmall(plane: 0, available: 100, needed: Int.max)) {
                try PixelBuffer(
                    width: 4, height: 3, format: .rgb8, planes: [.init(bytes: raw, bytesPerRow: Int.max / 2)])
            }
            #expect(throws: Never.self) {
                let buffer = try PixelBuffer(width: 4, height: 2, format: .rgb8, planes: [plane], orientation: .left)
                #expect(buffer.uprightWidth == 2 && buffer.uprightHeight == 4)
            }
        }
    }
}
