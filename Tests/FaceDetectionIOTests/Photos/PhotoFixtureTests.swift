import FaceDetection
import FaceDetectionIO
import Testing

/// The real photos in Fixtures/ decode to their documented sizes and survive a write/read round trip.
struct PhotoFixtureTests {
    @Test(arguments: [("astronaut.png", 512, 512), ("camera.png", 512, 512), ("grace_hopper.jpg", 512, 600)])
    func decodesAtItsSize(name: String, width: Int, height: Int) throws {
        let decoded = try ImageCodec.read(path: FixturePaths.photo(name))
        #expect(decoded.image.width == width && decoded.image.height == height)
        #expect(decoded.warnings.isEmpty)
        #expect(decoded.format == (name.hasSuffix(".png") ? .png : .jpeg))
    }
}
