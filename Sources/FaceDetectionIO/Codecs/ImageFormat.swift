/// The image file formats FaceDetectionIO reads; JPEG and PNG are also written.
public enum ImageFormat: String, Sendable, CaseIterable {
    /// JPEG (JFIF/Exif), baseline or progressive.
    case jpeg
    /// PNG, any colour type and bit depth.
    case png
    /// HEIF (ISO/IEC 23008-12) with HEVC pictures, "HEIC" as phones write it: the primary image,
    /// decoded by libheif. Read only.
    case heif
    /// AVIF: HEIF with AV1 pictures, decoded by libheif. Read only.
    case avif
    /// WebP, lossy or lossless, with or without alpha; of an animation, the first frame. Read only.
    case webp

    /// The format a file name extension stands for, any letter case: "jpg", "jpeg", "png", "heic",
    /// "heif", "hif", "avif", "webp"; nil otherwise.
    public init?(fileExtension: String) {
        switch fileExtension.lowercased() {
        case "jpg", "jpeg": self = .jpeg
        case "png": self = .png
        case "heic", "heif", "hif": self = .heif
        case "avif": self = .avif
        case "webp": self = .webp
        default: return nil
        }
    }

    /// The format of `path`'s extension (the text after the last "." of the last path component), or nil.
    public init?(path: String) {
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        self.init(fileExtension: String(name[name.index(after: dot)...]))
    }

    /// The formats images are written in: JPEG and PNG.
    public static let writable: [ImageFormat] = [.png, .jpeg]

    /// Whether images can be written in this format (JPEG and PNG; the others are read only).
    public var isWritable: Bool { ImageFormat.writable.contains(self) }

    /// The format an image read in this format is written in when the output's name does not say:
    /// JPEG stays JPEG, everything else becomes lossless PNG.
    public var outputFormat: ImageFormat { self == .jpeg ? .jpeg : .png }

    /// The extension written for this format: "jpg", "png", "heic", "avif", "webp".
    public var fileExtension: String {
        switch self {
        case .jpeg: "jpg"
        case .png: "png"
        case .heif: "heic"
        case .avif: "avif"
        case .webp: "webp"
        }
    }

    /// The format of encoded bytes, told by their first bytes: JPEG by FF D8 FF, PNG by its 8-byte
    /// signature, WebP by `RIFF····WEBP`, HEIF and AVIF by the brands of an ISO base-media `ftyp` box
    /// (`HEIFBrands`; an MP4 or QuickTime video's brands are none of them); nil for anything else,
    /// including too few bytes to tell.
    public static func sniff(_ bytes: [UInt8]) -> ImageFormat? {
        if bytes.starts(with: jpegMagic) { return .jpeg }
        if bytes.starts(with: pngSignature) { return .png }
        if bytes.count >= 12, bytes[0..<4].elementsEqual("RIFF".utf8), bytes[8..<12].elementsEqual("WEBP".utf8) {
            return .webp
        }
        return HEIFBrands.format(ofFileStart: bytes)
    }

    /// The first bytes of every JPEG file: SOI and the start of the next marker.
    static let jpegMagic: [UInt8] = [0xFF, 0xD8, 0xFF]
    /// The PNG file signature.
    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
}
