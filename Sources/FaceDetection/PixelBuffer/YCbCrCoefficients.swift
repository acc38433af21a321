/// A YCbCr → RGB matrix in 16.16 fixed point, for one ``PixelFormat/YUVRange`` and one
/// ``PixelFormat/YUVMatrix``.
///
/// From the matrix's luma weights Kr, Kb (BT.601: 0.299, 0.114; BT.709: 0.2126, 0.0722; Kg = 1 − Kr
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

    /// The coefficients for `range` and `matrix`.
    init(_ range: PixelFormat.YUVRange, _ matrix: PixelFormat.YUVMatrix) {
        switch (matrix, range) {
        case (.bt601, .video):
            self = YCbCrCoefficients(
                yOffset: 16, yScale: 76309, rFromCr: 104597, gFromCb: 25675, gFromCr: 53279, bFromCb: 132201)
        case (.bt601, .full):
            self = YCbCrCoefficients(
                yOffset: 0, yScale: 65536, rFromCr: 91881, gFromCb: 22553, gFromCr: 46802, bFromCb: 116130)
        case (.bt709, .video):
            self = YCbCrCoefficients(
                yOffset: 16, yScale: 76309, rFromCr: 117489, gFromCb: 13975, gFromCr: 34925, bFromCb: 138438)
        case (.bt709, .full):
            self = YCbCrCoefficients(
                yOffset: 0, yScale: 65536, rFromCr: 103206, gFromCb: 12276, gFromCr: 30679, bFromCb: 121609)
        }
    }

    /// The coefficients as given.
    private init(yOffset: Int32, yScale: Int32, rFromCr: Int32, gFromCb: Int32, gFromCr: Int32, bFromCb: Int32) {
        self.yOffset = yOffset
        self.yScale = yScale
        self.rFromCr = rFromCr
        self.gFromCb = gFromCb
        self.gFromCr = gFromCr
        self.bFromCb = bFromCb
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
