import Testing

@testable import FaceDetection

@Test func modelFileReadsPythonWriter() throws {
    // Written by tools/modelfile.py: a (2,3) f32 = arange*0.5, b = [-3, 7] i32, c = [1,2,3] u8, h = [1.5, -2] f16.
    let bytes: [UInt8] = [
        70, 68, 77, 79, 68, 69, 76, 0, 1, 0, 0, 0, 84, 69, 83, 84, 4, 0, 0, 0, 1, 0, 97, 0, 2, 2, 0, 0, 0, 3, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 63, 0, 0, 128, 63, 0, 0, 192, 63, 0, 0, 0, 64, 0, 0, 32, 64, 1, 0, 98, 1, 1, 2, 0,
        0, 0, 0, 0, 0, 253, 255, 255, 255, 7, 0, 0, 0, 1, 0, 99, 2, 1, 3, 0, 0, 0, 0, 0, 0, 1, 2, 3, 1, 0, 104, 3, 1, 2,
        0, 0, 0, 0, 62, 0, 192, 57, 204, 247, 140,
    ]
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
