import Testing

@testable import FaceDetection

@Suite struct FaceDescriptorTests {
    @Test func valuesAreScaledToLengthOne() throws {
        let d = try #require(FaceDescriptor([3, 0, 4]))
        #expect(d.values == [0.6, 0, 0.8])
        #expect(d.count == 3)
    }

    @Test func emptyZeroOrNonFiniteValuesAreNoDescriptor() {
        #expect(FaceDescriptor([]) == nil)
        #expect(FaceDescriptor([0, 0]) == nil)
        #expect(FaceDescriptor([1, .nan]) == nil)
        #expect(FaceDescriptor([1, .infinity]) == nil)
    }

    @Test func distanceFollowsTheCosine() throws {
        let x = try #require(FaceDescriptor([1, 0]))
        let y = try #require(FaceDescriptor([0, 2]))
        let minusX = try #require(FaceDescriptor([-5, 0]))
        let diagonal = try #require(FaceDescriptor([1, 1]))
        #expect(x.distance(to: x) == 0)
        #expect(abs(x.distance(to: y) - Float(2).squareRoot()) < 1e-6)
        #expect(abs(x.distance(to: minusX) - 2) < 1e-6)
        #expect(abs(x.cosineSimilarity(to: diagonal) - Float(0.5).squareRoot()) < 1e-6)
        let d = x.distance(to: diagonal)
        #expect(abs(d * d - (2 - 2 * x.cosineSimilarity(to: diagonal))) < 1e-6)
    }

    @Test func descriptorsOfDifferentLengthsAreFarApart() throws {
        let a = try #require(FaceDescriptor([1, 0]))
        let b = try #require(FaceDescriptor([1, 0, 0]))
        #expect(a.cosineSimilarity(to: b) == 0)
        #expect(abs(a.distance(to: b) - Float(2).squareRoot()) < 1e-6)
    }
}
