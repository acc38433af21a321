import FaceDetectionIO
import Testing

/// File name extensions and magic numbers.
struct ImageFormatTests {
    @Test func extensionsAreCaseInsensitive() {
        #expect(ImageFormat(fileExtension: "jpg") == .jpeg)
        #expect(ImageFormat(fileExtension: "JPEG") == .jpeg)
        #expect(ImageFormat(fileExtension: "Png") == .png)
        #expect(ImageFormat(fileExtension: "gif") == nil)
        #expect(ImageFormat(fileExtension: "") == nil)
        #expect(ImageFormat(path: "dir.png/photo.JPG") == .jpeg)
        #expect(ImageFormat(path: "dir.jpg/photo") == nil)
        #expect(ImageFormat(path: ".png") == nil)
    }

    @Test func sniffReadsMagicNumbersOnly() {
        #expect(ImageFormat.sniff([0xFF, 0xD8, 0xFF, 0xE0]) == .jpeg)
        #expect(ImageFormat.sniff([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0]) == .png)
        #expect(ImageFormat.sniff([0x89, 0x50, 0x4E, 0x47]) == nil)
        #expect(ImageFormat.sniff(Array("GIF89a".utf8)) == nil)
        #expect(ImageFormat.sniff([]) == nil)
    }

    @Test func photoFormatsAreNamedAndReadOnly() {
        #expect(ImageFormat(path: "IMG_0001.HEIC") == .heif)
        #expect(ImageFormat(fileExtension: "heif") == .heif && ImageFormat(fileExtension: "HIF") == .heif)
        #expect(ImageFormat(fileExtension: "Avif") == .avif && ImageFormat(fileExtension: "WEBP") == .webp)
        #expect(ImageFormat.allCases.filter(\.isWritable) == [.jpeg, .png])
        #expect(ImageFormat.allCases.map(\.outputFormat) == [.jpeg, .png, .png, .png, .png])
        #expect(ImageFormat.allCases.map(\.displayName) == ["JPEG", "PNG", "HEIF", "AVIF", "WebP"])
    }

    /// An `ftyp` box of `size` bytes with these brands (major first), as a file starts.
    private func ftyp(_ brands: [String], minor: [UInt8] = [0, 0, 0, 0]) -> [UInt8] {
        let body = Array(brands[0].utf8) + minor + brands.dropFirst().flatMap { Array($0.utf8) }
        let size = 8 + body.count
        return [0, 0, 0, UInt8(size)] + Array("ftyp".utf8) + body + [0, 0, 0, 8] + Array("meta".utf8)
    }

    @Test func sniffTellsHEIFAndAVIFFromVideosByTheirBrands() {
        #expect(ImageFormat.sniff(ftyp(["heic", "mif1", "heic", "miaf"])) == .heif)  // iPhone, heif-enc
        #expect(ImageFormat.sniff(ftyp(["mif1", "mif1", "heic"])) == .heif)
        #expect(ImageFormat.sniff(ftyp(["msf1", "msf1", "hevc"])) == .heif)  // an image sequence
        #expect(ImageFormat.sniff(ftyp(["avif", "mif1", "avif", "miaf", "MA1B"])) == .avif)
        #expect(ImageFormat.sniff(ftyp(["avis", "msf1", "avis"])) == .avif)
        #expect(ImageFormat.sniff(ftyp(["mif1", "avif", "miaf"])) == .avif)
        #expect(ImageFormat.sniff(ftyp(["isom", "isom", "iso2", "avc1", "mp41"])) == nil)  // an MP4 video
        #expect(ImageFormat.sniff(ftyp(["qt  ", "qt  "])) == nil)  // QuickTime
        #expect(ImageFormat.sniff(ftyp(["mp42", "mp42", "isom"])) == nil)
        // Brands past the box's own size are not its brands.
        var short = ftyp(["isom", "isom"])
        short += Array("heic".utf8)
        #expect(ImageFormat.sniff(short) == nil)
        #expect(ImageFormat.sniff(Array("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 ".utf8)) == .webp)
        #expect(ImageFormat.sniff(Array("RIFF\u{0}\u{0}\u{0}\u{0}AVI LIST".utf8)) == nil)
        #expect(ImageFormat.sniff(Array(ftyp(["heic"]).prefix(11))) == nil)
    }
}
