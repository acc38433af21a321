import FaceDetection

/// Decoding JPEG, PNG, HEIF (HEIC), AVIF and WebP images and encoding JPEG and PNG, in memory. Every
/// error thrown is an ``ImageCodecError``. Files are read with ``DecodedImage/init(contentsOf:limits:reducedFor:)``
/// and written with `RGBImage.write(to:quality:pngCompression:)`.
public enum ImageCodec {
    /// Reads and decodes the image file at `path` (never modifying it): what
    /// ``DecodedImage/init(contentsOf:limits:reducedFor:)`` does.
    ///
    /// The format is decided by the content, not the extension. The result is RGB8 and upright (the
    /// EXIF orientation of a JPEG APP1 block, a PNG eXIf chunk or a WebP EXIF chunk is applied; of a
    /// HEIF or AVIF file, its primary image with its own rotation, mirroring and cropping). `limits` are checked on
    /// the header before pixel memory is allocated. Grey becomes R = G = B; PNG alpha (alpha channel
    /// or tRNS) is composited over white; 16-bit PNG samples are rounded to 8 bits (v × 255 / 65535);
    /// CMYK/YCCK JPEGs become RGB (inverted when an Adobe APP14 marker says so, as Photoshop writes them).
    /// HEIF, AVIF and WebP alpha is composited over white too; of an animated WebP, the first frame
    /// is read (with a warning saying so).
    /// `maxScale` > 1 lets a JPEG decode at 1/2, 1/4 or 1/8 size (the largest power of two ≤ `maxScale`,
    /// at most 8) through libjpeg's DCT scaling; the other formats always decode at full size.
    /// A truncated JPEG that libjpeg can partly decode succeeds, with the warning "Premature end of
    /// JPEG file" first in `warnings`: the missing part of a baseline JPEG is grey (RGB 128), a
    /// progressive one keeps its coarser scans there. A truncated PNG fails ("truncated PNG").
    package static func read(
        path: String, limits: DecodeLimits = .init(), maxScale: Int = 1
    ) throws(ImageCodecError) -> DecodedImage {
        try read(path: path, limits: limits, maxScale: { _, _ in maxScale })
    }

    /// Reads and decodes the image file at `path` as `read(path:limits:maxScale:)` does, asking
    /// `maxScale` for the largest acceptable reduction once the header has given the upright full
    /// width and height (e.g. to keep the smallest face to look for above a detector's window).
    /// It is asked for the other formats too (whose answer is ignored: they decode at full size), always after
    /// `limits` were checked and before any pixel memory is allocated, so a caller may also wait
    /// there until it has memory for the image.
    package static func read(
        path: String, limits: DecodeLimits = .init(),
        maxScale: (_ fullWidth: Int, _ fullHeight: Int) -> Int
    ) throws(ImageCodecError) -> DecodedImage {
        let bytes = try FileReading.bytes(atPath: path, maxBytes: limits.maxFileBytes) {
            start throws(ImageCodecError) in
            _ = try format(of: start, name: path)
        }
        return try decode(bytes, name: path, limits: limits, maxScale: maxScale)
    }

    /// Decodes JPEG, PNG, HEIF, AVIF or WebP `bytes` as ``DecodedImage/init(contentsOf:limits:reducedFor:)``
    /// reads a file: upright, checked against `limits` before pixel memory is allocated; `maxScale` > 1
    /// lets a JPEG decode at 1/2, 1/4 or 1/8 size (the largest power of two ≤ `maxScale`). `name` is
    /// used in error messages.
    public static func decode(
        _ bytes: [UInt8], name: String, limits: DecodeLimits = .init(),
        maxScale: Int = 1
    ) throws(ImageCodecError) -> DecodedImage {
        try decode(bytes, name: name, limits: limits) { _, _ in maxScale }
    }

