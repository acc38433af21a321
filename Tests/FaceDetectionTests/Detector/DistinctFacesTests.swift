import Testing

@testable import FaceDetection

/// The each-face-once rule on boxes: which of overlapping, narrow and part-of-a-face boxes stay.
struct DistinctFacesTests {
    /// Corners from x, y, width, height.
    func box(_ x: Float, _ y: Float, _ w: Float, _ h: Float) -> NonMaximumSuppression.Corners {
        .init(x1: x, y1: y, x2: x + w, y2: y + h)
    }

    func kept(_ boxes: [NonMaximumSuppression.Corners], minFace: Int = 10) -> [Int] {
        // Scores fall in the given order: the first box is the best.
        DistinctFaces.keptIndices(boxes, scores: boxes.indices.map { 1 - Float($0) / 100 }, minFace: minFace)
    }

    @Test func overlapsByIoUAndNarrowBoxesGo() {
        #expect(kept([box(0, 0, 100, 120), box(10, 5, 100, 120)]) == [0])
        #expect(kept([box(0, 0, 100, 120), box(300, 0, 7.9, 10)]) == [0])
        #expect(kept([box(0, 0, 100, 120), box(300, 0, 8, 10)]) == [0, 1])
    }

    @Test func aBoxMostlyInsideAFaceOfItsSizeIsPartOfIt() {
        // Its lower part: 0.75 of it inside (IoU 0.43), shifted down (not level).
        #expect(kept([box(0, 0, 100, 120), box(10, 45, 80, 100)]) == [0])
        // A small face at the corner of a large face's box stays, however much of it is inside (0.8).
        #expect(kept([box(0, 0, 150, 190), box(138, 170, 15, 19)]) == [0, 1])
    }

    @Test func aLevelBoxMuchInsideAFaceOfItsSizeIsPartOfIt() {
        // detection-dev's half face at the right edge (20_Family_Group_Family_Group_20_64.jpg): over the
        // smaller 0.64, tops 0.2 px and bottoms 1.0 px apart.
        #expect(kept([box(980.21, 205.41, 31.98, 47.23), box(994.98, 205.64, 26.94, 45.96)]) == [0])
        // Over the smaller 0.67, but tops and bottoms more than a tenth of the height apart: two faces,
        // one behind the other.
        #expect(kept([box(980.21, 205.41, 31.98, 47.23), box(992, 211.6, 26.94, 45.96)]) == [0, 1])
        // Level, but 0.55 of the smaller inside: side by side.
        #expect(kept([box(0, 0, 100, 120), box(45, 0, 100, 120)]) == [0, 1])
    }
}
