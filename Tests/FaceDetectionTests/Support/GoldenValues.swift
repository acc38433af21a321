import Foundation
import Testing

@testable import FaceDetection

/// The golden file `Fixtures/FOLDER/golden.fdm` that a tool wrote from a reference
/// implementation (`tools/fixtures/*_golden.py`, `tools/models/convert_mtcnn.py`).
func goldenFile(_ folder: String) throws -> ModelFile {
    try ModelFile(
        bytes: Array(Data(contentsOf: repositoryRoot.appendingPathComponent("Fixtures/\(folder)/golden.fdm"))))
}

/// The largest |a[i] − b[i]| (infinity for none); the two must have one length.
func maxAbsDifference(_ a: [Float], _ b: [Float]) -> Float {
    #expect(a.count == b.count)
    return zip(a, b).map { abs($0 - $1) }.max() ?? .infinity
}