    /// Decodes `bytes` in the format they hold; `maxScale` is asked as `read(path:limits:maxScale:)`
    /// says (only JPEG decodes reduced).
    private static func decode(
        _ bytes: [UInt8], name: String, limits: DecodeLimits,
        maxScale: (_ fullWidth: Int, _ fullHeight: Int) -> Int
    ) throws(ImageCodecError) -> DecodedImage {
        let format = try format(of: bytes, name: name)
        switch format {
        case .jpeg: return try JPEGCodec.decode(bytes, name: name, limits: limits, scale: maxScale)
        case .png: return try PNGCodec.decode(bytes, name: name, limits: limits) { _ = maxScale($0, $1) }
        case .heif, .avif:
            return try HEIFCodec.decode(bytes, format: format, name: name, limits: limits) { _ = maxScale($0, $1) }
        case .webp: return try WebPCodec.decode(bytes, name: name, limits: limits) { _ = maxScale($0, $1) }
        }
    }

    /// The format of a file that starts with `bytes`, or an error saying why it cannot be decoded.
    static func format(of bytes: [UInt8], name: String) throws(ImageCodecError) -> ImageFormat {
        if bytes.isEmpty { throw ImageCodecError.empty(path: name) }
        guard let format = ImageFormat.sniff(bytes) else {
            throw UnsupportedFormat.error(for: bytes, name: name)
        }
        return format
    }

    /// The zlib level of PNG output when none is asked for: 1, as OpenCV's default (fast: the Up
    /// filter and zlib's run-length strategy, docs/results.md "Fast annotated output").
    public static let defaultPNGCompression = 1

    /// Encodes `image` as `format`. JPEG: baseline, `quality` 1…100, 4:4:4 chroma from quality 90 up
    /// (4:2:0 below); PNG: 8-bit RGB, lossless, zlib level `pngCompression` 0…9 (default 1, fast, as
    /// OpenCV's default; 9 is smallest and slowest), `quality` ignored. The read-only formats
    /// (HEIF, AVIF, WebP: `ImageFormat.isWritable`) throw `.cannotEncode`.
    public static func encode(
        _ image: RGBImage, as format: ImageFormat, quality: Int = 92,
        pngCompression: Int = defaultPNGCompression
    ) throws(ImageCodecError) -> [UInt8] {
        switch format {
        case .jpeg: return try JPEGCodec.encode(image, quality: quality, exif: nil, name: "<\(format.rawValue)>")
        case .png: return try PNGCodec.encode(image, compression: pngCompression, name: "<\(format.rawValue)>")
        case .heif, .avif, .webp:
            throw ImageCodecError.cannotEncode(
                path: "<\(format.rawValue)>", format: format,
                reason: "\(format.displayName) is read, not written (images are written as PNG or JPEG)")
        }
    }

    /// Encodes `image` as a JPEG that carries `exif`, an APP1 payload starting "Exif\0\0"
    /// (see `ExifOrientation.payload(for:bigEndian:)`), for the tests' oriented photos.
    package static func encodeJPEG(
        _ image: RGBImage, quality: Int = 92, exif: [UInt8]?
    ) throws(ImageCodecError) -> [UInt8] {
        try JPEGCodec.encode(image, quality: quality, exif: exif, name: "<jpeg>")
    }

    /// Encodes `image` in the format named by `path`'s extension (.png, .jpg, .jpeg) and writes it
    /// atomically (temporary file in the same directory, then rename; nothing is left on failure).
    /// Any other extension, a read-only format's among them, fails before anything is written. `quality` (JPEG) and `pngCompression`
    /// are those of `encode(_:as:quality:pngCompression:)`. The encoded file is streamed row by row
    /// to the temporary file, never held whole in memory. What `RGBImage.write(to:quality:pngCompression:)` does.
    package static func write(
        _ image: RGBImage, to path: String, quality: Int = 92, pngCompression: Int = defaultPNGCompression
    ) throws(ImageCodecError) {
        switch ImageFormat(path: path) {
        case .png?: try PNGCodec.write(image, compression: pngCompression, to: path)
        case .jpeg?: try JPEGCodec.write(image, quality: quality, to: path)
        case .heif?, .avif?, .webp?, nil: throw ImageCodecError.unknownOutputFormat(path: path)
        }
    }

    /// The DCT scale for a caller's `maxScale`: the largest of 1, 2, 4, 8 not above it.
    static func dctScale(forMaxScale maxScale: Int) -> Int {
        [8, 4, 2].first { $0 <= maxScale } ?? 1
    }
}
