import Testing

@testable import FaceDetection

/// The descriptor stage on the astronaut (`astronaut-256.ppm`): off by default and then absent; on, a unit vector
/// of 128 numbers and nothing else changed; none for faces under the least width; the same face scaled stays
/// the same person.
struct DescriptorStageTests {
    static let image = Result { try loadAstronaut() }
    static let options = FaceDetector.Options(minFaceSize: .pixels(40))

    @Test func offByDefault() throws {
        let detector = FaceDetector(options: Self.options)
        #expect(!detector.stages.stages.contains { $0 is DescriptorStage })
        #expect(try detector.detect(in: Self.image.get()).allSatisfy { $0.descriptor == nil })
    }

    @Test func aUnitVectorAndNothingElseChanged() throws {
        let image = try Self.image.get()
        var options = Self.options
        let plain = FaceDetector(options: options).detect(in: image)
        options.descriptors = true
        let described = FaceDetector(options: options).detect(in: image)
        #expect(described.count == plain.count && !plain.isEmpty)
        let descriptor = try #require(described.first?.descriptor)
        #expect(descriptor.count == 128)
        #expect(abs(descriptor.values.reduce(0) { $0 + $1 * $1 } - 1) < 1e-5)
        #expect(
            described.map {
                var face = $0
                face.descriptor = nil
                return face
            } == plain)
        // Without landmarks O-Net still places the five points the face is aligned by.
        options.landmarks = .none
        options.classification = .none
        let bare = try #require(FaceDetector(options: options).detect(in: image).first)
        #expect(bare.landmarks.isEmpty)
        #expect(try #require(bare.descriptor).distance(to: descriptor) < 0.05)
        // Too narrow a face gets none.
        options.descriptorMinimumWidth = described[0].bounds.width + 1
        #expect(FaceDetector(options: options).detect(in: image).allSatisfy { $0.descriptor == nil })
    }

    /// The astronaut at 256 px and at 200 px: the same person by far (a face aligned wrongly, or read in the wrong
    /// channel order, gives a distance near √2; measured 0.31).
    @Test func theSameFaceScaledIsTheSamePerson() throws {
        let image = try Self.image.get()
        let detector = FaceDetector(options: FaceDetector.Options(minFaceSize: .pixels(30), descriptors: true))
        let full = try #require(detector.detect(in: image).first?.descriptor)
        let smaller = try #require(detector.detect(in: image.resized(width: 200, height: 200)).first?.descriptor)
        let distance = full.distance(to: smaller)
        #expect(distance < 0.6, "distance \(distance)")
    }

    /// A descriptor asked for one face (`descriptor(of:in:)`, aligned on the reported landmarks) is close to the
    /// stage's (aligned on O-Net's points); none without landmarks or under the least width.
    @Test func aDescriptorOnDemandIsCloseToTheStages() throws {
        let image = try Self.image.get()
        var options = Self.options
        options.descriptors = true
        let face = try #require(FaceDetector(options: options).detect(in: image).first)
        let staged = try #require(face.descriptor)
        let detector = FaceDetector(options: Self.options)
        let onDemand = try #require(detector.descriptor(of: face, in: image))
        #expect(abs(onDemand.values.reduce(0) { $0 + $1 * $1 } - 1) < 1e-5)
        let distance = onDemand.distance(to: staged)
        #expect(distance < 0.2, "distance \(distance)")
        #expect(detector.descriptor(of: Face(bounds: face.bounds, score: face.score), in: image) == nil)
        options.descriptorMinimumWidth = face.bounds.width + 1
        #expect(FaceDetector(options: options).descriptor(of: face, in: image) == nil)
    }
}
