@testable import FaceDetection

/// The planes of a test picture in one array, each row padded to a stride with 0xEE bytes (which
/// no test colour uses, so that a read of the padding shows), and the `PixelBuffer` over them.
struct PlaneBytes {
    /// The planes' bytes, one after the other.
    var bytes: [UInt8] = []
    /// Where each plane starts in `bytes`, and its stride.
    var layout: [(offset: Int, bytesPerRow: Int)] = []

    /// Appends a plane of `rows`, each padded with `padding` bytes.
    mutating func append(rows: [[UInt8]], padding: Int) {
        let stride = (rows.first?.count ?? 0) + padding
        layout.append((bytes.count, stride))
        for row in rows { bytes += row + [UInt8](repeating: 0xEE, count: padding) }
    }

    /// Calls `body` with a buffer over the planes as a `width` × `height` picture in `format`.
    func withBuffer<T>(
        width: Int, height: Int, format: PixelFormat, orientation: ImageOrientation, _ body: (PixelBuffer) -> T
    ) throws -> T {
        try bytes.withUnsafeBytes { all in
            let planes = layout.map { plane in
                PixelBuffer.Plane(
                    bytes: UnsafeRawBufferPointer(rebasing: all[plane.offset...]), bytesPerRow: plane.bytesPerRow)
            }
            return body(
                try PixelBuffer(width: width, height: height, format: format, planes: planes, orientation: orientation))
        }
    }
}
