import Foundation
import Testing

@testable import FaceDetection

/// Written by tools/models/modelfile.py: a (2,3) f32 = arange*0.5, b = [-3, 7] i32, c = [1,2,3] u8, h = [1.5, -2] f16.
private let smallModel: [UInt8] = [
    70, 68, 77, 79, 68, 69, 76, 0, 1, 0, 0, 0, 84, 69, 83, 84, 4, 0, 0, 0, 1, 0, 97, 0, 2, 2, 0, 0, 0, 3, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 63, 0, 0, 128, 63, 0, 0, 192, 63, 0, 0, 0, 64, 0, 0, 32, 64, 1, 0, 98, 1, 1, 2, 0,
    0, 0, 0, 0, 0, 253, 255, 255, 255, 7, 0, 0, 0, 1, 0, 99, 2, 1, 3, 0, 0, 0, 0, 0, 0, 1, 2, 3, 1, 0, 104, 3, 1, 2,
    0, 0, 0, 0, 62, 0, 192, 57, 204, 247, 140,
]

@Test func modelFileReadsPythonWriter() throws {
    let bytes = smallModel
    let m = try ModelFile(bytes: bytes)
    #expect(m.kind == "TEST")
    #expect(try m.floats("a", shape: [2, 3]) == [0, 0.5, 1, 1.5, 2, 2.5])
    #expect(try m.ints("b") == [-3, 7])
    #expect(try m.bytes("c") == [1, 2, 3])
    #expect(try m.floats("h") == [1.5, -2])
    var damaged = bytes
    damaged[30] ^= 1
    #expect(throws: ModelFile.Error.checksumMismatch) { try ModelFile(bytes: damaged) }
    #expect(throws: ModelFile.Error.truncated) { try ModelFile(bytes: Array(bytes.prefix(10))) }
}

@Test func everyCompiledInModelHasItsChecksumAndTheBytesOfModels() throws {
    // A run parses the compiled-in models without their checksum; this is where it is checked.
    let files = BuiltinModels.embeddedFiles()
    let models = try FileManager.default.contentsOfDirectory(
        atPath: repositoryRoot.appendingPathComponent("Models").path)
    // Models/README.md's table marks a file of Models/ that is not compiled in "(not embedded…)": a
    // converted model that no stage runs yet, or OpenCV's stump cascade, which only the cascade tests
    // and cascade-bench read.
    let readme = try String(contentsOf: repositoryRoot.appendingPathComponent("Models/README.md"), encoding: .utf8)
    let notEmbedded = Set(
        readme.split(separator: "\n").filter { $0.hasPrefix("| `") }.flatMap { line in
            line.ranges(of: "` (not embedded").map { marker in
                let before = line[..<marker.lowerBound]
                return String(before[before.index(after: before.lastIndex(of: "`")!)...])
            }
        })
    #expect(
        Set(files.map(\.name)) == Set(models.filter { $0.hasSuffix(".fdm") }).subtracting(notEmbedded),
        "every model in Models/ is compiled in, except those Models/README.md marks as not embedded")
    #expect(notEmbedded.isSubset(of: Set(models)), "Models/README.md marks only files of Models/")
    for name in notEmbedded {
        let onDisk = try Data(contentsOf: repositoryRoot.appendingPathComponent("Models/\(name)"))
        #expect(throws: Never.self, "\(name)") { try ModelFile(bytes: Array(onDisk)) }
    }
    for (name, bytes) in files {
        #expect(throws: Never.self, "\(name)") { try ModelFile(immortal: bytes, verifyingChecksum: true) }
        let onDisk = try Data(contentsOf: repositoryRoot.appendingPathComponent("Models/\(name)"))
        #expect(Array(bytes) == Array(onDisk), "\(name) differs from Models/\(name)")
    }
}

@Test func modelFileReadsTensorsAtAnyAlignment() throws {
    // The same file at byte offsets 0…7 of a buffer, read in place: every tensor reads the same.
    for shift in 0..<8 {
        let padded = [UInt8](repeating: 0xAB, count: shift) + smallModel
        try padded.withUnsafeBytes { raw in
            // Safety: `raw` lives for this closure, and the model read from it is dropped inside it.
            let m = try ModelFile(immortal: UnsafeRawBufferPointer(rebasing: raw[shift...]), verifyingChecksum: true)
            #expect(try m.floats("a") == [0, 0.5, 1, 1.5, 2, 2.5], "shift \(shift)")
            #expect(try m.ints("b") == [-3, 7], "shift \(shift)")
            #expect(try m.bytes("c") == [1, 2, 3], "shift \(shift)")
            #expect(try m.floats("h") == [1.5, -2], "shift \(shift)")
        }
    }
}
