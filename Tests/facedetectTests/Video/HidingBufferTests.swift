import FaceDetection
import Testing

@testable import FaceDetectCLI

/// A detected tracked face with box (`x`, 10, 20, 20).
private func detected(_ id: Int, x: Float) -> TrackedFace {
    let box = Rect(x: x, y: 10, width: 20, height: 20)
    return TrackedFace(face: Face(bounds: box, score: 1), trackingId: id, detectedBounds: box)
}

private let blank = RGBImage(width: 4, height: 4)

@Test func theHidingBufferFillsGapsAndTheFramesBeforeAFirstDetection() {
    var buffer = HidingBuffer<RGBImage>(delay: 4, margin: 0)
    var out: [HidingBuffer<RGBImage>.Entry] = []
    // Frame 0, 1: nothing; 2: face 1 at x 0; 3, 4: missed (live but not detected); 5: at x 30.
    out += buffer.add(frame: 0, image: blank, detected: [], live: [])
    out += buffer.add(frame: 1, image: blank, detected: [], live: [])
    out += buffer.add(frame: 2, image: blank, detected: [detected(1, x: 0)], live: [detected(1, x: 0)])
    var coasting = detected(1, x: 10)
    coasting.missedFrames = 1
    coasting.detectedBounds = nil
    out += buffer.add(frame: 3, image: blank, detected: [], live: [coasting])
    out += buffer.add(frame: 4, image: blank, detected: [], live: [coasting])
    out += buffer.add(frame: 5, image: blank, detected: [detected(1, x: 30)], live: [detected(1, x: 30)])
    #expect(out.map(\.frame) == [0, 1])
    out += buffer.flush()
    #expect(out.map(\.frame) == [0, 1, 2, 3, 4, 5])
    // Before the first detection (held back): the first box.
    #expect(out[0].hidden.map(\.x) == [0] && out[1].hidden.map(\.x) == [0])
    #expect(out[2].hidden.map(\.x) == [0])
    // Through the miss: the predicted box, and the box interpolated between 0 and 30.
    #expect(out[3].hidden.map(\.x) == [10, 10] && out[4].hidden.map(\.x) == [10, 20])
    #expect(out[5].hidden.map(\.x) == [30])
    #expect(out[2].faces.count == 1 && out[3].faces.isEmpty)
}

@Test func theHidingMarginGrowsEachSide() {
    let buffer = HidingBuffer<RGBImage>(delay: 0, margin: 0.25)
    #expect(buffer.grown(Rect(x: 10, y: 20, width: 40, height: 80)) == Rect(x: 0, y: 0, width: 60, height: 120))
}

@Test func theHidingBufferAlsoHidesBoxesTheTrackerDropped() {
    var buffer = HidingBuffer<RGBImage>(delay: 0, margin: 0)
    let face = detected(1, x: 0)
    let duplicate = Rect(x: 3, y: 12, width: 22, height: 20)
    let out = buffer.add(
        frame: 0, image: blank, detected: [face], live: [face], otherBoxes: [face.detectedBounds!, duplicate])
    #expect(out.count == 1)
    #expect(Set(out[0].hidden.map(\.x)) == [0, 3] && out[0].hidden.count == 2)
}
