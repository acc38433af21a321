/// The image file formats FaceDetectionIO reads and writes.
public enum ImageFormat: String, Sendable, CaseIterable {
    /// JPEG (JFIF/Exif), baseline or progressive.
    case jpeg
    /// PNG, any colour type and bit depth.
    case png

    /// The format a file name extension stands for: "jpg", "jpeg" or "png", any letter case; nil otherwise.
    public init?(fileExtension: String) {
        switch fileExtension.lowercased() {
        case "jpg", "jpeg": self = .jpeg
        case "png": self = .png
        default: return nil
        }
    }

    /// The format of `path`'s extension (the text after the last "." of the last path component), or nil.
    public init?(path: String) {
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        self.init(fileExtension: String(name[name.index(after: dot)...]))
    }

    /// The format of encoded bytes, told by their magic number (JPEG: FF D8 FF; PNG: the 8-byte
    /// PNG signature); nil for anything else, including too few bytes to tell.
    public static func sniff(_ bytes: [UInt8]) -> ImageFormat? {
        if bytes.starts(with: jpegMagic) { return .jpeg }
        if bytes.starts(with: pngSignature) { return .png }
        return nil
    }

    /// The first bytes of every JPEG file: SOI and the start of the next marker.
    static let jpegMagic: [UInt8] = [0xFF, 0xD8, 0xFF]
    /// The PNG file signature.
    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
}
