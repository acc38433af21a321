/// A YCbCr → RGB matrix in 16.16 fixed point, for one ``PixelFormat/YUVRange`` and one
/// ``PixelFormat/YUVMatrix``.
///
/// From the matrix's luma weights Kr, Kb (BT.601: 0.299, 0.114; BT.709: 0.2126, 0.0722; BT.2020:
/// 0.2627, 0.0593; Kg = 1 − Kr
/// − Kb), full range (JFIF): R = Y + 2(1 − Kr) Cr′, G = Y − 2Kb(1 − Kb)/Kg Cb′ − 2Kr(1 − Kr)/Kg Cr′,
/// B = Y + 2(1 − Kb) Cb′, with Cb′ = Cb − 128 and Cr′ = Cr − 128; video range scales Y − 16 by
/// 255/219 and the chroma terms by 255/224. BT.601 video range: R = 1.164383 (Y − 16) + 1.596027 Cr′,
/// G = 1.164383 (Y − 16) − 0.391762 Cb′ − 0.812968 Cr′, B = 1.164383 (Y − 16) + 2.017232 Cb′.
/// Each coefficient is rounded to a multiple of 1/65536; the tests check every result against the
/// formulas in floating point (off by at most 0.51:
/// rounding, plus the coefficients' steps).
struct YCbCrCoefficients {
    /// The luma offset (16 or 0).
    var yOffset: Int32
    /// The luma factor × 65536.
    var yScale: Int32
    /// Cr's weight in R × 65536.
    var rFromCr: Int32
    /// Cb's weight in G × 65536 (subtracted).
    var gFromCb: Int32
    /// Cr's weight in G × 65536 (subtracted).
    var gFromCr: Int32
    /// Cb's weight in B × 65536.
    var bFromCb: Int32

    /// The coefficients for `range` and `matrix`, from the matrix's luma weights.
    init(_ range: PixelFormat.YUVRange, _ matrix: PixelFormat.YUVMatrix) {
        let (kr, kb) = matrix.lumaWeights
        let kg = 1 - kr - kb
        let video = range == .video
        let chroma = video ? 255.0 / 224 : 1
        func fixed(_ value: Double) -> Int32 { Int32((value * 65536).rounded()) }
        yOffset = video ? 16 : 0
        yScale = fixed(video ? 255.0 / 219 : 1)
        rFromCr = fixed(2 * (1 - kr) * chroma)
        gFromCb = fixed(2 * kb * (1 - kb) / kg * chroma)
        gFromCr = fixed(2 * kr * (1 - kr) / kg * chroma)
        bFromCb = fixed(2 * (1 - kb) * chroma)
    }

    /// The RGB colour of one sample, each channel rounded and clamped to 0…255.
    @inline(__always)
    func rgb(y: UInt8, cb: UInt8, cr: UInt8) -> (r: UInt8, g: UInt8, b: UInt8) {
        // Every term is below 2^26 in magnitude: the wrapping operators never wrap and need no overflow check.
        let luma = (Int32(y) &- yOffset) &* yScale &+ 32768
        let u = Int32(cb) &- 128
        let v = Int32(cr) &- 128
        return (
            UInt8(clamping: (luma &+ rFromCr &* v) >> 16),
            UInt8(clamping: (luma &- gFromCb &* u &- gFromCr &* v) >> 16),
            UInt8(clamping: (luma &+ bFromCb &* u) >> 16)
        )
    }
}
