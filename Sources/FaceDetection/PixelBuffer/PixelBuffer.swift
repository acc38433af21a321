/// Pixels that live in someone else's memory, a camera frame or a decoded video frame, described
/// without copying them: the format, the size, each plane's bytes and row stride, and the
/// orientation that turns the stored picture upright.
///
/// A `PixelBuffer` borrows its memory: the planes must stay valid and unchanged while a call uses
/// the buffer (``RGBImage/init(_:)`` or `FaceDetector.detect(in:)`), and nothing
/// keeps them afterwards. The conversion into the detector's input is one pass over the pixels,
/// colour conversion and rotation together, to an upright ``RGBImage``; so the faces that come back
/// are in the upright picture's coordinates (as `VisionImage` and ML Kit's `InputImage` report
/// them), not in the stored buffer's.
///
/// A camera's NV12 frame is two planes, each with its own stride: `[Plane(bytes: luma, bytesPerRow:
/// 1920), Plane(bytes: cbcr, bytesPerRow: 1920)]` with `format: .nv12(.video)`; a sensor mounted a
/// quarter turn off gives `orientation: .right`, and the faces come back in the upright 1080 × 1920
/// picture. <doc:GettingStarted> has a complete example.
public struct PixelBuffer {
    /// One plane of pixel rows in borrowed memory.
    public struct Plane {
        /// The plane's bytes, from the first pixel of the first row; at least
        /// `(rows - 1) × bytesPerRow + ` the bytes one row needs.
        public var bytes: UnsafeRawBufferPointer
        /// The distance in bytes from one row to the next (the stride; at least the bytes one row
        /// needs, more when rows are padded).
        public var bytesPerRow: Int

        /// A plane of `bytes` whose rows start `bytesPerRow` bytes apart.
        public init(bytes: UnsafeRawBufferPointer, bytesPerRow: Int) {
            self.bytes = bytes
            self.bytesPerRow = bytesPerRow
        }
    }

    /// Why a buffer description was refused.
    public enum Error: Swift.Error, Equatable, Sendable {
        /// The width or height is negative.
        case negativeSize(width: Int, height: Int)
        /// A side is longer than ``PixelBuffer/maxSide`` pixels.
        case tooLarge(width: Int, height: Int)
        /// The format needs `expected` planes and `actual` were given.
        case wrongPlaneCount(expected: Int, actual: Int)
        /// Plane `plane`'s stride is shorter than one of its rows (`needed` bytes).
        case strideTooSmall(plane: Int, bytesPerRow: Int, needed: Int)
        /// Plane `plane` holds `available` bytes where its rows need `needed`.
        case planeTooSmall(plane: Int, available: Int, needed: Int)
    }

    /// Width of the stored picture in pixels (before the orientation is applied).
    public let width: Int
    /// Height of the stored picture in pixels.
    public let height: Int
    /// The memory layout.
    public let format: PixelFormat
    /// The planes, as many as `format.planeCount`, in the order the format names them.
    public let planes: [Plane]
    /// How the stored picture must be turned to be upright (the EXIF orientation; a camera's
    /// sensor rotation).
    public let orientation: ImageOrientation

    /// Describes `planes` as a `width` × `height` picture in `format`, to be turned upright by
    /// `orientation`; throws ``Error`` when the planes cannot hold such a picture (nothing is read).
    public init(
        width: Int, height: Int, format: PixelFormat, planes: [Plane], orientation: ImageOrientation = .up
    ) throws(Error) {
        guard width >= 0, height >= 0 else { throw .negativeSize(width: width, height: height) }
        guard width <= Self.maxSide, height <= Self.maxSide else {
            throw .tooLarge(width: width, height: height)
        }
        guard planes.count == format.planeCount else {
            throw .wrongPlaneCount(expected: format.planeCount, actual: planes.count)
        }
        for (index, plane) in planes.enumerated() where width > 0 && height > 0 {
            let rowBytes = format.bytesPerRow(ofPlane: index, width: width)
            guard plane.bytesPerRow >= rowBytes else {
                throw .strideTooSmall(plane: index, bytesPerRow: plane.bytesPerRow, needed: rowBytes)
            }
            // A stride near Int.max (garbage from a caller) overflows here: the plane is then too small.
            let (rowStarts, overflow) = (format.rows(ofPlane: index, height: height) - 1)
                .multipliedReportingOverflow(by: plane.bytesPerRow)
            let needed = overflow || rowStarts > Int.max - rowBytes ? Int.max : rowStarts + rowBytes
            guard plane.bytes.count >= needed, plane.bytes.baseAddress != nil else {
                throw .planeTooSmall(plane: index, available: plane.bytes.count, needed: needed)
            }
        }
        self.width = width
        self.height = height
        self.format = format
        self.planes = planes
        self.orientation = orientation
    }

    /// The longest side a buffer may have, 2^28 pixels (far beyond any camera or video frame), so
    /// that no size computation can overflow.
    public static let maxSide = 1 << 28

    /// Width of the upright picture (the height of the stored one for orientations 5…8).
    public var uprightWidth: Int { orientation.swapsDimensions ? height : width }
    /// Height of the upright picture.
    public var uprightHeight: Int { orientation.swapsDimensions ? width : height }
}
