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
}
