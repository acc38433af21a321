import FaceDetection
import FaceDetectionIO

/// The people page's face thumbnails: a square around each face, cut from its photo with
/// `RGBImage.cropped(to:margin:)` and scaled with `RGBImage.resized(width:height:)` (the library's
/// crop and resampler), written as JPEG files with `RGBImage.write(to:quality:pngCompression:)`
/// (atomic). Each photo is decoded once for all of its faces, a large JPEG at 1/2, 1/4 or 1/8 size
/// when its smallest face stays at least a thumbnail wide. A video's faces get theirs cut from the
/// sampled frame while `facedetect group` holds it (``frameThumbnail(of:in:)``), kept in memory as
/// JPEG bytes and written under a name made from the face's file, frame and box
/// (``frameThumbnailName(file:frame:box:)``), which later runs find again without decoding the video.
enum FaceThumbnails {
    /// One thumbnail to cut.
    struct Request {
        /// The photo, as the face's record names it.
        let photo: String
        /// The face's box, in the upright photo's pixels.
        let box: Rect
        /// Where the thumbnail goes (its folder exists).
        let path: String
    }

    /// Width and height of a thumbnail, in pixels.
    static let side = 112
    /// JPEG quality of a thumbnail.
    static let quality = 85
    /// The room left around the face on each side, as a fraction of the box's longer side.
    static let margin: Float = 0.25

    /// Writes the thumbnails of `requests`; `written[i]` says whether request `i`'s file was written.
    /// A photo that cannot be read, or a box outside its photo, skips those thumbnails with one
    /// `warning` each; a thumbnail that cannot be written (a full disk) stops with the error.
    static func write(
        _ requests: [Request], warning: (String) -> Void
    ) throws(ImageCodecError) -> [Bool] {
        var written = [Bool](repeating: false, count: requests.count)
        var order: [String] = []
        var byPhoto: [String: [Int]] = [:]
        for (index, request) in requests.enumerated() {
            if byPhoto[request.photo] == nil { order.append(request.photo) }
            byPhoto[request.photo, default: []].append(index)
        }
        for photo in order {
            let indices = byPhoto[photo]!
            let smallest = indices.map { squareSide(of: requests[$0].box) }.min()!
            let decoded: DecodedImage
            do {
                decoded = try ImageCodec.read(path: photo) { _, _ in
                    smallest.isFinite ? Int(smallest / Float(side)) : 1
                }
            } catch {
                let count = indices.count
                warning("\(error.description): \(count) thumbnail\(count == 1 ? "" : "s") skipped")
                continue
            }
            let image = decoded.image
            let scale = Float(image.width) / Float(max(decoded.fullWidth, 1))
            for index in indices {
                let box = requests[index].box
                let scaled = Rect(
                    x: box.x * scale, y: box.y * scale, width: box.width * scale, height: box.height * scale)
                guard let thumbnail = thumbnail(of: scaled, in: image) else {
                    warning("\(photo): face box \(describe(box)) lies outside the photo: thumbnail skipped")
                    continue
                }
                try thumbnail.write(to: requests[index].path, quality: quality)
                written[index] = true
            }
        }
        return written
    }

    /// The thumbnail of the face `box` in `image` (``side`` × ``side`` pixels), or `nil` when the box
    /// lies outside the image.
    static func thumbnail(of box: Rect, in image: RGBImage) -> RGBImage? {
        guard let square = square(around: box, width: image.width, height: image.height),
            let crop = image.cropped(to: square)
        else { return nil }
        return crop.resized(width: side, height: side)
    }

    /// The thumbnail of the face `box` in a video frame `image`, as JPEG bytes; `nil` when the box
    /// lies outside the frame or the encoder fails.
    static func frameThumbnail(of box: Rect, in image: RGBImage) -> [UInt8]? {
        guard let thumbnail = thumbnail(of: box, in: image) else { return nil }
        return try? ImageCodec.encode(thumbnail, as: .jpeg, quality: quality)
    }

    /// The name, in the files folder, of the thumbnail of a video's face: `frames/` and 16 hex digits
    /// of a hash (FNV-1a, 64 bits) of the video's path, the frame number and the box's numbers as the
    /// people file writes them, so that one face keeps one name from run to run.
    static func frameThumbnailName(file: String, frame: Int, box: Rect) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        func mix(_ bytes: some Sequence<UInt8>) {
            for byte in bytes {
                hash ^= UInt64(byte)
                hash = hash &* 0x0000_0100_0000_01B3
            }
        }
        mix(file.utf8)
        mix([0])
        mix(String(frame).utf8)
        // the box as the people file writes it (2 decimals), so that a box read back gives the same name
        for value in [box.x, box.y, box.width, box.height] {
            mix([0])
            mix(FixedDecimal(value, places: 2).description.utf8)
        }
        let digits = String(hash, radix: 16)
        return frameFolder + "/" + String(repeating: "0", count: 16 - digits.count) + digits + ".jpg"
    }

    /// The folder of the video faces' thumbnails, in the files folder.
    static let frameFolder = "frames"

    /// The side of the square a thumbnail shows around `box`, in the box's pixels.
    static func squareSide(of box: Rect) -> Float { max(box.width, box.height) * (1 + 2 * margin) }

    /// The square around `box` (centred on it, ``squareSide(of:)`` wide), shrunk to fit a `width` ×
    /// `height` image and moved inside it; `nil` when the box is empty, not finite or outside the image.
    static func square(around box: Rect, width: Int, height: Int) -> Rect? {
        let values = [box.x, box.y, box.width, box.height]
        guard values.allSatisfy(\.isFinite), box.width > 0, box.height > 0, width > 0, height > 0,
            box.maxX > 0, box.maxY > 0, box.x < Float(width), box.y < Float(height)
        else { return nil }
        let side = min(squareSide(of: box), Float(width), Float(height))
        let x = min(max(box.center.x - side / 2, 0), Float(width) - side)
        let y = min(max(box.center.y - side / 2, 0), Float(height) - side)
        return Rect(x: x, y: y, width: side, height: side)
    }

    /// "[x, y, width, height]" with whole pixels, for messages.
    private static func describe(_ box: Rect) -> String {
        let values = [box.x, box.y, box.width, box.height]
        return "[" + values.map { $0.isFinite ? String(Int($0.rounded())) : "\($0)" }.joined(separator: ", ") + "]"
    }
}
