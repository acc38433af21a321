import CJPEG
import CPNG
import FaceDetection

/// The steps every codec takes around its C shim's calls, written once: the declared size checked
/// against the limits, the pixels a decode call writes, the bytes an encode call returns.
extension DecodeLimits {
    /// Throws `.exceedsLimits` for `path` unless `width` x `height` (a header's) is within the limits.
    func check(width: Int, height: Int, path: String) throws(ImageCodecError) {
        if let problem = violation(width: width, height: height) {
            throw ImageCodecError.exceedsLimits(path: path, reason: problem)
        }
    }
}

extension Array where Element == UInt8 {
    /// `count` bytes that `fill` writes into fresh memory (a shim's decode call, given the buffer's
    /// start; it returns whether it succeeded). When it fails, nothing is kept.
    init(count: Int, filledBy fill: (UnsafeMutablePointer<UInt8>?) -> Bool) {
        self.init(unsafeUninitializedCapacity: count) { buffer, initialized in
            initialized = fill(buffer.baseAddress) ? count : 0
        }
    }
}

extension DecodedImage {
    /// A picture a shim decodes whole (PNG, WebP): its header's `width` x `height` checked against
    /// `limits`, the orientation of the Exif `tiff` read, `beforeDecoding` told the upright size;
    /// then `decode` fills the width·height·3 bytes it is given and says whether it succeeded
    /// (`failure` is thrown when not), and the picture is turned upright. `warnings` come first.
    static func decodedWhole(
        width: Int, height: Int, format: ImageFormat, path: String, limits: DecodeLimits, tiff: [UInt8]?,
        warnings: [String], beforeDecoding: (_ width: Int, _ height: Int) -> Void,
        decode: (_ rgb: UnsafeMutablePointer<UInt8>?, _ count: Int) -> Bool, failure: () -> ImageCodecError
    ) throws(ImageCodecError) -> DecodedImage {
        try limits.check(width: width, height: height, path: path)
        var warnings = warnings
        let orientation = ExifOrientation.orientation(
            forTagValue: tiff.flatMap(ExifOrientation.value(inTIFF:)), warnings: &warnings)
        let swaps = orientation.swapsDimensions
        beforeDecoding(swaps ? height : width, swaps ? width : height)
        let count = width * height * 3
        let pixels = [UInt8](count: count) { decode($0, count) }
        guard pixels.count == count else { throw failure() }
        return DecodedImage(
            stored: RGBImage(width: width, height: height, pixels: pixels), orientation: orientation,
            format: format, warnings: warnings, storedFullWidth: width, storedFullHeight: height, scale: 1)
    }
}

/// The status record a shim's encode call fills (`CJPEGStatus`, `CPNGStatus`): `code` 0 on
/// success, 3 when writing the file failed with `systemError`, another value when the library failed.
protocol ShimStatus {
    /// An empty status, for a call to fill.
    init()
    /// 0 on success; 3 when a write failed; another value when the library failed.
    var code: Int32 { get }
    /// With code 3: the failed write's `errno`.
    var systemError: Int32 { get }
}

extension CJPEGStatus: ShimStatus {}
extension CPNGStatus: ShimStatus {}

/// The two ways a shim encodes: into memory it allocates, or streamed into a file written atomically.
enum ShimEncoding {
    /// The bytes `encode` leaves in the memory it allocates (given the output pointer, its size and
    /// the status to fill), copied before `free` releases them; `failure` is the error when the
    /// status is not 0.
    static func encoded<Status: ShimStatus>(
        free: (UnsafeMutablePointer<UInt8>?) -> Void, failure: (Status) -> ImageCodecError,
        _ encode: (inout UnsafeMutablePointer<UInt8>?, inout Int, inout Status) -> Void
    ) throws(ImageCodecError) -> [UInt8] {
        var status = Status()
        var output: UnsafeMutablePointer<UInt8>? = nil
        var size = 0
        encode(&output, &size, &status)
        defer { free(output) }
        guard status.code == 0, let output else { throw failure(status) }
        return Array(UnsafeBufferPointer(start: output, count: size))
    }

    /// Writes `path` atomically with `encode` (given the temporary file's descriptor and the status
    /// to fill): a failed write throws `.cannotWrite`, another failure `failure`'s error, and either
    /// leaves nothing behind.
    static func write<Status: ShimStatus>(
        to path: String, failure: (Status) -> ImageCodecError, _ encode: (_ fd: Int32, inout Status) -> Void
    ) throws(ImageCodecError) {
        let writer: AtomicFileWriter
        do {
            writer = try AtomicFileWriter(path: path)
        } catch {
            throw ImageCodecError(error)
        }
        try writer.write { fd throws(ImageCodecError) in
            var status = Status()
            encode(fd, &status)
            if status.code == 3 { throw ImageCodecError.cannotWrite(path: path, errno: status.systemError) }
            if status.code != 0 { throw failure(status) }
        }
        do {
            try writer.commit()
        } catch {
            throw ImageCodecError(error)
        }
    }
}
